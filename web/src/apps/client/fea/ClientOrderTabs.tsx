/** Tabs current / completed / cancelled with their counts (spec core §4 client tab groups). */
import { useTranslation } from 'react-i18next';
import { Badge, Tabs } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { ClientOrderTabs_viewer$key } from '../../../__generated__/ClientOrderTabs_viewer.graphql';

export type ClientTab = 'current' | 'completed' | 'cancelled';

export const CLIENT_TABS = [
  { value: 'current', label: 'orders.tabCurrent', api: 'CURRENT' },
  { value: 'completed', label: 'orders.tabCompleted', api: 'COMPLETED' },
  { value: 'cancelled', label: 'orders.tabCancelled', api: 'CANCELLED' },
] as const satisfies ReadonlyArray<{ value: ClientTab; label: string; api: 'CURRENT' | 'COMPLETED' | 'CANCELLED' }>;

/**
 * The id of the element the tabs control: the list of ClientOrderList (role tabpanel). Every tab points its
 * aria-controls at it (the tabs switch one server-side list, there is no panel per tab), so no tab refers to a missing
 * element (axe aria-valid-attr-value; issue 13 "axe-core ... the client requests page").
 */
export const CLIENT_ORDERS_PANEL_ID = 'client-orders-panel';

export function isClientTab(value: string | null): value is ClientTab {
  return value === 'current' || value === 'completed' || value === 'cancelled';
}

export function ClientOrderTabs({
  viewer: viewerKey,
  value,
  onChange,
}: {
  viewer: ClientOrderTabs_viewer$key;
  value: ClientTab;
  onChange: (tab: ClientTab) => void;
}) {
  const { t } = useTranslation();
  const viewer = useFragment(
    graphql`
      fragment ClientOrderTabs_viewer on Viewer {
        orderTabCounts {
          current
          completed
          cancelled
        }
      }
    `,
    viewerKey,
  );
  return (
    <Tabs.Root
      value={value}
      onValueChange={(d) => isClientTab(d.value) && onChange(d.value)}
      variant="line"
      ids={{ content: () => CLIENT_ORDERS_PANEL_ID }}
    >
      <Tabs.List aria-label={t('orders.tabs')} overflowX="auto" overflowY="hidden">
        {CLIENT_TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} flexShrink={0}>
            {t(tab.label)}{' '}
            <Badge ml="2" variant="subtle" data-testid={`tab-count-${tab.value}`}>
              {viewer.orderTabCounts?.[tab.value] ?? 0}
            </Badge>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
