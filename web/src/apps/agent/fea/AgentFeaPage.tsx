/**
 * The requests of the referral partner's clients (/agent/fea, issue 11; spec core §2 "Agent area", §6 "creates
 * requests for verified clients only"): the table (number, client, created, amount, display status, commission) with
 * a filter by client, 'Создать заявку' → a dialog choosing one of his VERIFIED clients → actAsReferralClient → a full
 * page navigation to /client/fea?create=1 (the client's create-order dialog opens there), and the commission block
 * (totals per currency and the per-deal list; rule: docs/rest-api.md "Referral partner commission").
 */
import {
  Box,
  Button,
  Card,
  Dialog,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Portal,
  RadioGroup,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { AgentFeaPageQuery } from '../../../__generated__/AgentFeaPageQuery.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { userErrorOf } from '../../../system/errors/userError';
import { userErrorText } from '../../../system/errors/resultMessage';
import { formatDate, formatMoney } from '../../../system/formats';
import { SessionGone } from '../../../system/relay/SessionGone';
import { AdminTable } from '../../operator/admin/AdminTable';
import { pageNavigation, useActAsReferralClientMutation } from '../relogin/mutations';

/** Where the partner lands after the re-login: the client's requests with the create dialog open. */
export const CLIENT_CREATE_PATH = '/client/fea?create=1';

export function AgentFeaPage() {
  const { t } = useTranslation();
  const [clientCompanyId, setClientCompanyId] = useState<number | null>(null);
  return (
    <Stack gap="6">
      <Suspense fallback={<PageSpinner />}>
        <AgentFeaContent clientCompanyId={clientCompanyId} onClient={setClientCompanyId} title={t('agentFea.title')} />
      </Suspense>
    </Stack>
  );
}

function AgentFeaContent({
  clientCompanyId,
  onClient,
  title,
}: {
  clientCompanyId: number | null;
  onClient: (id: number | null) => void;
  title: string;
}) {
  const { t } = useTranslation();
  const [createOpen, setCreateOpen] = useState(false);
  const data = useLazyLoadQuery<AgentFeaPageQuery>(
    graphql`
      query AgentFeaPageQuery($filter: ReferralOrderFilter) {
        viewer {
          id
          referralPartnerArea {
            clients(first: 100) {
              edges {
                node {
                  id
                  verified
                  company {
                    companyId
                    shortName
                  }
                }
              }
            }
            orders(filter: $filter, first: 100) {
              totalCount
              edges {
                node {
                  id
                  number
                  createdAt
                  amount {
                    amount
                    currency
                  }
                  displayStatus {
                    code
                    label
                  }
                  client {
                    shortName
                  }
                  commission {
                    amount {
                      amount
                      currency
                    }
                  }
                }
              }
            }
            commissionTotals {
              amount
              currency
            }
            commissions(first: 100) {
              totalCount
              edges {
                node {
                  id
                  orderId
                  createdAt
                  percent
                  client {
                    shortName
                  }
                  base {
                    amount
                    currency
                  }
                  amount {
                    amount
                    currency
                  }
                }
              }
            }
          }
        }
      }
    `,
    { filter: clientCompanyId ? { clientCompanyId } : null },
    { fetchPolicy: 'store-and-network' },
  );
  const area = data.viewer?.referralPartnerArea;
  if (!area) return <SessionGone />;
  const clients = area.clients.edges.map((e) => e.node);
  const verified = clients.filter((c) => c.verified);
  const orders = area.orders.edges.map((e) => e.node);

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        gap="4"
      >
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Button onClick={() => setCreateOpen(true)}>{t('agentFea.create')}</Button>
      </Flex>
      <Box maxW={{ md: 'sm' }}>
        <FormField label={t('agentFea.clientFilter')}>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={t('agentFea.clientFilter')}
              value={clientCompanyId ? String(clientCompanyId) : ''}
              onChange={(e) => onClient(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            >
              <option value="">{t('agentFea.allClients')}</option>
              {clients.map((c) => (
                <option key={c.id} value={String(c.company.companyId)}>
                  {c.company.shortName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Box>
      {orders.length === 0 ? (
        <Text color="gray.600">{t('agentFea.empty')}</Text>
      ) : (
        <AdminTable
          label={t('agentFea.list')}
          borderWidth="1px"
          rounded="md"
          columns={[
            t('agentFea.columns.number'),
            t('agentFea.columns.client'),
            t('agentFea.columns.created'),
            { label: t('agentFea.columns.amount'), textAlign: 'end' },
            t('agentFea.columns.status'),
            { label: t('agentFea.columns.commission'), textAlign: 'end' },
          ]}
        >
          {orders.map((o) => (
            <Table.Row key={o.id} data-testid={`agent-order-${o.number}`}>
              <Table.Cell>№ {o.number}</Table.Cell>
              <Table.Cell>{o.client.shortName}</Table.Cell>
              <Table.Cell>{formatDate(o.createdAt)}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(o.amount.amount, o.amount.currency)}</Table.Cell>
              <Table.Cell>{o.displayStatus.label}</Table.Cell>
              <Table.Cell textAlign="end">
                {o.commission ? formatMoney(o.commission.amount.amount, o.commission.amount.currency) : '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
      <Card.Root data-testid="agent-commissions">
        <Card.Header>
          <Heading as="h2" size="lg">
            {t('agentFea.commissions')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <Text fontSize="sm" color="gray.600">
              {t('agentFea.commissionRule')}
            </Text>
            {area.commissionTotals.length === 0 ? (
              <Text>{t('agentFea.noCommissions')}</Text>
            ) : (
              <HStack gap="6" wrap="wrap" aria-label={t('agentFea.totals')}>
                {area.commissionTotals.map((m) => (
                  <Text
                    key={m.currency}
                    fontWeight="semibold"
                    fontSize="lg"
                    data-testid={`commission-total-${m.currency}`}
                  >
                    {formatMoney(m.amount, m.currency)}
                  </Text>
                ))}
              </HStack>
            )}
            {area.commissions.edges.length > 0 && (
              <AdminTable
                label={t('agentFea.commissionList')}
                columns={[
                  t('agentFea.columns.number'),
                  t('agentFea.columns.client'),
                  t('agentFea.columns.executed'),
                  { label: t('agentFea.columns.base'), textAlign: 'end' },
                  { label: t('agentFea.columns.percent'), textAlign: 'end' },
                  { label: t('agentFea.columns.commission'), textAlign: 'end' },
                ]}
              >
                {area.commissions.edges.map(({ node: c }) => (
                  <Table.Row key={c.id}>
                    <Table.Cell>№ {c.orderId}</Table.Cell>
                    <Table.Cell>{c.client.shortName}</Table.Cell>
                    <Table.Cell>{formatDate(c.createdAt)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(c.base.amount, c.base.currency)}</Table.Cell>
                    <Table.Cell textAlign="end">{c.percent} %</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(c.amount.amount, c.amount.currency)}</Table.Cell>
                  </Table.Row>
                ))}
              </AdminTable>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <CreateForClientDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        clients={verified.map((c) => ({ id: c.id, name: c.company.shortName }))}
      />
    </Stack>
  );
}

/**
 * The dialog of 'Создать заявку': one of the partner's VERIFIED clients (spec core §6), then the re-login and the full
 * navigation to the client's create-order dialog. A refusal (e.g. the client is no longer verified) is shown inline.
 */
export function CreateForClientDialog({
  open,
  onClose,
  clients,
}: {
  open: boolean;
  onClose: () => void;
  clients: ReadonlyArray<{ id: string; name: string }>;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [commit, busy] = useActAsReferralClientMutation();

  const onConfirm = async () => {
    if (!chosen) return;
    setError(null);
    const result = (await commit({ clientId: chosen })).actAsReferralClient;
    const refusal = userErrorOf(result);
    if (refusal) {
      setError(userErrorText(refusal));
      return;
    }
    pageNavigation.go(CLIENT_CREATE_PATH);
  };

  return (
    <Dialog.Root size={{ base: 'full', md: 'md' }} open={open} onOpenChange={(d) => !d.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="agent-create-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('agentFea.chooseTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{t('agentFea.chooseText')}</Text>
                {clients.length === 0 ? (
                  <Text color="gray.600">{t('agentFea.noVerified')}</Text>
                ) : (
                  <RadioGroup.Root
                    value={chosen}
                    onValueChange={(d) => setChosen(d.value)}
                    aria-label={t('agentFea.chooseTitle')}
                  >
                    <Stack gap="2">
                      {clients.map((c) => (
                        <RadioGroup.Item key={c.id} value={c.id}>
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{c.name}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                )}
                <FormErrorAlert message={error} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  {t('common.cancel')}
                </Button>
                <Button onClick={onConfirm} loading={busy} disabled={!chosen}>
                  {t('agentFea.goCreate')}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
