/**
 * 'API-токены' (issue 12 "API tokens"): one page for the client (/client/api-tokens), the payment agent
 * (/partner/api-tokens) and the operator with ORDERS_VIEW (/operator/api-tokens). The viewer's tokens (name, prefix,
 * created, expires, last used, status), 'Создать токен' (name, optional expiry date) → the token shown ONCE with a
 * copy button and the warning that it will not be shown again, and 'Отозвать' with a confirmation.
 */
import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import type { ApiTokensPageQuery } from '../../__generated__/ApiTokensPageQuery.graphql';
import type { ApiTokenRow_apiToken$key } from '../../__generated__/ApiTokenRow_apiToken.graphql';
import { ConfirmActionDialog } from '../../apps/operator/admin/ConfirmActionDialog';
import { userErrorOf } from '../../system/errors/userError';
import { userErrorText } from '../../system/errors/resultMessage';
import { formatDate, formatDateTime } from '../../system/formats';
import { SessionGone } from '../../system/relay/SessionGone';
import { showSuccess } from '../../system/toaster';
import { ResponsiveTable } from '../lists/ResponsiveTable';
import { PageSpinner } from '../PageSpinner';
import { useRevokeApiTokenMutation } from './apiTokenMutations';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';

export function ApiTokensPage() {
  const { t } = useTranslation();
  const [fetchKey, setFetchKey] = useState(0);
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="4">
        <Heading as="h1" size="2xl">
          {t('apiTokens.title')}
        </Heading>
        <Button onClick={() => setCreating(true)}>{t('apiTokens.create')}</Button>
      </HStack>
      <Text color="gray.700">{t('apiTokens.intro')}</Text>
      <Suspense fallback={<PageSpinner />}>
        <ApiTokensList fetchKey={fetchKey} />
      </Suspense>
      <CreateApiTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => setFetchKey((k) => k + 1)}
      />
    </Stack>
  );
}

function ApiTokensList({ fetchKey }: { fetchKey: number }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<ApiTokensPageQuery>(
    graphql`
      query ApiTokensPageQuery {
        viewer {
          id
          apiTokens {
            id
            ...ApiTokenRow_apiToken
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  if (!data.viewer) return <SessionGone />;
  const tokens = data.viewer.apiTokens;
  if (!tokens.length) return <Text data-testid="api-tokens-empty">{t('apiTokens.empty')}</Text>;
  return (
    <ResponsiveTable
      label={t('apiTokens.title')}
      columns={[
        t('apiTokens.columns.name'),
        t('apiTokens.columns.prefix'),
        t('apiTokens.columns.created'),
        t('apiTokens.columns.expires'),
        t('apiTokens.columns.lastUsed'),
        t('apiTokens.columns.status'),
        '',
      ]}
    >
      {tokens.map((token) => (
        <ApiTokenRow key={token.id} apiToken={token} />
      ))}
    </ResponsiveTable>
  );
}

const STATUS_PALETTE = { ACTIVE: 'green', EXPIRED: 'gray', REVOKED: 'red' } as const;

function ApiTokenRow({ apiToken }: { apiToken: ApiTokenRow_apiToken$key }) {
  const { t } = useTranslation();
  const token = useFragment(
    graphql`
      fragment ApiTokenRow_apiToken on ApiToken {
        id
        name
        prefix
        createdAt
        expiresAt
        lastUsedAt
        status
      }
    `,
    apiToken,
  );
  const [revoke, busy] = useRevokeApiTokenMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status =
    token.status === 'ACTIVE' || token.status === 'EXPIRED' || token.status === 'REVOKED' ? token.status : 'EXPIRED';

  const onRevoke = async () => {
    setError(null);
    let result;
    try {
      result = await revoke({ input: { id: token.id } }, { silent: true });
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const refusal = userErrorOf(result.revokeApiToken);
    if (refusal) {
      setError(userErrorText(refusal));
      return;
    }
    setConfirming(false);
    showSuccess(t('apiTokens.revoked'));
  };

  return (
    <Table.Row data-testid="api-token-row">
      <Table.Cell>{token.name}</Table.Cell>
      <Table.Cell fontFamily="mono">{token.prefix}…</Table.Cell>
      <Table.Cell>{formatDateTime(token.createdAt)}</Table.Cell>
      <Table.Cell>{token.expiresAt ? formatDate(token.expiresAt) : t('apiTokens.noExpiry')}</Table.Cell>
      <Table.Cell>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('apiTokens.never')}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_PALETTE[status]}>{t(`apiTokens.status.${status}`)}</Badge>
      </Table.Cell>
      <Table.Cell>
        {token.status === 'ACTIVE' && (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            {t('apiTokens.revoke')}
          </Button>
        )}
        <ConfirmActionDialog
          open={confirming}
          busy={busy}
          onClose={() => {
            setConfirming(false);
            setError(null);
          }}
          onConfirm={() => void onRevoke()}
          testId="revoke-api-token-dialog"
          title={t('apiTokens.revokeTitle', { name: token.name })}
          text={t('apiTokens.revokeText')}
          error={error}
          cancelLabel={t('apiTokens.cancel')}
          confirmLabel={t('apiTokens.revoke')}
          danger
        />
      </Table.Cell>
    </Table.Row>
  );
}
