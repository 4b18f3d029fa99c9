/**
 * App-wide toasts (Chakra 3 toaster). `showGenericError` is the generic failure toast of spec core §8:
 * 'Что-то пошло не так' / 'Повторите попытку позже'.
 */
import { Portal, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import i18n from './i18n';

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

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} role="status">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={i18n.t('common.close')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
