/**
 * 'Партнёры' (/operator/partners; issue 10, right REFERRAL_PARTNERS): referral partners (data role AGENT) with a search
 * by name, INN or OGRN and a status filter (applied 600 ms after the last change, spec core §9), 10 per page with a
 * pager and the total, and 'Добавить партнёра' → /operator/partners/create.
 */
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ReferralPartnersPageQuery } from '../../../__generated__/ReferralPartnersPageQuery.graphql';
import { SessionGone } from '../../../system/relay/SessionGone';
import { AdminListPage, adminListPageTexts, type AdminSearchListVars } from '../admin/AdminListPage';
import { ReferralPartnerList } from './ReferralPartnerList';

export function ReferralPartnersPage() {
  const { t } = useTranslation();
  return (
    <AdminListPage createPath="/operator/partners/create" texts={adminListPageTexts(t, 'adminPartners')}>
      {(vars, { onNext, onPrev }) => <ReferralPartnersContent vars={vars} onNext={onNext} onPrev={onPrev} />}
    </AdminListPage>
  );
}

function ReferralPartnersContent({
  vars,
  onNext,
  onPrev,
}: {
  vars: AdminSearchListVars;
  onNext: (endCursor: string) => void;
  onPrev: () => void;
}) {
  const data = useLazyLoadQuery<ReferralPartnersPageQuery>(
    graphql`
      query ReferralPartnersPageQuery($filter: ReferralPartnerFilter, $after: String) {
        viewer {
          id
          administration {
            ...ReferralPartnerList_administration @arguments(filter: $filter, after: $after)
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
    <ReferralPartnerList administration={data.viewer.administration} page={vars.page} onNext={onNext} onPrev={onPrev} />
  );
}
