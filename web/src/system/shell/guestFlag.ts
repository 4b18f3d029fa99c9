/**
 * The analytics guest flag from the viewer (spec chat-and-shell §1 "The guest flag is the opposite of being logged
 * in", §4 "Goals are reported with the guest flag"): AppRoot watches the viewer in the Relay store (what the route
 * guard's viewer query has loaded; no request of its own) and tells the analytics adapter. A signed-in viewer makes
 * the visitor not a guest; a missing viewer (signed out) a guest; nothing loaded yet changes nothing.
 */
import { useEffect } from 'react';
import { createOperationDescriptor, getRequest, graphql, type Environment, type Snapshot } from 'relay-runtime';
import type { guestFlagViewerQuery$data } from '../../__generated__/guestFlagViewerQuery.graphql';
import { setAnalyticsGuest } from '../analytics/analytics';

/** The viewer as the route guard loads it (read from the store only). */
export const viewerQuery = graphql`
  query guestFlagViewerQuery {
    viewer {
      id
      email
    }
  }
`;

/** The guest flag the store's viewer means: true (signed out), false (signed in) or undefined (not loaded). */
export function guestOf(data: unknown): boolean | undefined {
  const viewer = (data as Partial<guestFlagViewerQuery$data> | null | undefined)?.viewer;
  if (viewer === null) return true;
  if (viewer && typeof viewer.email === 'string' && viewer.email) return false;
  return undefined;
}

/** Keeps the analytics guest flag in step with the viewer of `environment`. */
export function useAnalyticsGuestFlag(
  environment: Environment,
  setGuest: (guest: boolean) => void = setAnalyticsGuest,
) {
  useEffect(() => {
    const operation = createOperationDescriptor(getRequest(viewerQuery), {});
    const apply = (snapshot: Snapshot) => {
      const guest = guestOf(snapshot.data);
      if (guest !== undefined) setGuest(guest);
    };
    const snapshot = environment.lookup(operation.fragment);
    apply(snapshot);
    const subscription = environment.subscribe(snapshot, apply);
    return () => subscription.dispose();
  }, [environment, setGuest]);
}
