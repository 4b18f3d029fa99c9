/**
 * 'Информация': the agent's status and when it changed, the order status, the refusal reason, and the status
 * history (oldest first) where the server gives it. For payment agents `Order.history` is null today (the backend
 * has no history call for them), so the current status with its date is shown instead.
 */
import { DataList, Heading, List, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { PartnerInfoStep_partnerOrder$key } from '../../../../__generated__/PartnerInfoStep_partnerOrder.graphql';
import { formatDateTime } from '../../../../system/formats';
import { PT } from '../texts';

export function PartnerInfoStep({ partnerOrder: key }: { partnerOrder: PartnerInfoStep_partnerOrder$key }) {
  const po = useFragment(
    graphql`
      fragment PartnerInfoStep_partnerOrder on PartnerOrder {
        status
        statusDate
        displayStatus {
          label
        }
        rejectReason
        order {
          number
          created
          status
          statusDate
          history {
            id
            entity
            from
            to
            at
            actorRole
            comment
          }
        }
      }
    `,
    key,
  );
  const o = po.order;
  return (
    <Stack gap="5" pt="2">
      <DataList.Root orientation="horizontal" size="sm" aria-label={PT.info.section}>
        <DataList.Item>
          <DataList.ItemLabel minW="44">{PT.data.number}</DataList.ItemLabel>
          <DataList.ItemValue>{o.number}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="44">{PT.data.created}</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(o.created)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="44">{PT.info.status}</DataList.ItemLabel>
          <DataList.ItemValue>{po.displayStatus.label}</DataList.ItemValue>
        </DataList.Item>
        {po.statusDate && (
          <DataList.Item>
            <DataList.ItemLabel minW="44">{PT.info.statusDate}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(po.statusDate)}</DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel minW="44">{PT.info.orderStatus}</DataList.ItemLabel>
          <DataList.ItemValue>{PT.orderStatus[o.status] ?? o.status}</DataList.ItemValue>
        </DataList.Item>
        {po.rejectReason && (
          <DataList.Item>
            <DataList.ItemLabel minW="44">{PT.modal.refuseReason}</DataList.ItemLabel>
            <DataList.ItemValue>{po.rejectReason}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {PT.info.history}
        </Heading>
        {o.history && o.history.length > 0 ? (
          <List.Root as="ol" variant="plain" gap="2" aria-label={PT.info.history}>
            {o.history.map((h) => (
              <List.Item key={h.id} display="block">
                <Text fontSize="sm">
                  <Text as="span" color="gray.600">
                    {formatDateTime(h.at)}
                  </Text>{' '}
                  {PT.info.entity[h.entity] ?? h.entity}: {h.from ? `${h.from} → ` : ''}
                  {h.to}
                  {h.actorRole ? ` (${PT.info.actor[h.actorRole] ?? h.actorRole})` : ''}
                </Text>
                {h.comment && (
                  <Text fontSize="sm" color="gray.700">
                    {h.comment}
                  </Text>
                )}
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text fontSize="sm" color="gray.600">
            {PT.info.noHistory}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
