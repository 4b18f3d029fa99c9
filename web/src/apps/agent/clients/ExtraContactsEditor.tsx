/**
 * The extra contacts of a referral partner's client (issue 11; spec core §6 "edits extra contacts"; §5 phone 10 digits,
 * e-mail): up to 5 phones and 5 e-mails, edited as lists with 'Добавить телефон' / 'Добавить e-mail' and 'Сохранить';
 * checked in the browser with the §5 messages and by the server (its field errors shown under the inputs).
 */
import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { MAX_EXTRA_CONTACTS } from '@platform/domain/referral/clients';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ExtraContactsEditor_client$key } from '../../../__generated__/ExtraContactsEditor_client.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { userErrorOf } from '../../../system/errors/userError';
import { userErrorText } from '../../../system/errors/resultMessage';
import { showSuccess } from '../../../system/toaster';
import { normalizePhone, validateEmail, validatePhone } from '../../../system/validation';
import { useUpdateReferralClientContactsMutation } from './mutations';

type Kind = 'extraPhones' | 'extraEmails';

export function ExtraContactsEditor({ client: key }: { client: ExtraContactsEditor_client$key }) {
  const { t } = useTranslation();
  const c = useFragment(
    graphql`
      fragment ExtraContactsEditor_client on ReferralClient {
        id
        extraPhones
        extraEmails
      }
    `,
    key,
  );
  const [lists, setLists] = useState<Record<Kind, string[]>>({
    extraPhones: [...c.extraPhones],
    extraEmails: [...c.extraEmails],
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [commit, busy] = useUpdateReferralClientContactsMutation();

  const edit = (kind: Kind, i: number, value: string) =>
    setLists((l) => ({ ...l, [kind]: l[kind].map((v, j) => (j === i ? value : v)) }));
  const add = (kind: Kind) => setLists((l) => ({ ...l, [kind]: [...l[kind], ''] }));
  const drop = (kind: Kind, i: number) => setLists((l) => ({ ...l, [kind]: l[kind].filter((_, j) => j !== i) }));

  const save = async () => {
    const found: Record<string, string> = {};
    lists.extraPhones.forEach((p, i) => {
      const r = p.trim() ? validatePhone(p) : true;
      if (r !== true) found[`extraPhones.${i}`] = r;
    });
    lists.extraEmails.forEach((e, i) => {
      const r = e.trim() ? validateEmail(e) : true;
      if (r !== true) found[`extraEmails.${i}`] = r;
    });
    setProblems(found);
    setError(null);
    if (Object.keys(found).length) return;
    let result;
    try {
      result = await commit(
        {
          input: {
            clientId: c.id,
            extraPhones: lists.extraPhones.map((p) => (p.trim() ? normalizePhone(p) : '')),
            extraEmails: lists.extraEmails,
          },
        },
        { silent: true },
      );
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const r = result.updateReferralClientContacts;
    const refusal = userErrorOf(r);
    if (refusal) {
      setProblems(Object.fromEntries(refusal.fieldErrors.map((f) => [f.field, f.message])));
      setError(userErrorText(refusal));
      return;
    }
    if (r.__typename === 'UpdateReferralClientContactsSuccess')
      setLists({ extraPhones: [...r.client.extraPhones], extraEmails: [...r.client.extraEmails] });
    showSuccess(t('agentClients.contacts.saved'));
  };

  const list = (kind: Kind, label: string, addLabel: string) => (
    <Stack gap="2">
      <Text fontWeight="medium">{label}</Text>
      {lists[kind].map((v, i) => (
        <HStack key={i} align="start">
          <FormField label={`${label} ${i + 1}`} error={problems[`${kind}.${i}`]}>
            <Input
              value={v}
              inputMode={kind === 'extraPhones' ? 'tel' : 'email'}
              onChange={(e) => edit(kind, i, e.target.value)}
            />
          </FormField>
          <IconButton
            mt="6"
            variant="ghost"
            aria-label={t('agentClients.contacts.remove', { value: v || `${label} ${i + 1}` })}
            onClick={() => drop(kind, i)}
          >
            ×
          </IconButton>
        </HStack>
      ))}
      {problems[kind] && (
        <Text color="fg.error" fontSize="sm">
          {problems[kind]}
        </Text>
      )}
      {lists[kind].length < MAX_EXTRA_CONTACTS && (
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => add(kind)}>
          {addLabel}
        </Button>
      )}
    </Stack>
  );

  return (
    <Stack gap="4" borderWidth="1px" rounded="md" p="4" as="section" aria-label={t('agentClients.contacts.title')}>
      <Text fontWeight="semibold">{t('agentClients.contacts.title')}</Text>
      {list('extraPhones', t('agentClients.contacts.phone'), t('agentClients.contacts.addPhone'))}
      {list('extraEmails', t('agentClients.contacts.email'), t('agentClients.contacts.addEmail'))}
      <FormErrorAlert message={error} />
      <Button alignSelf="flex-start" onClick={() => void save()} loading={busy}>
        {t('agentClients.contacts.save')}
      </Button>
    </Stack>
  );
}
