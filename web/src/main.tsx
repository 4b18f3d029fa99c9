/** App entry: Chakra theme, Relay environment (replaced on sign-out), router, toasts, Russian i18n. */
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import './system/i18n';
import { onUnauthenticated, relayEnvironmentStore } from './system/relay/environment';
import { createAppRouter } from './system/router/routes';
import { AUTH_PATH_OF_AREA, areaOfPath } from './system/router/guards';
import { system } from './system/theme';
import { Toaster } from './system/toaster';

const router = createAppRouter();

// The session is gone (spec core §8): drop every cached record and open the auth page of the area.
onUnauthenticated(() => {
  relayEnvironmentStore.reset();
  const area = areaOfPath(window.location.pathname) ?? 'client';
  void router.navigate(AUTH_PATH_OF_AREA[area], { replace: true });
});

function App() {
  const environment = useSyncExternalStore(relayEnvironmentStore.subscribe, relayEnvironmentStore.get);
  return (
    <ChakraProvider value={system}>
      <RelayEnvironmentProvider environment={environment}>
        <RouterProvider router={router} />
        <Toaster />
      </RelayEnvironmentProvider>
    </ChakraProvider>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
