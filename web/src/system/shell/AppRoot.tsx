/**
 * Root of the account areas (/client, /partner, /agent, /operator and the not-found page): Chakra UI, the Relay
 * environment (replaced on sign-out), the route guard with the viewer query, toasts and the areas' Russian texts. It is
 * a chunk of its own, loaded on the first navigation into an area, so the public site never loads Chakra UI or Relay
 * (issue 13 "code-split by area and route").
 * At its start it preloads the reference data in the background (countries and currencies into the Relay store, once per
 * environment, errors logged only: chat-and-shell §7, §8; referencePreload.ts) and keeps the analytics guest flag in
 * step with the viewer (chat-and-shell §4; guestFlag.ts).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import i18n from '../i18n/app';
import { onUnauthenticated, relayEnvironmentStore } from '../relay/environment';
import { AUTH_PATH_OF_AREA, areaOfPath } from '../router/guards';
import { RouteGuard } from '../router/RouteGuard';
import { system } from '../theme';
import { Toaster } from '../toaster';
import { PageSpinner } from '../../components/PageSpinner';
import { DEFAULT_LOCALE } from '../i18n';
import { useAnalyticsGuestFlag } from './guestFlag';
import { preloadReferenceData } from './referencePreload';

export function AppRoot() {
  const navigate = useNavigate();
  // The account areas are Russian only (issue 13: English is for the public pages).
  if (i18n.language !== DEFAULT_LOCALE) void i18n.changeLanguage(DEFAULT_LOCALE);
  // The session is gone (spec core §8): drop every cached record and open the auth page of the area.
  onUnauthenticated(() => {
    relayEnvironmentStore.reset();
    const area = areaOfPath(window.location.pathname) ?? 'client';
    void navigate(AUTH_PATH_OF_AREA[area], { replace: true });
  });
  const environment = useSyncExternalStore(relayEnvironmentStore.subscribe, relayEnvironmentStore.get);
  useEffect(() => void preloadReferenceData(environment), [environment]);
  useAnalyticsGuestFlag(environment);
  return (
    <ChakraProvider value={system}>
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback={<PageSpinner minH="100vh" />}>
          <RouteGuard />
        </Suspense>
        <Toaster />
      </RelayEnvironmentProvider>
    </ChakraProvider>
  );
}
