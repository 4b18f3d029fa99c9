/** Tabs 'Новые N', 'В работе N', 'Сделки N', 'Результаты N', 'Все N' with counts under the current filters (spec core §4). */
import { Badge, Tabs } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { PartnerOrderTabs_viewer$key } from '../../../__generated__/PartnerOrderTabs_viewer.graphql';
import { PARTNER_TABS, isPartnerTab, type PartnerTab } from './partnerTabs';
import { PT } from './texts';

export function PartnerOrderTabs({
  viewer: viewerKey,
  value,
  onChange,
}: {
  viewer: PartnerOrderTabs_viewer$key;
  value: PartnerTab;
  onChange: (tab: PartnerTab) => void;
}) {
  const viewer = useFragment(
    graphql`
      fragment PartnerOrderTabs_viewer on Viewer
      @argumentDefinitions(
        number: { type: "String" }
        countryCode: { type: "String" }
        paymentDateFrom: { type: "Date" }
        paymentDateTo: { type: "Date" }
      ) {
        partnerOrderTabCounts(
          number: $number
          countryCode: $countryCode
          paymentDateFrom: $paymentDateFrom
          paymentDateTo: $paymentDateTo
        ) {
          all
          new
          working
          deals
          results
        }
      }
    `,
    viewerKey,
  );
  const counts = viewer.partnerOrderTabCounts;
  return (
    <Tabs.Root value={value} onValueChange={(d) => isPartnerTab(d.value) && onChange(d.value)} variant="line">
      <Tabs.List aria-label={PT.tabs} overflowX="auto" overflowY="hidden">
        {PARTNER_TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} flexShrink={0}>
            {tab.label}{' '}
            <Badge ml="2" variant="subtle" data-testid={`tab-count-${tab.value}`}>
              {counts?.[tab.value] ?? 0}
            </Badge>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
