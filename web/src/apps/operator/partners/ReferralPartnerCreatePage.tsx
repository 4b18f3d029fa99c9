/**
 * 'Новый партнёр' (/operator/partners/create; issue 10, right REFERRAL_PARTNERS): the referral partner form; on
 * success the partner's account is invited by mail and the card /operator/partners/{id}/edit opens.
 */
import { Heading, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { userErrorOf } from '../../../system/errors/userError';
import { showSuccess, toaster } from '../../../system/toaster';
import { useCreateReferralPartner } from './mutations';
import { EMPTY_PARTNER, partnerInput } from './partnerForm';
import { ReferralPartnerForm } from './ReferralPartnerForm';

export function ReferralPartnerCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create] = useCreateReferralPartner();
  return (
    <Stack gap="6" maxW="5xl">
      <Link asChild colorPalette="blue" fontSize="sm">
        <RouterLink to="/operator/partners">← {t('adminPartners.backToList')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl">
        {t('adminPartners.createTitle')}
      </Heading>
      <ReferralPartnerForm
        label={t('adminPartners.createTitle')}
        defaultValues={EMPTY_PARTNER}
        submitLabel={t('adminPartners.create')}
        onSubmit={async (values) => {
          try {
            const r = (await create({ input: partnerInput(values) })).createReferralPartner;
            const refusal = userErrorOf(r);
            if (refusal) return refusal;
            if (r.__typename !== 'CreateReferralPartnerSuccess') return null;
            if (r.invitationSent) showSuccess(t('adminPartners.created'));
            else toaster.create({ type: 'warning', title: t('adminPartners.createdNoMail'), closable: true });
            navigate(`/operator/partners/${r.referralPartner.partnerId}/edit`);
          } catch {
            /* generic toast shown */
          }
          return null;
        }}
      />
    </Stack>
  );
}
