/**
 * 'Отказаться': the refusal with a required reason (spec core §4 exits, §5 'Укажите причину отказа'). A dialog
 * 'Отказ от заявки' with the textarea 'Причина отказа' and 'Подтвердить отказ'; the server's UserError (e.g. the
 * request moved on meanwhile) is shown in place and the request is reloaded.
 */
import { Alert, Button, CloseButton, Dialog, HStack, Portal, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../../../components/FormField';
import { validateRefuseReason } from '../modalSteps';
import { useRefuseOrderMutation } from '../mutations/useRefuseOrderMutation';
import { PT } from '../texts';
import { usePartnerOrderActions } from './PartnerOrderActions';
import { readUserError } from '../../../../system/errors/userError';

export function RefuseOrderDialog({
  partnerOrderId,
  open,
  onOpenChange,
}: {
  partnerOrderId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const actions = usePartnerOrderActions();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [refuse, refusing] = useRefuseOrderMutation();

  const close = () => {
    setReason('');
    setError(null);
    setServerError(null);
    onOpenChange(false);
  };

  const onSubmit = async () => {
    const valid = validateRefuseReason(reason);
    if (valid !== true) {
      setError(valid);
      return;
    }
    setServerError(null);
    const r = (await refuse({ input: { partnerOrderId, reason: reason.trim() } })).refuseOrder;
    if (r.__typename === 'RefuseOrderSuccess') {
      close();
      actions.done(PT.modal.refused);
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      const fieldMessage = userError.fieldErrors.find((f) => f.field.endsWith('reason'))?.message;
      if (fieldMessage) setError(fieldMessage);
      else {
        setServerError(userError.message);
        actions.fail(userError);
      }
    }
  };

  return (
    <Dialog.Root
      size={{ base: 'full', md: 'md' }}
      open={open}
      onOpenChange={(d) => !d.open && close()}
      role="alertdialog"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void onSubmit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{PT.modal.refuseTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {serverError && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{serverError}</Alert.Title>
                    </Alert.Root>
                  )}
                  <FormField label={PT.modal.refuseReason} error={error ?? undefined} required>
                    <Textarea
                      rows={4}
                      value={reason}
                      onChange={(e) => {
                        setReason(e.target.value);
                        if (error) setError(null);
                      }}
                    />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3">
                  <Button variant="outline" onClick={close}>
                    Отмена
                  </Button>
                  <Button type="submit" colorPalette="red" loading={refusing}>
                    {PT.modal.refuseConfirm}
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
