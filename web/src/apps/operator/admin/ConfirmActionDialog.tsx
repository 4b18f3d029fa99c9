/**
 * The confirmation dialog of an operator administration action (issue 10; spec core §4 "… each with a confirmation"):
 * an alert dialog with the title, what will happen, optional extra fields (e.g. a comment), the server's refusal shown
 * inline, and Cancel / confirm buttons. It cannot be dismissed while the action runs.
 */
import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/FormErrorAlert';

/**
 * Controlled: `open` shows it, `onClose` is called on Cancel, the close button, Escape or a click outside (never while
 * `busy`). `onConfirm` runs the action; the caller sets `busy` (the confirm button spins) and `error` (a translated
 * refusal, shown as an alert) and closes the dialog when done. `danger` colours the confirm button red;
 * `confirmDisabled` disables it (e.g. a comment too long). `testId` is the dialog content's `data-testid`.
 */
export function ConfirmActionDialog({
  open,
  busy,
  onClose,
  onConfirm,
  testId,
  title,
  text,
  error,
  cancelLabel,
  confirmLabel,
  danger = false,
  confirmDisabled = false,
  children,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
  testId: string;
  title: string;
  text: string;
  error: string | null;
  cancelLabel: string;
  confirmLabel: string;
  danger?: boolean;
  confirmDisabled?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      size={{ base: 'full', md: 'md' }}
      open={open}
      onOpenChange={(d) => !d.open && !busy && onClose()}
      role="alertdialog"
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{text}</Text>
                {children}
                <FormErrorAlert message={error} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  {cancelLabel}
                </Button>
                <Button
                  colorPalette={danger ? 'red' : undefined}
                  onClick={onConfirm}
                  loading={busy}
                  disabled={confirmDisabled}
                >
                  {confirmLabel}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
