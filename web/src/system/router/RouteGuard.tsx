/**
 * Applies the routing rules (guards.ts, spec core §2) to every navigation: reads the signed-in user
 * from the viewer query and the USER_TYPE cookie, then renders the page, redirects, or leaves the app
 * for the external operator login (through the external navigation rules, externalNavigation.ts). A route that may be
 * entered only from particular previous pages (its handle's `enteredFrom`, routeRules.ts) sends a user coming from
 * elsewhere to '/'.
 */
import { useEffect } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import type { RouteGuardQuery } from '../../__generated__/RouteGuardQuery.graphql';
import { lastLoginType } from '../cookies';
import { allowListWith, assignLocation } from './externalNavigation';
import { decideRoute, isAccountType } from './guards';
import { navigationHistory } from './navigationHistory';
import { OPERATOR_LOGIN_URL } from './operatorLogin';
import { decideEntry, enteredFromOf } from './routeRules';

export { OPERATOR_LOGIN_URL };

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
  const matches = useMatches();
  const viewer = data.viewer;
  const userType = viewer?.email && isAccountType(viewer.accountType) ? viewer.accountType : null;
  let decision = decideRoute({
    pathname,
    search,
    userType,
    lastLoginType: lastLoginType(),
    operatorLoginUrl: OPERATOR_LOGIN_URL,
  });
  if (decision.action === 'allow') {
    decision = decideEntry(enteredFromOf(matches), { search, previous: navigationHistory().previousOf(pathname) });
  }

  useEffect(() => {
    if (decision.action === 'external') assignLocation(decision.url, allowListWith(OPERATOR_LOGIN_URL));
  }, [decision]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'external') return null;
  return <Outlet />;
}
