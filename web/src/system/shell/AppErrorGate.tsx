/**
 * Shows the full error page while the app's error state is set (spec chat-and-shell §8 "Fatal or unhandled app error:
 * full error page. A startup error sets the app's error state"; system/errors/appError.ts), else its children. The
 * error page's chunk (with Chakra UI) loads only then, so the public pages' first load does not carry it.
 */
import { Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { appErrorStore } from '../errors/appError';
import { BootSpinner } from './BootSpinner';

const ErrorShell = lazy(() => import('../errors/ErrorShell').then((m) => ({ default: m.ErrorShell })));

export function AppErrorGate({ children }: { children?: ReactNode }) {
  const error = useSyncExternalStore(appErrorStore.subscribe, appErrorStore.get);
  if (!error) return children;
  return (
    <Suspense fallback={<BootSpinner />}>
      <ErrorShell appError={error} />
    </Suspense>
  );
}
