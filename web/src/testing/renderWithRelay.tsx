/**
 * Renders a component the way the app does (main.tsx): Chakra's Provider with the app theme, a Relay environment
 * (here relay-test-utils' mock environment, whose operations the test answers), a router and the toasts.
 * `const { environment } = renderWithRelay(<ChatComposer … />)`; then `environment.mock.getMostRecentOperation()`
 * and `environment.mock.resolve(operation, payload)` inside `act`. For files in jsdom only.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createMockEnvironment, type RelayMockEnvironment } from 'relay-test-utils';
import { system } from '../system/theme';
import { Toaster } from '../system/toaster';

export interface RenderWithRelayOptions {
  /** The environment to use; a fresh mock environment by default. */
  environment?: RelayMockEnvironment;
  /** Location of the router (default '/'). */
  path?: string;
  /** Route pattern the element is mounted at (e.g. '/client/fea/:orderId'); default '*'. */
  route?: string;
}

/** `render` of @testing-library/react inside the app's providers; returns the render result and the environment. */
export function renderWithRelay(
  ui: ReactElement,
  { environment = createMockEnvironment(), path = '/', route = '*' }: RenderWithRelayOptions = {},
): RenderResult & { environment: RelayMockEnvironment } {
  const result = render(
    <ChakraProvider value={system}>
      <RelayEnvironmentProvider environment={environment}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={<div role="progressbar" aria-label="Загрузка теста" />}>
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
          </Suspense>
        </MemoryRouter>
        <Toaster />
      </RelayEnvironmentProvider>
    </ChakraProvider>,
  );
  return { ...result, environment };
}

/** Name of an operation the component sent ('useSendChatMessageMutation'…). */
export function operationName(environment: RelayMockEnvironment, index = -1): string {
  const all = environment.mock.getAllOperations();
  return all.at(index)?.request.node.params.name ?? '';
}

/** Waits for a toast (the app's Toaster, role 'status') whose title is `title`; returns it. */
export function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen
      .getAllByRole('status')
      .find((el) => el.closest('[data-scope="toast"]') && el.textContent?.includes(title));
    if (!toast) throw new Error(`no toast «${title}»`);
    return toast;
  });
}
