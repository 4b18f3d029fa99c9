/**
 * Applies the routing rules (guards.ts, spec core §2) to every navigation: reads the signed-in user
 * from the viewer query and the USER_TYPE cookie, then renders the page, redirects, or leaves the app
 * for the external operator login.
 */
import { useEffect } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { RouteGuardQuery } from '../../__generated__/RouteGuardQuery.graphql';
import { lastLoginType } from '../cookies';
import { decideRoute, isAccountType } from './guards';

/** Where guests of the operator area go; set VITE_OPERATOR_LOGIN_URL to an absolute URL for an external page. */
export const OPERATOR_LOGIN_URL: string = import.meta.env.VITE_OPERATOR_LOGIN_URL ?? '/operator/auth';

export function RouteGuard() {
  const data = useLazyLoadQuery<RouteGuardQuery>(
    graphql`
      query RouteGuardQuery {
        viewer {
          id
          email
          accountType
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const { pathname, search } = useLocation();
  const viewer = data.viewer;
  const userType = viewer?.email && isAccountType(viewer.accountType) ? viewer.accountType : null;
  const decision = decideRoute({
    pathname,
    search,
    userType,
    lastLoginType: lastLoginType(),
    operatorLoginUrl: OPERATOR_LOGIN_URL,
  });

  useEffect(() => {
    if (decision.action === 'external') window.location.assign(decision.url);
  }, [decision]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'external') return null;
  return <Outlet />;
}
