/**
 * Starts, all at once, the GraphQL queries that the first render of /client/fea waits for (issue 13 "Fast first load":
 * the largest contentful paint of the request list). Without it they ran one after another, each starting when the
 * component above had its data: the route guard's viewer (RouteGuard), the header (DefaultLayout), its chat badge
 * (ChatNavLink) and re-login banner (ReloginBanner), then the list (ClientFeaPage) — four round trips in a row.
 *
 * Called by the route's loader (system/router/routes.tsx) as soon as the router matches /client/fea/*, in parallel with
 * the route chunks. The requests go through the current Relay environment (fetchQuery), so the components' own
 * `useLazyLoadQuery` calls join a request still in flight (Relay dedupes by operation and variables) or find its data
 * in the store; the operations are retained for {@link PRELOAD_RETAIN_MS} so that no garbage collection drops them
 * before the components mount. Runs once per environment and only when the last sign-in was a client's (USER_TYPE
 * cookie, spec core §9): a guest is sent to the sign-in page by the guard and needs none of this. Failures are left to
 * the components, which fetch again when the store lacks the data.
 */
import {
  createOperationDescriptor,
  fetchQuery,
  getRequest,
  type Environment,
  type GraphQLTaggedNode,
} from 'relay-runtime';
import ChatNavLinkQuery from '../../../__generated__/ChatNavLinkQuery.graphql';
import ClientFeaPageQuery from '../../../__generated__/ClientFeaPageQuery.graphql';
import DefaultLayoutQuery from '../../../__generated__/DefaultLayoutQuery.graphql';
import ReloginBannerQuery from '../../../__generated__/ReloginBannerQuery.graphql';
import RouteGuardQuery from '../../../__generated__/RouteGuardQuery.graphql';
import { lastLoginType } from '../../../system/cookies';
import { relayEnvironmentStore } from '../../../system/relay/environment';
import { CLIENT_TABS, isClientTab } from './ClientOrderTabs';

/** How long the preloaded operations stay retained in the Relay store (ms). */
export const PRELOAD_RETAIN_MS = 30_000;

const started = new WeakSet<Environment>();
const lists = new WeakMap<Environment, { tab: string; at: number }>();

/** The list query's variables for the page's search string (`?tab=`; no number filter on entry). */
export function listVariables(search: string): { tab: 'CURRENT' | 'COMPLETED' | 'CANCELLED'; number: null } {
  const raw = new URLSearchParams(search).get('tab');
  const tab = isClientTab(raw) ? raw : 'current';
  return { tab: CLIENT_TABS.find((t) => t.value === tab)?.api ?? 'CURRENT', number: null };
}

function start(environment: Environment, query: GraphQLTaggedNode, variables: Record<string, unknown>): void {
  const retained = environment.retain(createOperationDescriptor(getRequest(query), variables));
  setTimeout(() => retained.dispose(), PRELOAD_RETAIN_MS);
  fetchQuery(environment, query, variables, { fetchPolicy: 'store-or-network' }).subscribe({
    error: () => undefined, // the component that needs the data fetches again and shows the error
  });
}

/**
 * Starts the first-render queries of /client/fea for `search` in `environment` (default: the app's current one), once
 * per environment and only when `userType` (default: the USER_TYPE cookie) is CLIENT. Returns whether it started them.
 */
export function preloadClientFea(
  search: string,
  environment: Environment = relayEnvironmentStore.get(),
  userType: string | null = lastLoginType(),
): boolean {
  if (userType !== 'CLIENT' || started.has(environment)) return false;
  started.add(environment);
  const list = listVariables(search);
  lists.set(environment, { tab: list.tab, at: Date.now() });
  start(environment, RouteGuardQuery, {});
  start(environment, DefaultLayoutQuery, {});
  start(environment, ReloginBannerQuery, {});
  start(environment, ChatNavLinkQuery, { withSupportDesk: false });
  start(environment, ClientFeaPageQuery, list);
  return true;
}

/**
 * Whether the list query for `tab` (API value) was preloaded in `environment` less than {@link PRELOAD_RETAIN_MS} ago
 * and not taken yet: the page's first mount then reads it from the store (or joins the request in flight) instead of
 * fetching it a second time. Answers true at most once per preload.
 */
export function takeListPreload(environment: Environment, tab: string, now = Date.now()): boolean {
  const entry = lists.get(environment);
  lists.delete(environment);
  return !!entry && entry.tab === tab && now - entry.at < PRELOAD_RETAIN_MS;
}
