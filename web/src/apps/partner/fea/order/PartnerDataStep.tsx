/**
 * 'Данные': the request as the client filed it (spec core §3 Request) with the client, and the client's files,
 * downloadable — the shared OrderDetails of the client's and the operator's modals — plus the signing note.
 */
import { Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { PartnerDataStep_partnerOrder$key } from '../../../../__generated__/PartnerDataStep_partnerOrder.graphql';
import { OrderDetails } from '../../../../components/deal/OrderDetails';
import { PT } from '../texts';

export function PartnerDataStep({ partnerOrder: key }: { partnerOrder: PartnerDataStep_partnerOrder$key }) {
  const po = useFragment(
    graphql`
      fragment PartnerDataStep_partnerOrder on PartnerOrder {
        partnerSignRequired
        order {
          ...OrderDetails_order
        }
      }
    `,
    key,
  );
  return (
    <Stack gap="5" pt="2">
      <OrderDetails order={po.order} showClient />
      {po.partnerSignRequired && (
        <Text fontSize="sm" color="gray.600">
          {PT.data.signRequired}
        </Text>
      )}
    </Stack>
  );
}
