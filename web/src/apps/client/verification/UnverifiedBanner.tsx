/**
 * Why an unverified client cannot create requests (spec core §1 "get verified", §4 Deal flow 1, §6
 * VERIFIED_CLIENT), shown above the requests on /client/fea with the way to 'Моя компания'. Nothing for a client
 * who may create requests; the alert itself (UnverifiedAlert) loads only when it shows (issue 13 "Fast first load").
 */
import { lazy, Suspense } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { UnverifiedBanner_viewer$key } from '../../../__generated__/UnverifiedBanner_viewer.graphql';
import { guardChunkLoad } from '../../../system/shell/chunkGuard';

const UnverifiedAlert = lazy(() =>
  guardChunkLoad(() => import('./UnverifiedAlert')).then((m) => ({ default: m.UnverifiedAlert })),
);

export function UnverifiedBanner({ viewer: viewerKey }: { viewer: UnverifiedBanner_viewer$key }) {
  const viewer = useFragment(
    graphql`
      fragment UnverifiedBanner_viewer on Viewer {
        canCreateOrders
        company {
          status
        }
      }
    `,
    viewerKey,
  );
  if (viewer.canCreateOrders) return null;
  return (
    <Suspense fallback={null}>
      <UnverifiedAlert suspended={viewer.company?.status === 'SUSPENDED'} />
    </Suspense>
  );
}
