/** Operator tabs with their counts under the current filters: 'Новые N', 'В работе N', 'Сделки N', 'Результаты N', 'Все N'. */
import { Badge, Tabs } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { OperatorOrderTabs_viewer$key } from '../../../__generated__/OperatorOrderTabs_viewer.graphql';
import { OPERATOR_TABS, isOperatorTab, type OperatorTab } from './operatorFilters';

export function OperatorOrderTabs({
  viewer: viewerKey,
  value,
  onChange,
}: {
  viewer: OperatorOrderTabs_viewer$key;
  value: OperatorTab;
  onChange: (tab: OperatorTab) => void;
}) {
  const viewer = useFragment(
    graphql`
      fragment OperatorOrderTabs_viewer on Viewer
      @argumentDefinitions(
        number: { type: "String" }
        client: { type: "String" }
        employee: { type: "Int" }
        partner: { type: "Int" }
      ) {
        operatorOrderTabCounts(number: $number, client: $client, employee: $employee, partner: $partner) {
          new
          inWork
          inDeals
          inResults
          all
        }
      }
    `,
    viewerKey,
  );
  const counts = viewer.operatorOrderTabCounts;
  return (
    <Tabs.Root value={value} onValueChange={(d) => isOperatorTab(d.value) && onChange(d.value)} variant="line">
      <Tabs.List aria-label="Статусы заявок" overflowX="auto" overflowY="hidden">
        {OPERATOR_TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} flexShrink={0}>
            {tab.label}{' '}
            <Badge ml="2" variant="subtle" data-testid={`operator-tab-count-${tab.value}`}>
              {counts?.[tab.count] ?? 0}
            </Badge>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
