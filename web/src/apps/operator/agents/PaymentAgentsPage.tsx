/**
 * 'Платёжные агенты' (/operator/agents; issue 10, right PAYMENT_AGENTS): payment agents (data role PARTNER) with a
 * search by brand, name or INN and a status filter (applied 600 ms after the last change, spec core §9), 10 per page
 * with a pager and the total, and 'Добавить платёжного агента' → /operator/agents/create.
 */
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { PaymentAgentsPageQuery } from '../../../__generated__/PaymentAgentsPageQuery.graphql';
import { SessionGone } from '../../../system/relay/SessionGone';
import { AdminListPage, adminListPageTexts, type AdminSearchListVars } from '../admin/AdminListPage';
import { PaymentAgentList } from './PaymentAgentList';

export function PaymentAgentsPage() {
  const { t } = useTranslation();
  return (
    <AdminListPage createPath="/operator/agents/create" texts={adminListPageTexts(t, 'adminAgents')}>
      {(vars, { onNext, onPrev }) => <PaymentAgentsContent vars={vars} onNext={onNext} onPrev={onPrev} />}
    </AdminListPage>
  );
}

function PaymentAgentsContent({
  vars,
  onNext,
  onPrev,
}: {
  vars: AdminSearchListVars;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
}) {
  const data = useLazyLoadQuery<PaymentAgentsPageQuery>(
    graphql`
      query PaymentAgentsPageQuery($filter: PaymentAgentFilter, $after: String) {
        viewer {
          id
          administration {
            ...PaymentAgentList_administration @arguments(filter: $filter, after: $after)
          }
        }
      }
    `,
    {
      filter: { query: vars.query || null, status: vars.status || null },
      after: vars.after,
    },
    { fetchPolicy: 'store-and-network' },
  );
  if (!data.viewer) return <SessionGone />;
  if (!data.viewer.administration) return null;
  return (
    <PaymentAgentList administration={data.viewer.administration} page={vars.page} onNext={onNext} onPrev={onPrev} />
  );
}
