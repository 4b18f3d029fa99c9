/**
 * 'Банковские реквизиты' of 'Моя компания' (issue 8; spec core §2 Client "bank requisites", §3 "Bank requisite": id,
 * bankBik, bankName, checkAccount, corrAccount, index). The list by display number; 'Добавить реквизиты' and
 * 'Изменить' open BankRequisiteDialog (BIK picker fills the bank from the directory; the server checks the settlement
 * account's control key and its field errors appear next to the fields); 'Удалить' asks for confirmation, after which
 * the rest are renumbered. Every change supersedes the company's unsigned application, so `onChanged` reloads the page.
 * Only the client himself changes the requisites (issue 11, spec core §6): in a referral partner's re-login
 * (isOriginalClient false) the list is read-only and 'Доступно только самому клиенту' stands instead of the buttons.
 */
import { Button, Card, CloseButton, Dialog, HStack, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type {
  BankRequisitesTab_viewer$data,
  BankRequisitesTab_viewer$key,
} from '../../../__generated__/BankRequisitesTab_viewer.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { showSuccess } from '../../../system/toaster';
import { BankRequisiteDialog } from './BankRequisiteDialog';
import { useDeleteBankRequisiteMutation } from './mutations/useDeleteBankRequisiteMutation';
import { OriginalClientOnlyNote } from './OriginalClientOnlyNote';
import { readUserError } from '../../../system/errors/userError';

type Requisite = NonNullable<BankRequisitesTab_viewer$data['bankRequisites']>['edges'][number]['node'];

export function BankRequisitesTab({
  viewer: viewerKey,
  onChanged,
}: {
  viewer: BankRequisitesTab_viewer$key;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const viewer = useFragment(
    graphql`
      fragment BankRequisitesTab_viewer on Viewer {
        id
        isOriginalClient
        bankRequisites(first: 20) {
          totalCount
          edges {
            node {
              id
              requisiteId
              bankBik
              bankName
              checkAccount
              corrAccount
              index
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const [editing, setEditing] = useState<Requisite | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Requisite | null>(null);
  const list = viewer.bankRequisites?.edges.map((e) => e.node) ?? [];
  const original = viewer.isOriginalClient;

  return (
    <Stack gap="4" pt="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="lg">
          {t('company.requisitesList')}
        </Heading>
        {original ? (
          <Button onClick={() => setEditing('new')}>{t('company.addRequisite')}</Button>
        ) : (
          <OriginalClientOnlyNote />
        )}
      </HStack>
      {list.length === 0 ? (
        <Text color="gray.600">{t('company.requisitesEmpty')}</Text>
      ) : (
        <Stack as="ol" gap="3" aria-label={t('company.requisitesList')} listStyleType="none">
          {list.map((r) => (
            <Card.Root as="li" key={r.id} size="sm" data-testid="bank-requisite">
              <Card.Body>
                <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
                  <Stack gap="1">
                    <Text fontWeight="semibold">{t('company.requisiteN', { index: r.index })}</Text>
                    <Text>{r.bankName}</Text>
                    <Text fontSize="sm" color="gray.700">
                      {t('company.bik')} {r.bankBik} · {t('company.checkAccount')} {r.checkAccount}
                    </Text>
                    {r.corrAccount && (
                      <Text fontSize="sm" color="gray.700">
                        {t('company.corrAccount')} {r.corrAccount}
                      </Text>
                    )}
                  </Stack>
                  {original && (
                    <HStack>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(r)}
                        aria-label={`${t('company.edit')}: ${t('company.requisiteN', { index: r.index })}`}
                      >
                        {t('company.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setDeleting(r)}
                        aria-label={`${t('company.delete')}: ${t('company.requisiteN', { index: r.index })}`}
                      >
                        {t('company.delete')}
                      </Button>
                    </HStack>
                  )}
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      {editing && (
        <BankRequisiteDialog
          requisite={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showSuccess(t('company.requisiteSaved'));
            onChanged();
          }}
        />
      )}
      {deleting && (
        <DeleteRequisiteDialog
          requisite={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            showSuccess(t('company.requisiteDeleted'));
            onChanged();
          }}
        />
      )}
    </Stack>
  );
}

function DeleteRequisiteDialog({
  requisite,
  onClose,
  onDeleted,
}: {
  requisite: Requisite;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [remove, removing] = useDeleteBankRequisiteMutation();
  const [error, setError] = useState<string | null>(null);
  const onConfirm = async () => {
    setError(null);
    const r = (await remove({ input: { bankRequisiteId: requisite.id } })).deleteBankRequisite;
    if (r.__typename === 'DeleteBankRequisiteSuccess') onDeleted();
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      setError(userError.message);
    }
  };
  return (
    <Dialog.Root size={{ base: 'full', md: 'md' }} open role="alertdialog" onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('company.deleteTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <FormErrorAlert message={error} />
                <Text>
                  {t('company.deleteText', {
                    index: requisite.index,
                    bankName: requisite.bankName,
                    checkAccount: requisite.checkAccount,
                  })}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={removing}>
                {t('company.deleteConfirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
