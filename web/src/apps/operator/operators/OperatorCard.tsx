/**
 * The card of an operator (issue 10; spec core §3 "Operator"): full name, position, e-mail, phones, status, created;
 * 'Изменить' (the person fields), 'Заблокировать' / 'Активировать' with a confirmation (hidden for oneself: the server
 * refuses SELF_SUSPEND) and, while the invitation is not accepted, 'Отправить приглашение ещё раз'.
 */
import { Badge, Button, DataList, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { OperatorCard_operator$key } from '../../../__generated__/OperatorCard_operator.graphql';
import { userErrorOf } from '../../../system/errors/userError';
import { userErrorText } from '../../../system/errors/resultMessage';
import { formatDate } from '../../../system/formats';
import { showSuccess } from '../../../system/toaster';
import { ConfirmActionDialog } from '../admin/ConfirmActionDialog';
import { formOf, personInput, type OperatorFormValues } from './operatorForm';
import {
  useResendOperatorInvitationMutation,
  useSetOperatorStatusMutation,
  useUpdateOperatorMutation,
} from './operatorMutations';
import { applyFieldErrors, OperatorPersonFields } from './OperatorPersonFields';
import { FormErrorAlert } from '../../../components/FormErrorAlert';

export function OperatorCard({ operator: key }: { operator: OperatorCard_operator$key }) {
  const { t } = useTranslation();
  const o = useFragment(
    graphql`
      fragment OperatorCard_operator on Operator {
        id
        fullName
        surname
        name
        patronymic
        position
        email
        phone
        additionalPhone
        status
        createdAt
        isViewer
        invitationPending
        viewerCanSuspend
        viewerCanActivate
        viewerCanEditRights
        viewerCanResendInvitation
      }
    `,
    key,
  );
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'SUSPENDED' | 'ACTIVE' | null>(null);
  const [resend, resending] = useResendOperatorInvitationMutation();
  const [error, setError] = useState<string | null>(null);

  const onResend = async () => {
    setError(null);
    let result;
    try {
      result = await resend({ input: { operatorId: o.id } }, { silent: true });
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const refusal = userErrorOf(result.resendOperatorInvitation);
    if (refusal) setError(userErrorText(refusal));
    else showSuccess(t('adminOperators.resent'));
  };

  return (
    <Stack gap="4" as="section" aria-labelledby="operator-card-title">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="3">
          <Heading as="h2" size="lg" id="operator-card-title">
            {t('adminOperators.card')}
          </Heading>
          <Badge colorPalette={o.status === 'ACTIVE' ? 'green' : 'red'} data-testid="operator-status">
            {o.status === 'ACTIVE' ? t('adminOperators.statuses.ACTIVE') : t('adminOperators.statuses.SUSPENDED')}
          </Badge>
          {o.isViewer && <Badge>{t('adminOperators.you')}</Badge>}
        </HStack>
        <HStack gap="2">
          {o.viewerCanEditRights && !editing && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              {t('adminOperators.edit')}
            </Button>
          )}
          {o.viewerCanResendInvitation && (
            <Button size="sm" variant="outline" onClick={onResend} loading={resending}>
              {t('adminOperators.resend')}
            </Button>
          )}
          {o.viewerCanSuspend && (
            <Button size="sm" colorPalette="red" variant="outline" onClick={() => setConfirm('SUSPENDED')}>
              {t('adminOperators.suspend')}
            </Button>
          )}
          {o.viewerCanActivate && (
            <Button size="sm" variant="outline" onClick={() => setConfirm('ACTIVE')}>
              {t('adminOperators.activate')}
            </Button>
          )}
        </HStack>
      </HStack>
      <FormErrorAlert message={error} />
      {editing ? (
        <EditForm id={o.id} initial={formOf(o)} onDone={() => setEditing(false)} />
      ) : (
        <DataList.Root orientation="horizontal">
          {(
            [
              ['adminOperators.columns.name', o.fullName],
              ['adminOperators.columns.position', o.position],
              ['adminOperators.columns.email', o.email],
              ['adminOperators.fields.phone', o.phone],
              ['adminOperators.fields.additionalPhone', o.additionalPhone],
              ['adminOperators.columns.createdAt', formatDate(o.createdAt)],
            ] as const
          ).map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
              <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
      {o.invitationPending && o.status === 'ACTIVE' && (
        <Text fontSize="sm" color="fg.muted">
          {t('adminOperators.invitationPending')}
        </Text>
      )}
      <StatusDialog id={o.id} name={o.fullName} target={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

function EditForm({ id, initial, onDone }: { id: string; initial: OperatorFormValues; onDone: () => void }) {
  const { t } = useTranslation();
  const [commit, busy] = useUpdateOperatorMutation();
  const form = useForm<OperatorFormValues>({ defaultValues: initial, mode: 'onTouched' });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    let result;
    try {
      result = await commit({ input: { operatorId: id, ...personInput(values) } }, { silent: true });
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const refusal = userErrorOf(result.updateOperator);
    if (refusal) {
      if (!applyFieldErrors(form, refusal)) setError(userErrorText(refusal));
      return;
    }
    showSuccess(t('adminOperators.saved'));
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('adminOperators.card')}>
      <Stack gap="4">
        <OperatorPersonFields form={form} />
        <FormErrorAlert message={error} />
        <HStack gap="3">
          <Button type="submit" loading={busy}>
            {t('adminOperators.save')}
          </Button>
          <Button variant="outline" onClick={onDone} disabled={busy}>
            {t('adminOperators.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function StatusDialog({
  id,
  name,
  target,
  onClose,
}: {
  id: string;
  name: string;
  target: 'SUSPENDED' | 'ACTIVE' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [commit, busy] = useSetOperatorStatusMutation();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!target) return;
    setError(null);
    let result;
    try {
      result = await commit({ input: { operatorId: id, status: target } }, { silent: true });
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const refusal = userErrorOf(result.setOperatorStatus);
    if (refusal) {
      setError(userErrorText(refusal));
      return;
    }
    showSuccess(t('adminOperators.confirm.done'));
    close();
  };
  const kind = target ?? 'SUSPENDED';
  return (
    <ConfirmActionDialog
      open={target !== null}
      busy={busy}
      onClose={close}
      onConfirm={submit}
      testId="operator-status-dialog"
      title={t(`adminOperators.confirm.${kind}.title`)}
      text={t(`adminOperators.confirm.${kind}.text`, { name })}
      error={error}
      cancelLabel={t('adminOperators.cancel')}
      confirmLabel={t(kind === 'SUSPENDED' ? 'adminOperators.suspend' : 'adminOperators.activate')}
      danger={kind === 'SUSPENDED'}
    />
  );
}
