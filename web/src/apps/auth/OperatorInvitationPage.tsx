/**
 * An invited operator sets his password (/operator/auth/invitation?token=…; issue 10): the link of the invitation mail
 * of an operator created in 'Сотрудники'. The password rules of spec core §5 with the checklist, sent with
 * `resetPassword` (the invitation token works like a reset token, 7 days); then he signs in through the operator login
 * (/operator/auth). A missing, used or expired token shows 'Ссылка устарела'.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PasswordSetDone, TokenPasswordForm, useTokenPasswordForm } from './PasswordPage';

export function OperatorInvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const tokenForm = useTokenPasswordForm(token);

  if (tokenForm.state === 'expired')
    return (
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {t('adminOperators.invitation.expired')}
        </Heading>
        <Text color="fg.muted">{t('adminOperators.invitation.expiredText')}</Text>
      </Stack>
    );
  if (tokenForm.state === 'done')
    return (
      <PasswordSetDone
        title={t('adminOperators.invitation.done')}
        text={t('adminOperators.invitation.doneText')}
        to="/operator/auth"
        linkText={t('adminOperators.invitation.signIn')}
      />
    );
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('adminOperators.invitation.title')}
        </Heading>
        <Text color="fg.muted">{t('adminOperators.invitation.intro')}</Text>
      </Stack>
      <TokenPasswordForm
        tokenForm={tokenForm}
        formLabel={t('adminOperators.invitation.title')}
        label={t('adminOperators.invitation.password')}
        submitLabel={t('adminOperators.invitation.save')}
      />
    </Stack>
  );
}
