/**
 * 'Создать альянс' above the chat list (accounts whose spec chat §6 row allows ECVP_PARTNER_CLIENT:
 * allianceRules.canCreateAlliance) and its dialog 'Новый альянс': 'Название' (required, at most 200 characters) and
 * the optional checkboxes 'Участники' from `Viewer.chatContacts` (the dialog's own query). 'Создать' calls
 * createChatGroup with groupType ECVP_PARTNER_CLIENT, adds the alliance to the chat list (chatStore.placeGroup) and
 * opens it. The name's validation and the server's UserError are shown in the form; other failures are logged only.
 */
import {
  Button,
  Center,
  Checkbox,
  CheckboxGroup,
  CloseButton,
  Dialog,
  Fieldset,
  Input,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { CreateAllianceContactsQuery } from '../../../__generated__/CreateAllianceContactsQuery.graphql';
import { FormField } from '../../../components/FormField';
import { placeGroup, setUnreadStatistic } from '../store/chatStore';
import { useCreateChatGroupMutation } from '../mutations/useCreateChatGroupMutation';
import { ALLIANCE_TEXTS } from '../rules/texts';
import { ALLIANCE_TYPE, GROUP_NAME_MAX, validateGroupName } from './allianceRules';
import { readUserError } from '../../../system/errors/userError';

/** The button 'Создать альянс' and its dialog; the new alliance opens at `<basePath>/<groupId>`. */
export function CreateAlliance({ basePath }: { basePath: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="blue" w="full" mb="2" onClick={() => setOpen(true)}>
        {ALLIANCE_TEXTS.create}
      </Button>
      <Dialog.Root
        size={{ base: 'full', md: 'md' }}
        open={open}
        onOpenChange={(d) => setOpen(d.open)}
        lazyMount
        unmountOnExit
        scrollBehavior="inside"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{ALLIANCE_TEXTS.createTitle}</Dialog.Title>
              </Dialog.Header>
              {open && <CreateAllianceForm basePath={basePath} onDone={() => setOpen(false)} />}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={ALLIANCE_TEXTS.close} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

interface CreateAllianceValues {
  name: string;
  memberIds: string[];
}

function CreateAllianceForm({ basePath, onDone }: { basePath: string; onDone: () => void }) {
  const [create, inFlight] = useCreateChatGroupMutation();
  const navigate = useNavigate();
  const form = useForm<CreateAllianceValues>({ defaultValues: { name: '', memberIds: [] } });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ name, memberIds }) => {
    setFormError(null);
    const res = await create(
      { input: { name: name.trim(), groupType: ALLIANCE_TYPE, memberIds: memberIds.map(Number) } },
      {
        updater: (store) => {
          const f = store.getRootField('createChatGroup');
          if (f?.getValue('__typename') !== 'ChatGroupChangeSuccess') return;
          const group = f.getLinkedRecord('group');
          placeGroup(store, group);
          setUnreadStatistic(store, f.getLinkedRecord('unreadStatistic'), group?.getDataID());
        },
      },
    ).catch(() => null);
    const r = res?.createChatGroup;
    if (!r) return;
    if (r.__typename === 'ChatGroupChangeSuccess') {
      onDone();
      navigate(`${basePath}/${r.group.groupId}`);
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      const nameError =
        userError.fieldErrors.find((fe) => fe.field.endsWith('name')) ??
        (userError.field?.endsWith('name') ? userError : null);
      if (nameError) form.setError('name', { message: nameError.message });
      else setFormError(userError.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={ALLIANCE_TEXTS.createTitle}>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={ALLIANCE_TEXTS.name} error={form.formState.errors.name?.message} required>
            <Input
              autoFocus
              maxLength={GROUP_NAME_MAX + 50}
              {...form.register('name', { validate: validateGroupName })}
            />
          </FormField>
          <Suspense
            fallback={
              <Center py="4">
                <Spinner size="sm" />
              </Center>
            }
          >
            <Controller
              control={form.control}
              name="memberIds"
              render={({ field }) => <ContactChecklist value={field.value} onChange={field.onChange} />}
            />
          </Suspense>
          {formError && (
            <Text role="alert" color="red.600" fontSize="sm">
              {formError}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone} disabled={inFlight}>
          {ALLIANCE_TEXTS.cancel}
        </Button>
        <Button type="submit" colorPalette="blue" loading={inFlight}>
          {ALLIANCE_TEXTS.submitCreate}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** The checkboxes 'Участники': one per contact, named by the contact (values are backend user ids as strings). */
function ContactChecklist({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const data = useLazyLoadQuery<CreateAllianceContactsQuery>(
    graphql`
      query CreateAllianceContactsQuery {
        viewer {
          id
          chatContacts {
            id
            userId
            name
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const contacts = data.viewer?.chatContacts ?? [];
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{ALLIANCE_TEXTS.members}</Fieldset.Legend>
      {contacts.length === 0 ? (
        <Text fontSize="sm" color="gray.500">
          {ALLIANCE_TEXTS.noContacts}
        </Text>
      ) : (
        <CheckboxGroup value={value} onValueChange={onChange}>
          <Stack gap="2" maxH="60" overflowY="auto">
            {contacts.map((c) => (
              <Checkbox.Root key={c.id} value={String(c.userId)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{c.name || ALLIANCE_TEXTS.user(c.userId)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </CheckboxGroup>
      )}
    </Fieldset.Root>
  );
}
