/**
 * 'Новый сотрудник' (issue 10; spec core §3 "Operator", §2 /operator/operators "create"): the person fields and the
 * roles; the server sends the invitation mail (/operator/auth/invitation). On success the card opens.
 */
import { Button, Checkbox, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { userErrorOf } from '../../../system/errors/userError';
import { userErrorText } from '../../../system/errors/resultMessage';
import { showSuccess } from '../../../system/toaster';
import {
  EMPTY_OPERATOR_FORM,
  OPERATOR_ROLES,
  personInput,
  toggled,
  type OperatorFormValues,
  type OperatorRole,
} from './operatorForm';
import { useCreateOperatorMutation } from './operatorMutations';
import { applyFieldErrors, OperatorPersonFields } from './OperatorPersonFields';
import { FormErrorAlert } from '../../../components/FormErrorAlert';

export function CreateOperatorDialog({
  open,
  onClose,
  roles: catalog,
}: {
  open: boolean;
  onClose: () => void;
  roles: ReadonlyArray<{ role: string; label: string }>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [commit, busy] = useCreateOperatorMutation();
  const form = useForm<OperatorFormValues>({ defaultValues: EMPTY_OPERATOR_FORM, mode: 'onTouched' });
  const [roles, setRoles] = useState<OperatorRole[]>(['OPERATOR']);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    form.reset(EMPTY_OPERATOR_FORM);
    setRoles(['OPERATOR']);
    setError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    let result;
    try {
      result = await commit({ input: { ...personInput(values), roles, rights: [] } }, { silent: true });
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const r = result.createOperator;
    const refusal = userErrorOf(r);
    if (refusal) {
      if (!applyFieldErrors(form, refusal)) setError(userErrorText(refusal));
      return;
    }
    if (r.__typename !== 'CreateOperatorSuccess') return;
    showSuccess(t(r.invitationSent ? 'adminOperators.created' : 'adminOperators.createdNoMail'));
    close();
    navigate(`/operator/operators/${r.operator.operatorId}`);
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !busy && close()}
      size={{ base: 'full', md: 'lg' }}
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="create-operator-dialog">
            <form onSubmit={onSubmit} noValidate aria-label={t('adminOperators.createTitle')}>
              <Dialog.Header>
                <Dialog.Title>{t('adminOperators.createTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted">{t('adminOperators.createHint')}</Text>
                  <OperatorPersonFields form={form} />
                  <Stack gap="2" role="group" aria-label={t('adminOperators.fields.roles')}>
                    <Text fontWeight="medium">{t('adminOperators.fields.roles')}</Text>
                    {catalog.map((r) => (
                      <Checkbox.Root
                        key={r.role}
                        checked={roles.includes(r.role as OperatorRole)}
                        onCheckedChange={(d) =>
                          setRoles(toggled(roles, r.role as OperatorRole, d.checked === true, OPERATOR_ROLES))
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{r.label}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Stack>
                  <FormErrorAlert message={error} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3">
                  <Button variant="outline" onClick={close} disabled={busy}>
                    {t('adminOperators.cancel')}
                  </Button>
                  <Button type="submit" loading={busy}>
                    {t('adminOperators.create')}
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
