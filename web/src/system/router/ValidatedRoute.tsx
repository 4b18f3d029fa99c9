/**
 * A page behind a route validation (routes.tsx validatedElement): the page when `valid(params)` holds, else the
 * not-found page with the path (spec core §2 "A failed route validation shows a not-found error page with the path").
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useParams, type Params } from 'react-router-dom';
import { guardChunkLoad } from '../shell/chunkGuard';

// The error page loads only when a validation fails (issue 13 "Fast first load").
const NotFoundPage = lazy(() =>
  guardChunkLoad(() => import('../errors/ErrorPage')).then((m) => ({ default: m.NotFoundPage })),
);

export function ValidatedRoute({ valid, children }: { valid: (params: Params) => boolean; children: ReactNode }) {
  const params = useParams();
  return valid(params) ? (
    children
  ) : (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}
