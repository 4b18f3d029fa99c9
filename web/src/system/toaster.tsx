/**
 * App-wide toasts (Chakra 3 toaster). `showGenericError` is the generic failure toast of spec core §8:
 * 'Что-то пошло не так' / 'Повторите попытку позже'. The toasts are kept in `toaster`'s store; the viewport that shows
 * them (ToasterViewport.tsx) loads with the first toast (issue 13 "Fast first load").
 */
import { createToaster } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import i18n from './i18n';
import { guardChunkLoad } from './shell/chunkGuard';

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true });

/** Shows the generic failure toast (spec core §8). */
export function showGenericError(): void {
  toaster.create({
    type: 'error',
    title: i18n.t('common.genericError'),
    description: i18n.t('common.genericErrorHint'),
    closable: true,
  });
}

/** Shows a success toast with a short Russian text. */
export function showSuccess(title: string, description?: string): void {
  toaster.create({ type: 'success', title, description, closable: true });
}

const ToasterViewport = lazy(() =>
  guardChunkLoad(() => import('./ToasterViewport')).then((m) => ({ default: m.ToasterViewport })),
);

/**
 * Mount point of the toasts (rendered once by the app root): nothing until the first toast is created, then the lazily
 * loaded viewport, which shows the toasts already waiting in the store and every later one.
 */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (needed) return undefined;
    if (toaster.getCount() > 0) {
      setNeeded(true);
      return undefined;
    }
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterViewport />
    </Suspense>
  );
}
