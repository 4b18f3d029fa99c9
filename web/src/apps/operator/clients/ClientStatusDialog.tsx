/**
 * The confirmation of a client status change (issue 10; spec core §4 "Clients … can be blocked and unblocked, each with
 * a confirmation"): what will happen, an optional comment (at most 1000 characters) and the server's refusal shown
 * inline. Closes when the change is done.
 */
import { Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { userErrorOf } from '../../../system/errors/userError';
import { userErrorText } from '../../../system/errors/resultMessage';
import { showSuccess } from '../../../system/toaster';
import { ConfirmActionDialog } from '../admin/ConfirmActionDialog';
import type { StatusAction } from './clientFilters';
import { useChangeClientStatusMutation } from './useChangeClientStatusMutation';

const MAX_COMMENT = 1000;

export function ClientStatusDialog({
  clientId,
  clientName,
  action,
  onClose,
  onChanged,
}: {
  /** `AdminClient.id` (global id). */
  clientId: string;
  clientName: string;
  /** The action to confirm; null when closed. */
  action: StatusAction | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [commit, busy] = useChangeClientStatusMutation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (action) {
      setComment('');
      setError(null);
    }
  }, [action]);

  const tooLong = comment.trim().length > MAX_COMMENT;
  const submit = async () => {
    if (!action || tooLong) return;
    setError(null);
    let result;
    try {
      result = await commit(
        { input: { clientId, status: action.target, comment: comment.trim() || null } },
        { silent: true },
      );
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const refusal = userErrorOf(result.changeClientStatus);
    if (refusal) {
      setError(userErrorText(refusal));
      return;
    }
    showSuccess(t('adminClients.confirm.done'));
    onChanged();
    onClose();
  };

  const kind = action?.kind ?? 'VERIFIED';
  return (
    <ConfirmActionDialog
      open={action !== null}
      busy={busy}
      onClose={onClose}
      onConfirm={submit}
      testId="client-status-dialog"
      title={t(`adminClients.confirm.${kind}.title`)}
      text={t(`adminClients.confirm.${kind}.text`, { name: clientName })}
      error={error}
      cancelLabel={t('adminClients.confirm.cancel')}
      confirmLabel={t(`adminClients.actions.${kind}`)}
      danger={action?.target === 'SUSPENDED'}
      confirmDisabled={tooLong}
    >
      <FormField
        label={t('adminClients.confirm.comment')}
        error={tooLong ? t('adminClients.confirm.commentTooLong') : undefined}
      >
        <Textarea rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
      </FormField>
    </ConfirmActionDialog>
  );
}
