/**
 * 'Карточка партнёра' (/operator/partners/{id}/edit; issue 10, right REFERRAL_PARTNERS; spec core §2 "id must be
 * numeric", §4 "partners can be blocked and unblocked, each with a confirmation"): the partner's form, its status
 * with block / unblock behind a confirmation dialog, 'Отправить приглашение повторно', and 'Документы и акты'.
 * A non-numeric id or an unknown partner shows the not-found page.
 */
import { Badge, Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ReferralPartnerEditPage_partner$key } from '../../../__generated__/ReferralPartnerEditPage_partner.graphql';
import type { ReferralPartnerEditPageQuery } from '../../../__generated__/ReferralPartnerEditPageQuery.graphql';
import { ConfirmDialog } from '../../../components/deal/ConfirmDialog';
import { PageSpinner } from '../../../components/PageSpinner';
import { reportResult } from '../../../system/errors/resultMessage';
import { userErrorOf } from '../../../system/errors/userError';
import { NotFoundPage } from '../../../system/errors/ErrorPage';
import { SessionGone } from '../../../system/relay/SessionGone';
import { showSuccess } from '../../../system/toaster';
import {
  useBlockReferralPartner,
  useResendReferralPartnerInvitation,
  useUnblockReferralPartner,
  useUpdateReferralPartner,
} from './mutations';
import { partnerInput, partnerValues } from './partnerForm';
import { ReferralPartnerDocuments } from './ReferralPartnerDocuments';
import { ReferralPartnerForm } from './ReferralPartnerForm';

/** The route's id when it is a positive whole number (spec core §5 "operator … route needs a numeric id"). */
export function numericPartnerId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2147483647 ? n : null;
}

export function ReferralPartnerEditPage() {
  const { id } = useParams();
  const partnerId = numericPartnerId(id);
  if (partnerId === null) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <ReferralPartnerLoader partnerId={partnerId} />
    </Suspense>
  );
}

function ReferralPartnerLoader({ partnerId }: { partnerId: number }) {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<ReferralPartnerEditPageQuery>(
    graphql`
      query ReferralPartnerEditPageQuery($id: ID!) {
        viewer {
          id
          administration {
            referralPartner(id: $id) {
              id
              ...ReferralPartnerEditPage_partner
              ...ReferralPartnerDocuments_partner
            }
          }
        }
      }
    `,
    { id: String(partnerId) },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  if (!data.viewer) return <SessionGone />;
  const partner = data.viewer.administration?.referralPartner;
  if (!partner) return <NotFoundPage />;
  const refetch = () => setFetchKey((k) => k + 1);
  return <ReferralPartnerCard partner={partner} documents={partner} refetch={refetch} />;
}

function ReferralPartnerCard({
  partner: key,
  documents,
  refetch,
}: {
  partner: ReferralPartnerEditPage_partner$key;
  documents: Parameters<typeof ReferralPartnerDocuments>[0]['partner'];
  refetch: () => void;
}) {
  const { t } = useTranslation();
  const p = useFragment(
    graphql`
      fragment ReferralPartnerEditPage_partner on ReferralPartner {
        id
        partnerId
        kind
        ogrn
        inn
        kpp
        fullName
        shortName
        legalAddress
        actualAddress
        email
        phone
        extraPhones
        extraEmails
        representative
        comment
        contractNumber
        contractDate
        commissionPercent
        status
        viewerCanBlock
        viewerCanUnblock
        invitationAccepted
        bankRequisites {
          bankBik
          checkAccount
        }
      }
    `,
    key,
  );
  const [update] = useUpdateReferralPartner();
  const [block] = useBlockReferralPartner();
  const [unblock] = useUnblockReferralPartner();
  const [resend, resending] = useResendReferralPartnerInvitation();
  const [confirm, setConfirm] = useState<'block' | 'unblock' | null>(null);
  const blocked = p.status === 'BLOCKED';

  const changeStatus = async () => {
    try {
      if (confirm === 'block')
        return reportResult((await block({ id: p.id })).blockReferralPartner, {
          success: t('adminPartners.blocked'),
          refetch,
        });
      return reportResult((await unblock({ id: p.id })).unblockReferralPartner, {
        success: t('adminPartners.unblocked'),
        refetch,
      });
    } catch {
      return false;
    }
  };

  return (
    <Stack gap="6" maxW="5xl">
      <Link asChild colorPalette="blue" fontSize="sm">
        <RouterLink to="/operator/partners">← {t('adminPartners.backToList')}</RouterLink>
      </Link>
      <HStack justify="space-between" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {p.shortName}
          </Heading>
          <HStack gap="2">
            <Text color="fg.muted">
              {p.kind === 'SOLE_PROPRIETOR' || p.kind === 'LEGAL_ENTITY' ? t(`adminPartners.kinds.${p.kind}`) : ''}
            </Text>
            <Badge colorPalette={blocked ? 'red' : 'green'} data-testid="partner-status">
              {blocked ? t('adminPartners.statuses.BLOCKED') : t('adminPartners.statuses.ACTIVE')}
            </Badge>
          </HStack>
        </Stack>
        <HStack gap="3" wrap="wrap">
          {!p.invitationAccepted && (
            <Button
              variant="outline"
              loading={resending}
              onClick={async () => {
                try {
                  const r = (await resend({ id: p.id })).resendReferralPartnerInvitation;
                  if (!userErrorOf(r)) showSuccess(t('adminPartners.resent'));
                  else reportResult(r);
                } catch {
                  /* generic toast shown */
                }
              }}
            >
              {t('adminPartners.resend')}
            </Button>
          )}
          {p.viewerCanBlock && (
            <Button colorPalette="red" variant="outline" onClick={() => setConfirm('block')}>
              {t('adminPartners.block')}
            </Button>
          )}
          {p.viewerCanUnblock && (
            <Button variant="outline" onClick={() => setConfirm('unblock')}>
              {t('adminPartners.unblock')}
            </Button>
          )}
        </HStack>
      </HStack>
      <ReferralPartnerForm
        key={p.id}
        label={t('adminPartners.editTitle')}
        defaultValues={partnerValues(p)}
        submitLabel={t('adminPartners.save')}
        onSubmit={async (values) => {
          try {
            const r = (await update({ id: p.id, input: partnerInput(values) })).updateReferralPartner;
            const refusal = userErrorOf(r);
            if (
              refusal &&
              ['VALIDATION_ERROR', 'EMAIL_TAKEN', 'EMAIL_INVALID', 'PARTNER_DUPLICATE'].includes(refusal.code)
            )
              return refusal;
            reportResult(r, { success: t('adminPartners.saved'), refetch });
          } catch {
            /* generic toast shown */
          }
          return null;
        }}
      />
      <ReferralPartnerDocuments partner={documents} refetch={refetch} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'block' ? t('adminPartners.blockTitle') : t('adminPartners.unblockTitle')}
        text={confirm === 'block' ? t('adminPartners.blockText') : t('adminPartners.unblockText')}
        confirmLabel={confirm === 'block' ? t('adminPartners.block') : t('adminPartners.unblock')}
        destructive={confirm === 'block'}
        onConfirm={changeStatus}
      />
    </Stack>
  );
}
