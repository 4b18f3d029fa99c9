/**
 * The banner of a re-logged session in the client area (issue 11; spec core §3 "Current user: originalUser", §6): 'Вы
 * работаете от имени клиента «…»' and 'Вернуться в кабинет партнёра' → returnToReferralPartnerArea → full navigation
 * to /agent/fea. Renders nothing in the client's own session. A return refused because the session already went back
 * (the link ended: NOT_RELOGGED) also goes to the partner's area. The alert and the mutation (ReloginBannerAlert) load
 * only for a re-logged session (issue 13 "Fast first load").
 */
import { lazy, Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ReloginBannerQuery } from '../../../__generated__/ReloginBannerQuery.graphql';
import { guardChunkLoad } from '../../../system/shell/chunkGuard';

export { PARTNER_HOME } from './partnerHome';

const ReloginBannerAlert = lazy(() =>
  guardChunkLoad(() => import('./ReloginBannerAlert')).then((m) => ({ default: m.ReloginBannerAlert })),
);

export function ReloginBanner() {
  const data = useLazyLoadQuery<ReloginBannerQuery>(
    graphql`
      query ReloginBannerQuery {
        viewer {
          id
          originalUser {
            email
            companyName
          }
          company {
            shortName
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const viewer = data.viewer;
  if (!viewer?.originalUser) return null;
  return (
    <Suspense fallback={null}>
      <ReloginBannerAlert
        client={viewer.company?.shortName ?? ''}
        partner={viewer.originalUser.companyName ?? viewer.originalUser.email}
      />
    </Suspense>
  );
}
