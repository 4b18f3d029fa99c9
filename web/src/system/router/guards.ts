/**
 * Routing rules of spec core §2 as pure functions. The route guard component feeds them the path, the
 * signed-in user (from the viewer query) and the last-login type cookie, and performs the decision.
 *
 * Order of the rules (first match wins):
 *  1. A trailing slash is dropped (redirect to the same path without it).
 *  2. Public pages (/, /clients, /clients/cards, /agents, /partners) are always allowed.
 *  3. Auth pages (/<area>/auth/...): a signed-in user goes to the home of his type, except a client or
 *     partner opening /operator/auth; a guest is allowed.
 *  4. Protected pages: a guest goes to the auth page of the area (operators to the external operator
 *     login); a signed-in user whose last-login type (USER_TYPE cookie, else his account type) differs
 *     from the area goes to the home of that type; the operator area further requires an operator account
 *     (operator-access check; a USER_TYPE cookie of OPER on another account is ignored); otherwise allowed.
 * Paths outside every area are left to the router, which shows the not-found page.
 */

/** Account types as the API names them (spec core §3, §6). */
export type AccountType = 'CLIENT' | 'PARTNER' | 'AGENT' | 'OPER';
/** The first path segment of each account area. */
export type Area = 'client' | 'partner' | 'agent' | 'operator';

export const AREA_OF_TYPE: Readonly<Record<AccountType, Area>> = {
  CLIENT: 'client',
  PARTNER: 'partner',
  AGENT: 'agent',
  OPER: 'operator',
};

export const TYPE_OF_AREA: Readonly<Record<Area, AccountType>> = {
  client: 'CLIENT',
  partner: 'PARTNER',
  agent: 'AGENT',
  operator: 'OPER',
};

/** Home (entry path of the order area, spec core §2 "Root and entry paths") of each account type. */
export const HOME_OF_TYPE: Readonly<Record<AccountType, string>> = {
  CLIENT: '/client/fea',
  PARTNER: '/partner',
  AGENT: '/agent/fea',
  OPER: '/operator/fea',
};

/** In-app sign-in page of each area. Operators sign in through an external page (see decideRoute). */
export const AUTH_PATH_OF_AREA: Readonly<Record<Area, string>> = {
  client: '/client/auth',
  partner: '/partner/auth',
  agent: '/agent/auth',
  operator: '/operator/auth',
};

/** Public pages, reachable signed in or not (spec core §2 "Public and top level"). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/', '/clients', '/clients/cards', '/agents', '/partners']);

const AREAS: readonly Area[] = ['client', 'partner', 'agent', 'operator'];

export function isAccountType(value: unknown): value is AccountType {
  return value === 'CLIENT' || value === 'PARTNER' || value === 'AGENT' || value === 'OPER';
}

/** Drops trailing slashes (spec core §2: trailing slashes are ignored); '/' stays '/', '' becomes '/'. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.replace(/\/{2,}/g, '/');
}

/** The account area a path belongs to, or null for public and unknown paths. '/clients' is not '/client'. */
export function areaOfPath(pathname: string): Area | null {
  const first = normalizePath(pathname).split('/')[1] ?? '';
  return (AREAS as readonly string[]).includes(first) ? (first as Area) : null;
}

/** True for /<area>/auth and everything under it. */
export function isAuthPath(pathname: string): boolean {
  return /^\/(client|partner|agent|operator)\/auth(\/|$)/.test(normalizePath(pathname));
}

/**
 * The mailed link of a sign-in e-mail change, /<area>/auth/email/confirm (issue 8): an auth page that a signed-in user
 * may open too (the link is usually followed while signed in), so rule 3 does not send him home.
 */
export function isEmailChangeConfirmPath(pathname: string): boolean {
  return /^\/(client|partner|agent)\/auth\/email\/confirm$/.test(normalizePath(pathname));
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(normalizePath(pathname));
}

/** Reads the last-login type from a cookie header string (document.cookie). Unknown values → null. */
export function lastLoginTypeFromCookies(cookieHeader: string): AccountType | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === 'USER_TYPE') {
      const value = decodeURIComponent(part.slice(eq + 1).trim());
      return isAccountType(value) ? value : null;
    }
  }
  return null;
}

export interface GuardInput {
  pathname: string;
  /** Query string including '?', kept on redirects that only normalise the path. */
  search?: string;
  /** The signed-in user's account type, or null when nobody is signed in (spec core §3: signed in ⇔ e-mail present). */
  userType: AccountType | null;
  /** USER_TYPE cookie. */
  lastLoginType: AccountType | null;
  /** Where guests of the operator area go; an absolute URL is an external page. Default '/operator/auth'. */
  operatorLoginUrl?: string;
}

export type GuardDecision =
  { action: 'allow' } | { action: 'redirect'; to: string } | { action: 'external'; url: string };

const ALLOW: GuardDecision = { action: 'allow' };

function redirectOrAllow(current: string, to: string): GuardDecision {
  return normalizePath(to) === current ? ALLOW : { action: 'redirect', to };
}

/** Applies the routing rules of spec core §2 (see the header comment for their order). */
export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, search = '', userType, lastLoginType } = input;
  const path = normalizePath(pathname);
  if (path !== pathname) return { action: 'redirect', to: path + search };
  if (isPublicPath(path)) return ALLOW;
  const area = areaOfPath(path);
  if (!area) return ALLOW; // not an account area: the router decides (not-found page)

  if (isAuthPath(path)) {
    if (!userType || isEmailChangeConfirmPath(path)) return ALLOW;
    if (area === 'operator' && (userType === 'CLIENT' || userType === 'PARTNER')) return ALLOW;
    return { action: 'redirect', to: HOME_OF_TYPE[userType] };
  }

  if (!userType) {
    if (area === 'operator') {
      const url = input.operatorLoginUrl ?? AUTH_PATH_OF_AREA.operator;
      return /^https?:\/\//.test(url) ? { action: 'external', url } : { action: 'redirect', to: url };
    }
    return { action: 'redirect', to: AUTH_PATH_OF_AREA[area] };
  }

  const effectiveType = effectiveAccountType(userType, lastLoginType);
  if (AREA_OF_TYPE[effectiveType] !== area) return redirectOrAllow(path, HOME_OF_TYPE[effectiveType]);
  // Operator-access check (spec core §2 "All operator pages are protected"): only an operator account.
  if (area === 'operator' && !hasOperatorAccess(userType)) return redirectOrAllow(path, HOME_OF_TYPE[userType]);
  return ALLOW;
}

/**
 * Operator-access check of the operator area (spec core §2): the signed-in account itself must be an operator.
 * The last-login cookie cannot grant it (a client whose USER_TYPE cookie says OPER is not an operator).
 */
export function hasOperatorAccess(userType: AccountType | null): boolean {
  return userType === 'OPER';
}

/**
 * The type whose home a signed-in user belongs to: the last-login type (USER_TYPE cookie), else the account type.
 * A cookie claiming OPER for an account that is not an operator is ignored, so the operator-access check cannot
 * send such a user back and forth between the operator area and the cookie's home.
 */
export function effectiveAccountType(userType: AccountType, lastLoginType: AccountType | null): AccountType {
  if (lastLoginType === 'OPER' && !hasOperatorAccess(userType)) return userType;
  return lastLoginType ?? userType;
}

/** Agent client card route (spec core §5): ogrn of exactly 13 or 15 digits. */
export function isValidOgrnParam(value: string | undefined): boolean {
  return value != null && /^(\d{13}|\d{15})$/.test(value);
}

/**
 * The tail of a request area's catch-all (/client/fea/{path}, /operator/fea/{path}; spec core §2): empty (the list) or
 * one numeric request id (its modal); anything else (/client/fea/1/extra, /client/fea/abc) is the not-found page.
 */
export function isOrderPathTail(tail: string | undefined): boolean {
  const t = (tail ?? '').replace(/\/+$/, '');
  return t === '' || /^\d{1,15}$/.test(t);
}

/** Operator agent card route (spec core §5): numeric id. */
export function isNumericIdParam(value: string | undefined): boolean {
  return value != null && /^\d+$/.test(value);
}

/** Message of the not-found page for a path (spec core §8). */
export function notFoundMessage(pathname: string): string {
  return `Page Not Found: ${pathname}`;
}

/**
 * Steps of the client sign-in that can only be entered from the e-mail step (spec core §2: some routes
 * need a particular previous page). Without what they need the user goes back to the auth page.
 * - /client/auth/pass needs the remembered e-mail;
 * - /client/auth/registration needs the remembered e-mail or a `token` in the query;
 * - /<area>/auth/forgot/pass and /client/auth/reset-password need a `token` in the query.
 */
export function authStepEntry(
  pathname: string,
  ctx: { rememberedEmail: string | null; token: string | null },
): GuardDecision {
  const path = normalizePath(pathname);
  const area = areaOfPath(path);
  if (!area) return ALLOW;
  const back = AUTH_PATH_OF_AREA[area];
  if (path === `${back}/pass`) return ctx.rememberedEmail ? ALLOW : { action: 'redirect', to: back };
  if (path === '/client/auth/registration' || path === '/client/auth/registration/new-company') {
    return ctx.rememberedEmail || ctx.token ? ALLOW : { action: 'redirect', to: back };
  }
  if (path === `${back}/forgot/pass` || path === '/client/auth/reset-password') {
    return ctx.token ? ALLOW : { action: 'redirect', to: `${back}/forgot` };
  }
  return ALLOW;
}
