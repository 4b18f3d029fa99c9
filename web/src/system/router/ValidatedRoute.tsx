/**
 * A page behind a route validation (routes.tsx validatedElement): the page when `valid(params)` holds, else the
 * not-found page with the path (spec core §2 "A failed route validation shows a not-found error page with the path").
 */
import type { ReactNode } from 'react';
import { useParams, type Params } from 'react-router-dom';
import { NotFoundPage } from '../errors/ErrorPage';

export function ValidatedRoute({ valid, children }: { valid: (params: Params) => boolean; children: ReactNode }) {
  const params = useParams();
  return valid(params) ? children : <NotFoundPage />;
}
