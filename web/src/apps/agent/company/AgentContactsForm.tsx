/**
 * The referral partner's own contacts in 'Моя компания' (issue 11; spec core §3 "Referral partner: phones and e-mails
 * (extra ones too), actual address", §5): extra phones and e-mails as comma-separated lists and the actual address,
 * checked per entry here and by the server (updateReferralPartnerContacts), whose field errors appear under the fields.
 */
import { Button, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AgentContactsForm_company$key } from '../../../__generated__/AgentContactsForm_company.graphql';
import type { AgentContactsFormMutation } from '../../../__generated__/AgentContactsFormMutation.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { fieldIn, placeFieldErrors } from '../../../system/errors/resultMessage';
import { readUserError } from '../../../system/errors/userError';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { showSuccess } from '../../../system/toaster';
import { contactsInput, validateEmailList, validatePhoneList } from './contactsForm';

type Values = { extraPhones: string; extraEmails: string; actualAddress: string };
const FIELDS = ['extraPhones', 'extraEmails', 'actualAddress'] as const;

export function AgentContactsForm({ company: key }: { company: AgentContactsForm_company$key }) {
  const { t } = useTranslation();
  const c = useFragment(
    graphql`
      fragment AgentContactsForm_company on ReferralPartnerCompany {
        extraPhones
        extraEmails
        company {
          id
          actualAddress
        }
      }
    `,
    key,
  );
  const [save, saving] = useAppMutation<AgentContactsFormMutation>(graphql`
    mutation AgentContactsFormMutation($input: ReferralPartnerContactsInput!) {
      updateReferralPartnerContacts(input: $input) {
        __typename
        ... on UpdateReferralPartnerContactsSuccess {
          company {
            ...AgentContactsForm_company
            ...AgentCompanyFacts_company
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: {
      extraPhones: c.extraPhones.join(', '),
      extraEmails: c.extraEmails.join(', '),
      actualAddress: c.company.actualAddress ?? '',
    },
  });
  const e = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const r = (await save({ input: contactsInput(values) })).updateReferralPartnerContacts;
    if (r.__typename === 'UpdateReferralPartnerContactsSuccess') showSuccess(t('agentCompany.saved'));
    else if (r.__typename === 'UserError') {
      // Server items are `extraPhones.N` / `extraEmails.N`: shown under the list they belong to.
      const { byField, formMessage } = placeFieldErrors(readUserError(r.userError), (f) =>
        fieldIn(FIELDS)(f.split('.')[0]),
      );
      for (const [field, message] of Object.entries(byField))
        form.setError(field as keyof Values, { message: message as string });
      setFormError(formMessage);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('agentCompany.contacts')}>
      <Stack gap="4">
        <FormErrorAlert message={formError} />
        <FormField label={t('agentCompany.extraPhones')} error={e.extraPhones?.message}>
          <Input
            inputMode="tel"
            placeholder="9161234567, 9031234567"
            {...form.register('extraPhones', { validate: validatePhoneList })}
          />
        </FormField>
        <FormField label={t('agentCompany.extraEmails')} error={e.extraEmails?.message}>
          <Input {...form.register('extraEmails', { validate: validateEmailList })} />
        </FormField>
        <FormField label={t('agentCompany.actualAddress')} error={e.actualAddress?.message}>
          <Textarea rows={2} maxLength={500} {...form.register('actualAddress')} />
        </FormField>
        <HStack justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('agentCompany.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
