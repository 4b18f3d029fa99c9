/**
 * The operator's client card (issue 10; spec core §3 "Company", "Client info / contact", "Checklist", "Bank requisite",
 * "Documents"; §4 client status changes): company data, the contact person and every user with their status, the
 * checklist, bank requisites, the verification state with the signed application, requests by tab, and the status
 * actions ('Верифицировать', 'Заблокировать', 'Разблокировать', 'Вернуть в статус «Новый»'), each confirmed.
 */
import { Badge, Box, Button, DataList, HStack, Heading, Separator, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ClientCard_client$key } from '../../../__generated__/ClientCard_client.graphql';
import { formatDate, formatDateTime } from '../../../system/formats';
import { ClientStatusDialog } from './ClientStatusDialog';
import { statusActions, statusPalette, type StatusAction } from './clientFilters';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Fields({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value === null || value === undefined || value === '' ? '—' : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function ClientCard({ client: key, onChanged }: { client: ClientCard_client$key; onChanged: () => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<StatusAction | null>(null);
  const c = useFragment(
    graphql`
      fragment ClientCard_client on AdminClient {
        id
        clientId
        shortName
        status
        verified
        registeredAt
        allowedStatusChanges
        viewerCanChangeStatus
        company {
          fullName
          shortName
          inn
          kpp
          ogrn
          registrationAuthority
          registrationDate
          okved
          legalAddress
          actualAddress
          ceoName
          liquidated
          signatureConfirmed
        }
        contact {
          userId
        }
        users {
          userId
          email
          name
          surname
          patronymic
          phone
          position
          status
          lastLoginAt
        }
        checklist {
          countryCodes
          currencyCodes
          paymentsNumber
          monthlyCurrencyPayment
          comment
        }
        requisites {
          id
          index
          bankName
          bankBik
          checkAccount
        }
        verification {
          verified
          verifiedAt
          documents {
            documentId
            name
            status
            created
            signature {
              signer
              signedAt
              certificateValidUntil
            }
          }
        }
        orderCounts {
          current
          completed
          cancelled
          total
        }
      }
    `,
    key,
  );
  const actions = c.viewerCanChangeStatus
    ? statusActions(c.status, c.allowedStatusChanges, c.company.signatureConfirmed)
    : [];
  const co = c.company;
  return (
    <Stack gap="6" data-testid="client-card">
      <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {c.shortName}
          </Heading>
          <HStack gap="2">
            <Badge colorPalette={statusPalette(c.status)} data-testid="client-card-status">
              {t(`adminClients.statuses.${c.status}`, { defaultValue: c.status })}
            </Badge>
            <Text fontSize="sm" color="fg.muted">
              {t('adminClients.card.registeredAt')} {formatDate(c.registeredAt)}
            </Text>
          </HStack>
        </Stack>
        {actions.length > 0 && (
          <Wrap gap="2" aria-label={t('adminClients.card.actions')}>
            {actions.map((a) => (
              <Button
                key={a.kind}
                size="sm"
                variant={a.target === 'SUSPENDED' ? 'outline' : 'solid'}
                colorPalette={a.target === 'SUSPENDED' ? 'red' : undefined}
                onClick={() => setAction(a)}
              >
                {t(`adminClients.actions.${a.kind}`)}
              </Button>
            ))}
          </Wrap>
        )}
      </HStack>

      <Section title={t('adminClients.card.company')}>
        {co.liquidated && <Badge colorPalette="red">{t('adminClients.card.liquidated')}</Badge>}
        <Fields
          items={[
            [t('adminClients.card.fullName'), co.fullName],
            [t('adminClients.card.inn'), co.inn],
            [t('adminClients.card.kpp'), co.kpp],
            [t('adminClients.card.ogrn'), co.ogrn],
            [t('adminClients.card.registrationDate'), formatDate(co.registrationDate)],
            [t('adminClients.card.registrationAuthority'), co.registrationAuthority],
            [t('adminClients.card.okved'), co.okved],
            [t('adminClients.card.legalAddress'), co.legalAddress],
            [t('adminClients.card.actualAddress'), co.actualAddress],
            [t('adminClients.card.ceo'), co.ceoName],
          ]}
        />
      </Section>
      <Separator />

      <Section title={t('adminClients.card.users')}>
        <Stack as="ul" gap="2" listStyleType="none">
          {c.users.map((u) => (
            <Box as="li" key={u.userId} borderWidth="1px" rounded="md" p="3">
              <HStack justify="space-between" gap="2" wrap="wrap">
                <Text fontWeight="medium">
                  {[u.surname, u.name, u.patronymic].filter(Boolean).join(' ')}
                  {u.position ? `, ${u.position}` : ''}
                </Text>
                <Badge colorPalette={u.status === 'ACTIVE' ? 'green' : 'red'}>
                  {u.status === 'ACTIVE' ? t('adminClients.card.userActive') : t('adminClients.card.userSuspended')}
                </Badge>
              </HStack>
              <Text fontSize="sm">
                {u.email}
                {u.phone ? ` · +7 ${u.phone}` : ''}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {u.lastLoginAt
                  ? t('adminClients.card.lastLogin', { date: formatDateTime(u.lastLoginAt) })
                  : t('adminClients.card.neverLoggedIn')}
              </Text>
            </Box>
          ))}
        </Stack>
      </Section>
      <Separator />

      <Section title={t('adminClients.card.checklist')}>
        {c.checklist ? (
          <Fields
            items={[
              [t('adminClients.card.countries'), c.checklist.countryCodes.join(', ')],
              [t('adminClients.card.currencies'), c.checklist.currencyCodes.join(', ')],
              [t('adminClients.card.paymentsNumber'), c.checklist.paymentsNumber],
              [t('adminClients.card.monthlyVolume'), c.checklist.monthlyCurrencyPayment],
              [t('adminClients.card.comment'), c.checklist.comment],
            ]}
          />
        ) : (
          <Text color="fg.muted">{t('adminClients.card.noChecklist')}</Text>
        )}
      </Section>
      <Separator />

      <Section title={t('adminClients.card.requisites')}>
        {c.requisites.length === 0 ? (
          <Text color="fg.muted">{t('adminClients.card.noRequisites')}</Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none">
            {c.requisites.map((r) => (
              <Box as="li" key={r.id}>
                <Text fontWeight="medium">
                  {r.index}. {r.bankName}
                </Text>
                <Text fontSize="sm">
                  {t('adminClients.card.bik', { bik: r.bankBik })} ·{' '}
                  {t('adminClients.card.account', { account: r.checkAccount })}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      <Separator />

      <Section title={t('adminClients.card.verification')}>
        <Text data-testid="client-verification">
          {c.verification.verified
            ? t('adminClients.card.verified', { date: formatDate(c.verification.verifiedAt) })
            : t('adminClients.card.notVerified')}
        </Text>
        {c.verification.documents.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('adminClients.card.noDocuments')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {c.verification.documents.map((d) => (
              <Box as="li" key={d.documentId} fontSize="sm">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="medium">{d.name}</Text>
                  <Text color="fg.muted">{formatDate(d.created)}</Text>
                  <Badge colorPalette={d.status === 'SIGNED' ? 'green' : 'gray'}>
                    {t(`adminClients.card.documentStatuses.${d.status}`, { defaultValue: d.status })}
                  </Badge>
                </HStack>
                {d.signature && (
                  <Text color="fg.muted">
                    {t('adminClients.card.signedBy', {
                      signer: d.signature.signer ?? '—',
                      date: formatDateTime(d.signature.signedAt),
                    })}
                    {d.signature.certificateValidUntil
                      ? ` · ${t('adminClients.card.certificateUntil', { date: formatDate(d.signature.certificateValidUntil) })}`
                      : ''}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      <Separator />

      <Section title={t('adminClients.card.orders')}>
        <Fields
          items={[
            [t('adminClients.card.ordersCurrent'), c.orderCounts.current],
            [t('adminClients.card.ordersCompleted'), c.orderCounts.completed],
            [t('adminClients.card.ordersCancelled'), c.orderCounts.cancelled],
            [t('adminClients.card.ordersTotal'), c.orderCounts.total],
          ]}
        />
      </Section>

      <ClientStatusDialog
        clientId={c.id}
        clientName={c.shortName}
        action={action}
        onClose={() => setAction(null)}
        onChanged={onChanged}
      />
    </Stack>
  );
}
