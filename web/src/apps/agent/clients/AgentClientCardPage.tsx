/**
 * The referral partner's client card (/agent/clients/{ogrn}; issue 11; spec core §2 "clients/{ogrn} (empty layout;
 * ogrn must be exactly 13 or 15 digits, otherwise page not found)", §3 "Company", "Client added by a partner", §6): on
 * an empty layout with a back link — company data, contact, checklist, the partner's estimates and link data, verified
 * or not, number of requests; 'Удалить клиента' (with a confirmation) and the extra-contacts editor. Another partner's
 * company, or any company that is not the partner's live client, is the not-found page.
 */
import { Box, Button, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { isClientCardOgrn } from '@platform/domain/referral/clients';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { AgentClientCardPageQuery } from '../../../__generated__/AgentClientCardPageQuery.graphql';
import { PageSpinner } from '../../../components/PageSpinner';
import { NotFoundPage } from '../../../system/errors/ErrorPage';
import { userErrorOf } from '../../../system/errors/userError';
import { userErrorText } from '../../../system/errors/resultMessage';
import { apiDateToDisplay, formatDate, formatMoney } from '../../../system/formats';
import { SessionGone } from '../../../system/relay/SessionGone';
import { showSuccess } from '../../../system/toaster';
import { ConfirmActionDialog } from '../../operator/admin/ConfirmActionDialog';
import { ExtraContactsEditor } from './ExtraContactsEditor';
import { ReferralClientBadges } from './ReferralClientBadges';
import { useRemoveReferralClientMutation } from './mutations';

export function AgentClientCardPage() {
  const { ogrn } = useParams();
  if (!isClientCardOgrn(ogrn)) return <NotFoundPage />;
  return (
    <Container maxW="5xl" py="8">
      <Suspense fallback={<PageSpinner />}>
        <ClientCard ogrn={ogrn} />
      </Suspense>
    </Container>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box>{children ?? '—'}</Box>
    </Stack>
  );
}

/** A titled section of the card (its h2 names it). */
function CardSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-label={title} gap="3">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function ClientCard({ ogrn }: { ogrn: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remove, removing] = useRemoveReferralClientMutation();
  const data = useLazyLoadQuery<AgentClientCardPageQuery>(
    graphql`
      query AgentClientCardPageQuery($ogrn: String!) {
        viewer {
          id
          referralPartnerArea {
            client(ogrn: $ogrn) {
              approvalConfirmedAt
              orderCount
              client {
                id
                status
                statusLabel
                verified
                countryCodes
                currencyCodes
                monthlyVolume {
                  amount
                  currency
                }
                monthlyPayments
                addedAt
                activatedAt
                contact {
                  name
                  surname
                  patronymic
                  email
                  phone
                  position
                }
                ...ExtraContactsEditor_client
              }
              company {
                shortName
                fullName
                inn
                kpp
                ogrn
                registrationDate
                registrationAuthority
                okved
                legalAddress
                actualAddress
                ceoName
              }
              checklist {
                countryCodes
                currencyCodes
                paymentsNumber
                monthlyCurrencyPayment
                comment
              }
            }
          }
        }
      }
    `,
    { ogrn },
    { fetchPolicy: 'store-and-network' },
  );
  if (!data.viewer) return <SessionGone />;
  const card = data.viewer.referralPartnerArea?.client;
  if (!card) return <NotFoundPage />;
  const { client: c, company, checklist } = card;

  const confirmRemove = async () => {
    setError(null);
    let result;
    try {
      result = await remove({ clientId: c.id }, { silent: true });
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const refusal = userErrorOf(result.removeReferralClient);
    if (refusal) {
      setError(userErrorText(refusal));
      return;
    }
    showSuccess(t('agentClients.card.removed'));
    navigate('/agent/clients');
  };

  const contact = c.contact;
  return (
    <Stack gap="6">
      <Link asChild color="blue.fg" alignSelf="flex-start">
        <RouterLink to="/agent/clients">{t('agentClients.card.back')}</RouterLink>
      </Link>
      <HStack justify="space-between" wrap="wrap" gap="4">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {company.shortName}
          </Heading>
          <ReferralClientBadges
            status={c.status}
            statusLabel={c.statusLabel}
            verified={c.verified}
            testIds={{ verified: 'client-card-verified' }}
          />
        </Stack>
        <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
          {t('agentClients.card.remove')}
        </Button>
      </HStack>

      <CardSection title={t('agentClients.card.company')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field label={t('agentClients.card.fullName')}>{company.fullName}</Field>
          <Field label={t('agentClients.card.innKpp')}>{`${company.inn} / ${company.kpp ?? '—'}`}</Field>
          <Field label={t('agentClients.columns.ogrn')}>{company.ogrn}</Field>
          <Field label={t('agentClients.card.registrationDate')}>
            {company.registrationDate ? apiDateToDisplay(company.registrationDate) : null}
          </Field>
          <Field label={t('agentClients.card.registrationAuthority')}>{company.registrationAuthority}</Field>
          <Field label={t('agentClients.card.okved')}>{company.okved}</Field>
          <Field label={t('agentClients.card.legalAddress')}>{company.legalAddress}</Field>
          <Field label={t('agentClients.card.actualAddress')}>{company.actualAddress}</Field>
          <Field label={t('agentClients.card.ceo')}>{company.ceoName}</Field>
          <Field label={t('agentClients.card.orders')}>{String(card.orderCount)}</Field>
        </SimpleGrid>
      </CardSection>

      <CardSection title={t('agentClients.card.contact')}>
        {contact ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Field label={t('agentClients.card.person')}>
              {[contact.surname, contact.name, contact.patronymic].filter(Boolean).join(' ')}
            </Field>
            <Field label={t('agentClients.wizard.position')}>{contact.position}</Field>
            <Field label={t('agentClients.wizard.email')}>{contact.email}</Field>
            <Field label={t('agentClients.wizard.phone')}>{contact.phone}</Field>
          </SimpleGrid>
        ) : (
          <Text color="fg.muted">—</Text>
        )}
        <ExtraContactsEditor client={c} />
      </CardSection>

      <CardSection title={t('agentClients.card.link')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field label={t('agentClients.columns.addedAt')}>{formatDate(c.addedAt)}</Field>
          <Field label={t('agentClients.card.activatedAt')}>{c.activatedAt ? formatDate(c.activatedAt) : null}</Field>
          <Field label={t('agentClients.card.approvalConfirmedAt')}>{formatDate(card.approvalConfirmedAt)}</Field>
          <Field label={t('agentClients.card.countries')}>{c.countryCodes.join(', ') || null}</Field>
          <Field label={t('agentClients.card.currencies')}>{c.currencyCodes.join(', ') || null}</Field>
          <Field label={t('agentClients.wizard.monthlyVolume')}>
            {c.monthlyVolume ? formatMoney(c.monthlyVolume.amount, c.monthlyVolume.currency) : null}
          </Field>
          <Field label={t('agentClients.wizard.monthlyPayments')}>
            {c.monthlyPayments != null ? String(c.monthlyPayments) : null}
          </Field>
        </SimpleGrid>
      </CardSection>

      <CardSection title={t('agentClients.card.checklist')}>
        {checklist ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Field label={t('agentClients.card.countries')}>{checklist.countryCodes.join(', ') || null}</Field>
            <Field label={t('agentClients.card.currencies')}>{checklist.currencyCodes.join(', ') || null}</Field>
            <Field label={t('agentClients.wizard.monthlyPayments')}>
              {checklist.paymentsNumber != null ? String(checklist.paymentsNumber) : null}
            </Field>
            <Field label={t('agentClients.wizard.monthlyVolume')}>
              {checklist.monthlyCurrencyPayment != null ? formatMoney(checklist.monthlyCurrencyPayment, 'USD') : null}
            </Field>
            <Field label={t('agentClients.card.comment')}>{checklist.comment}</Field>
          </SimpleGrid>
        ) : (
          <Text color="fg.muted">{t('agentClients.card.noChecklist')}</Text>
        )}
      </CardSection>

      <ConfirmActionDialog
        open={confirming}
        busy={removing}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
        onConfirm={() => void confirmRemove()}
        testId="remove-client-dialog"
        title={t('agentClients.card.removeTitle')}
        text={t('agentClients.card.removeText', { name: company.shortName })}
        error={error}
        cancelLabel={t('agentClients.card.cancel')}
        confirmLabel={t('agentClients.card.remove')}
        danger
      />
    </Stack>
  );
}
