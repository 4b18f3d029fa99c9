/**
 * The dialog 'Переименовать альянс' of the alliance header: 'Название' (prefilled, required, at most 200 characters)
 * and 'Сохранить' → renameChatGroup; the new name reaches the list and the header from the store (the other members
 * get GROUP_NAME_CHANGED through chatEvents). The name's validation and the server's UserError are shown in the form;
 * other failures are logged only (spec chat §8).
 */
import { Button, CloseButton, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/FormField';
import { useRenameChatGroupMutation } from '../mutations/useRenameChatGroupMutation';
import { ALLIANCE_TEXTS } from '../rules/texts';
import { GROUP_NAME_MAX, validateGroupName } from './allianceRules';
import { readUserError } from '../../../system/errors/userError';

/** Props of RenameAllianceDialog: the group (global id) and its current name, whether it is open, the close callback. */
export interface RenameAllianceDialogProps {
  groupGlobalId: string;
  name: string;
  open: boolean;
  onClose: () => void;
}

/** The rename dialog (see the module comment). */
export function RenameAllianceDialog({ groupGlobalId, name, open, onClose }: RenameAllianceDialogProps) {
  return (
    <Dialog.Root
      size={{ base: 'full', md: 'md' }}
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{ALLIANCE_TEXTS.renameTitle}</Dialog.Title>
            </Dialog.Header>
            {open && <RenameForm groupGlobalId={groupGlobalId} name={name} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={ALLIANCE_TEXTS.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RenameForm({ groupGlobalId, name, onClose }: { groupGlobalId: string; name: string; onClose: () => void }) {
  const [rename, inFlight] = useRenameChatGroupMutation();
  const form = useForm<{ name: string }>({ defaultValues: { name } });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const res = await rename({ input: { groupId: groupGlobalId, name: values.name.trim() } }).catch(() => null);
    const r = res?.renameChatGroup;
    if (!r) return;
    if (r.__typename === 'ChatGroupChangeSuccess') onClose();
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      const nameError =
        userError.fieldErrors.find((fe) => fe.field.endsWith('name')) ??
        (userError.field?.endsWith('name') ? userError : null);
      if (nameError) form.setError('name', { message: nameError.message });
      else setFormError(userError.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={ALLIANCE_TEXTS.renameTitle}>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={ALLIANCE_TEXTS.name} error={form.formState.errors.name?.message} required>
            <Input
              autoFocus
              maxLength={GROUP_NAME_MAX + 50}
              {...form.register('name', { validate: validateGroupName })}
            />
          </FormField>
          {formError && (
            <Text role="alert" color="red.600" fontSize="sm">
              {formError}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={inFlight}>
          {ALLIANCE_TEXTS.cancel}
        </Button>
        <Button type="submit" colorPalette="blue" loading={inFlight}>
          {ALLIANCE_TEXTS.submitRename}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
