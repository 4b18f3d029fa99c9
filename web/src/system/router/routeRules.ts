/**
 * Declarative per-route rules of spec core §2, carried in each route's `handle` (routes.tsx) and applied by the route
 * guard (RouteGuard.tsx) and the layout test:
 * - `layout`: the named layout the route renders in (core §2 "Layouts: auth, auth-stepper, chat, empty, default,
 *   default-landing, and none (for /clients/cards)"); a page takes the layout of its innermost route that names one;
 * - `enteredFrom`: the pages a route may be entered from (core §2 "Some routes can only be entered from particular
 *   previous pages; otherwise the user is sent to /").
 *
 * The routes with an entered-from rule (the client sign-in steps after the e-mail step):
 * | Route | May be entered from |
 * |---|---|
 * | /client/auth/pass, /partner/auth/pass, /agent/auth/pass | the e-mail step of the area; for the client also the registration |
 * | /client/auth/registration | the e-mail step, the password step, the new-company page — or any page with `?token=` (the mailed link) |
 * | /client/auth/registration/new-company | the registration |
 * | /client/auth/registration/expired | the registration (its link check) |
 * The links of mails (/<area>/auth/forgot/pass?token=…, /client/auth/reset-password?token=…, e-mail change, operator
 * invitation) are opened from outside the app and have no such rule (they need their token: guards.ts authStepEntry).
 */
import { matchPath } from 'react-router-dom';
import type { GuardDecision } from './guards';

/** The layouts of spec core §2. */
export const LAYOUTS = ['auth', 'auth-stepper', 'chat', 'empty', 'default', 'default-landing', 'none'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

/** Where a route may be entered from. */
export interface EnteredFrom {
  /** Paths or react-router patterns of the previous pages that may lead here. */
  from: readonly string[];
  /**
   * Query parameters that let the route be entered from anywhere when one of them is present and not empty (spec core
   * §2 "A registration link that carries a token in the query is allowed without a remembered email").
   */
  orWithQuery?: readonly string[];
}

/** The `handle` of a route object. */
export interface RouteHandle {
  layout?: LayoutName;
  enteredFrom?: EnteredFrom;
}

/** Where a refused entry goes (spec core §2: "otherwise the user is sent to /"). */
export const REFUSED_ENTRY_PATH = '/';

/**
 * Whether a page with the rule `rule` may be shown at `path` (with the query `search`) when the user comes from
 * `previous` (null: from outside the app — a typed address, a bookmark, another site, a new tab).
 */
export function decideEntry(
  rule: EnteredFrom | undefined,
  ctx: { search: string; previous: string | null },
): GuardDecision {
  if (!rule) return { action: 'allow' };
  const query = new URLSearchParams(ctx.search);
  if (rule.orWithQuery?.some((name) => (query.get(name) ?? '') !== '')) return { action: 'allow' };
  const previous = ctx.previous;
  if (previous != null && rule.from.some((pattern) => matchPath({ path: pattern, end: true }, previous) != null)) {
    return { action: 'allow' };
  }
  return { action: 'redirect', to: REFUSED_ENTRY_PATH };
}

/** The innermost entered-from rule of the matched routes (outermost first, as useMatches returns them). */
export function enteredFromOf(matches: ReadonlyArray<{ handle?: unknown }>): EnteredFrom | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const rule = (matches[i]?.handle as RouteHandle | undefined)?.enteredFrom;
    if (rule) return rule;
  }
  return undefined;
}

/** The layout of the matched routes: the innermost that names one ('none' when none does). */
export function layoutOf(matches: ReadonlyArray<{ handle?: unknown }>): LayoutName {
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'none';
}

/** The route shape `routeTable` walks (react-router's RouteObject satisfies it). */
export interface RouteLike {
  path?: string;
  index?: boolean;
  handle?: unknown;
  children?: RouteLike[];
}

/** One page of the route tree: its full path pattern and its layout. */
export interface RouteTableRow {
  path: string;
  layout: LayoutName;
  enteredFrom?: EnteredFrom;
}

function joinPath(base: string, path: string | undefined): string {
  if (path == null || path === '') return base;
  if (path.startsWith('/')) return path;
  return `${base === '/' ? '' : base}/${path}`;
}

/** Every page (leaf route) of `routes` with its full path, its layout and its entered-from rule, in route order. */
export function routeTable(routes: readonly RouteLike[]): RouteTableRow[] {
  const rows: RouteTableRow[] = [];
  const walk = (list: readonly RouteLike[], base: string, chain: Array<{ handle?: unknown }>) => {
    for (const route of list) {
      const path = joinPath(base, route.path);
      const here = [...chain, { handle: route.handle }];
      if (route.children?.length) walk(route.children, path, here);
      else {
        const enteredFrom = enteredFromOf(here);
        rows.push({ path: path || '/', layout: layoutOf(here), ...(enteredFrom ? { enteredFrom } : {}) });
      }
    }
  };
  walk(routes, '', []);
  return rows;
}

/** Entered-from rules of the sign-in steps (see the table in the module comment). */
export const ENTERED_FROM = {
  clientPassword: { from: ['/client/auth', '/client/auth/registration'] },
  partnerPassword: { from: ['/partner/auth'] },
  agentPassword: { from: ['/agent/auth'] },
  registration: {
    from: ['/client/auth', '/client/auth/pass', '/client/auth/registration/new-company'],
    orWithQuery: ['token'],
  },
  newCompany: { from: ['/client/auth/registration'] },
  registrationExpired: { from: ['/client/auth/registration'] },
} as const satisfies Record<string, EnteredFrom>;
