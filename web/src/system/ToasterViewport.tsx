/**
 * The toast viewport (Chakra 3 toaster) that shows the toasts of `toaster` (toaster.tsx). A chunk of its own, loaded by
 * `Toaster` when the first toast is created, so that the account pages' first load does not carry the toast machines
 * (issue 13 "Fast first load"); it shows the toasts already in the store when it mounts.
 */
import { Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import i18n from './i18n';
import { toaster } from './toaster';

export function ToasterViewport() {
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
