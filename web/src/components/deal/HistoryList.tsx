/** The history of a request, oldest first: when, what changed (order, offer, bill), from → to, who, comment. */
import { Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { HistoryList_history$key } from '../../__generated__/HistoryList_history.graphql';
import { formatDateTime } from '../../system/formats';
import { ACTOR_ROLE_LABEL, HISTORY_ENTITY_LABEL, statusLabel } from './labels';

export function HistoryList({
  history,
  brandOf,
}: {
  history: HistoryList_history$key;
  brandOf?: (partnerId: number) => string | null;
}) {
  const rows = useFragment(
    graphql`
      fragment HistoryList_history on StatusChange @relay(plural: true) {
        id
        entity
        from
        to
        at
        actorRole
        actorName
        partnerId
        comment
      }
    `,
    history,
  );
  if (rows.length === 0) return <Text color="gray.600">История пуста</Text>;
  return (
    <Stack as="ol" gap="2" aria-label="История заявки" listStyleType="none">
      {rows.map((r) => {
        const agent = r.partnerId != null ? brandOf?.(r.partnerId) : null;
        const who = [r.actorRole ? (ACTOR_ROLE_LABEL[r.actorRole] ?? r.actorRole) : null, r.actorName]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={r.id} data-testid="history-row">
            <Stack gap="0" borderLeftWidth="2px" borderColor="gray.300" pl="3">
              <Text fontSize="sm" color="gray.600">
                {formatDateTime(r.at)}
                {who && ` · ${who}`}
              </Text>
              <Text>
                {HISTORY_ENTITY_LABEL[r.entity] ?? r.entity}
                {agent ? ` (${agent})` : ''}: {r.from ? `${statusLabel(r.entity, r.from)} → ` : ''}
                {statusLabel(r.entity, r.to)}
              </Text>
              {r.comment && <Text color="gray.700">«{r.comment}»</Text>}
            </Stack>
          </li>
        );
      })}
    </Stack>
  );
}
