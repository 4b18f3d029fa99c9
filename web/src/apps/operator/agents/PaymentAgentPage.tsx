/**
 * A payment agent's card (/operator/agents/{id}, numeric id only — otherwise the not-found page, spec core §2, §5;
 * issue 10, right PAYMENT_AGENTS): every field of spec core §3 "Payment agent profile" in view mode, 'Редактировать'
 * for the edit mode, 'Заблокировать' / 'Разблокировать' with a confirmation dialog (spec core §4), and 'Отправить
 * приглашение повторно' while the agent has not set its password. Actions follow the `viewerCan…` fields.
 */
import { Badge, Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { PaymentAgentPage_agent$key } from '../../../__generated__/PaymentAgentPage_agent.graphql';
import type { PaymentAgentPageQuery } from '../../../__generated__/PaymentAgentPageQuery.graphql';
import { ConfirmDialog } from '../../../components/deal/ConfirmDialog';
import { PageSpinner } from '../../../components/PageSpinner';
import { NotFoundPage } from '../../../system/errors/ErrorPage';
import { reportResult } from '../../../system/errors/resultMessage';
import { userErrorOf } from '../../../system/errors/userError';
import { formatDateTime } from '../../../system/formats';
import { SessionGone } from '../../../system/relay/SessionGone';
import { showSuccess } from '../../../system/toaster';
import {
  useBlockPaymentAgent,
  useResendPaymentAgentInvitation,
  useUnblockPaymentAgent,
  useUpdatePaymentAgent,
} from './mutations';
import { PaymentAgentForm } from './PaymentAgentForm';
import { agentValuesOf, profileInputOf } from './paymentAgentForm';

export function PaymentAgentPage() {
  const { id } = useParams();
  if (!id || !/^\d{1,10}$/.test(id)) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <PaymentAgentLoader id={id} />
    </Suspense>
  );
}

function PaymentAgentLoader({ id }: { id: string }) {
  const data = useLazyLoadQuery<PaymentAgentPageQuery>(
    graphql`
      query PaymentAgentPageQuery($id: ID!) {
        viewer {
          id
          administration {
            paymentAgent(id: $id) {
              ...PaymentAgentPage_agent
            }
          }
        }
      }
    `,
    { id },
    { fetchPolicy: 'store-and-network' },
  );
  if (!data.viewer) return <SessionGone />;
  const agent = data.viewer.administration?.paymentAgent;
  if (!agent) return <NotFoundPage />;
  return <PaymentAgentCard agent={agent} />;
}

function PaymentAgentCard({ agent: key }: { agent: PaymentAgentPage_agent$key }) {
  const { t } = useTranslation();
  const a = useFragment(
    graphql`
      fragment PaymentAgentPage_agent on PaymentAgent {
        id
        agentId
        status
        createdAt
        ogrn
        inn
        kpp
        fullName
        shortName
        legalAddress
        registrationDate
        ceoLastName
        ceoFirstName
        ceoMiddleName
        brand
        site
        groupOfCompanies
        groupDescription
        beneficiaries {
          name
          share
          owner
        }
        contacts {
          surname
          name
          patronymic
          responsibilities
          phone
          email
        }
        clientDirection
        goodsImportRule
        minMonthlyVolumeUsd
        minPaymentUsd
        supportedCountries
        unsupportedPurposes
        requiredClosingDocuments
        currencies {
          currencyCode
          rateSource
          rateRules
          rateTime
          comment
          indicativeRate
        }
        limits {
          currencyCode
          amountFrom
          amountTo
        }
        expertConclusion
        paymentCompanies {
          paymentCompanyId
          name
          inn
          kpp
          ogrn
          legalAddress
          actualAddressSameAsLegal
          actualAddress
          requisites {
            currencyCode
            bankName
            bankBik
            swift
            checkAccount
            corrAccount
          }
        }
        licenseNumber
        licenseDate
        serviceCommissionPercent
        signRequired
        email
        invitation {
          accepted
          lastSentAt
        }
        viewerCanEdit
        viewerCanBlock
        viewerCanUnblock
        viewerCanResendInvitation
      }
    `,
    key,
  );
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<'block' | 'unblock' | null>(null);
  const [update] = useUpdatePaymentAgent();
  const [block] = useBlockPaymentAgent();
  const [unblock] = useUnblockPaymentAgent();
  const [resend, resending] = useResendPaymentAgentInvitation();
  const values = useMemo(() => agentValuesOf(a), [a]);
  const blocked = a.status === 'BLOCKED';

  const changeStatus = async (comment: string) => {
    const input = { id: a.id, comment: comment || null };
    try {
      const r =
        dialog === 'block'
          ? (await block({ input })).blockPaymentAgent
          : (await unblock({ input })).unblockPaymentAgent;
      return reportResult(r, { success: dialog === 'block' ? t('adminAgents.blocked') : t('adminAgents.unblocked') });
    } catch {
      return false;
    }
  };

  const onResend = async () => {
    try {
      const r = await resend({ input: { id: a.id } });
      reportResult(r.resendPaymentAgentInvitation, { success: t('adminAgents.resent') });
    } catch {
      /* generic toast shown */
    }
  };

  return (
    <Stack gap="6" maxW="5xl">
      <Link asChild colorPalette="blue" fontSize="sm">
        <RouterLink to="/operator/agents">← {t('adminAgents.back')}</RouterLink>
      </Link>
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="4">
        <Stack gap="1">
          <HStack gap="3">
            <Heading as="h1" size="2xl">
              {a.brand}
            </Heading>
            <Badge colorPalette={blocked ? 'red' : 'green'} data-testid="agent-status">
              {t(`adminAgents.statuses.${blocked ? 'BLOCKED' : 'ACTIVE'}`)}
            </Badge>
          </HStack>
          <Text color="fg.muted">
            {a.shortName}, ИНН {a.inn}
          </Text>
          <Text fontSize="sm" color="fg.muted" data-testid="agent-invitation">
            {a.invitation.accepted
              ? t('adminAgents.invitationAccepted')
              : a.invitation.lastSentAt
                ? t('adminAgents.invitationPending', { date: formatDateTime(a.invitation.lastSentAt) })
                : t('adminAgents.invitationNotSent')}
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap">
          {a.viewerCanEdit && !editing && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              {t('adminAgents.edit')}
            </Button>
          )}
          {a.viewerCanResendInvitation && (
            <Button variant="outline" onClick={onResend} loading={resending}>
              {t('adminAgents.resend')}
            </Button>
          )}
          {a.viewerCanBlock && (
            <Button colorPalette="red" variant="outline" onClick={() => setDialog('block')}>
              {t('adminAgents.block')}
            </Button>
          )}
          {a.viewerCanUnblock && (
            <Button colorPalette="green" variant="outline" onClick={() => setDialog('unblock')}>
              {t('adminAgents.unblock')}
            </Button>
          )}
        </HStack>
      </HStack>
      <PaymentAgentForm
        key={`${editing ? 'edit' : 'view'}-${version}`}
        label={a.brand}
        readOnly={!editing}
        defaultValues={values}
        submitLabel={t('adminAgents.save')}
        extraActions={
          <Button variant="ghost" onClick={() => setEditing(false)}>
            {t('adminAgents.cancel')}
          </Button>
        }
        onSubmit={async (v) => {
          try {
            const r = await update({ input: { id: a.id, profile: profileInputOf(v) } });
            const refusal = userErrorOf(r.updatePaymentAgent);
            if (refusal) return refusal;
            showSuccess(t('adminAgents.saved'));
            setEditing(false);
            setVersion((n) => n + 1);
          } catch {
            /* generic toast shown */
          }
          return null;
        }}
      />
      <ConfirmDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog === 'unblock' ? t('adminAgents.unblockTitle') : t('adminAgents.blockTitle')}
        text={dialog === 'unblock' ? t('adminAgents.unblockText') : t('adminAgents.blockText')}
        confirmLabel={dialog === 'unblock' ? t('adminAgents.unblock') : t('adminAgents.block')}
        cancelLabel={t('adminAgents.cancel')}
        commentLabel={t('adminAgents.fields.comment')}
        destructive={dialog === 'block'}
        onConfirm={changeStatus}
      />
    </Stack>
  );
}
