/**
 * Rendered where a signed-in page gets `viewer: null` (the session ended without a GraphQL error):
 * drops the store so the route guard asks again and sends the user to the auth page (spec core §8).
 */
import { useEffect } from 'react';
import { relayEnvironmentStore } from './environment';

export function SessionGone() {
  useEffect(() => {
    relayEnvironmentStore.reset();
  }, []);
  return null;
}
