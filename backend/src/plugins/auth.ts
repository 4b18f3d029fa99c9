/**
 * Who is calling: loads the signed-in user of the session into `request.user` and offers the
 * pre-handlers every secured route uses (spec core §6 roles).
 * - `app.requireUser`: 401 `{ error: 'Unauthorized', code: 'UNAUTHORIZED' }` without a live session.
 * - `app.requireRole(...types)`: additionally 403 FORBIDDEN when the account type is not among `types`.
 * A session whose user was deleted or suspended (USER_SUSPENDED) is destroyed and counts as none.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { companies, users } from '../db/schema/core.js';
import { effectiveRights, type OperatorRight } from '@platform/domain/operator/rights';
import { accountBlocked } from '../accounts/account-access.js';
import { AppError } from '../errors.js';
import { registerReloginHooks, resolveRelogin } from '../referral/relogin-session.js';
import { authenticateApiToken, refuseTokenWrites, type ApiTokenAuth } from '../integrations/api-tokens.js';

/** 403 RIGHT_REQUIRED: an operator lacks the right of an operator route (issue 10). */
export const RIGHT_REQUIRED_MESSAGE = 'Недостаточно прав для этого раздела';

/** Property of a `requireRight` guard that names its rights (read by the onRoute hook). */
const OPERATOR_RIGHTS_KEY = Symbol('operatorRights');

/** Data roles of spec core §6. */
export type AccountType = 'CLIENT' | 'PARTNER' | 'AGENT' | 'OPER';
export const ACCOUNT_TYPES: AccountType[] = ['CLIENT', 'PARTNER', 'AGENT', 'OPER'];

/** The signed-in user as handlers see it. */
export interface AuthUser {
  id: number;
  email: string;
  accountType: AccountType;
  status: string;
  companyId: number | null;
  company: { id: number; status: string; signatureConfirmed: boolean; kind: string } | null;
  /**
   * Rights: for an operator his effective rights (roles' rights and extra rights, `@platform/domain/operator/rights`);
   * for others the stored rights plus VERIFIED_CLIENT for a client of a verified company (spec core §6).
   */
  rights: string[];
  /** Operator roles (empty for other accounts). */
  operatorRoles: string[];
  /** The account is blocked (USER_SUSPENDED, or its company SUSPENDED): its sessions count as none. */
  blocked: boolean;
  /** A client is verified when its company is verified; other accounts are verified when active. */
  verified: boolean;
  /**
   * Re-login (issue 11, referral/relogin-session.ts): the referral partner's user acting as this client, null in
   * one's own session; `reLoggedRights` ['AGENT'] then, else empty.
   */
  originalUserId: number | null;
  reLoggedRights: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** Set when the request is authenticated by an API token (issue 12, integrations/api-tokens.ts); else null. */
    apiToken: ApiTokenAuth | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    requireRole: (...types: AccountType[]) => preHandlerAsyncHookHandler;
    /**
     * An operator with at least one of `rights`: 401 UNAUTHORIZED without a session, 403 FORBIDDEN for another role,
     * 403 RIGHT_REQUIRED for an operator without any of them (declare RIGHT_ERRORS on the route).
     */
    requireRight: (...rights: OperatorRight[]) => preHandlerAsyncHookHandler;
    /**
     * Every route guarded by `requireRight`, as registered: method, URL and the rights any of which admits (for the
     * route × right test matrix, backend/test/admin-rights-matrix.test.ts).
     */
    operatorRouteRights: Array<{ method: string; url: string; rights: OperatorRight[] }>;
    /** Loads a user by id into the AuthUser shape (null when absent). */
    loadAuthUser: (userId: number) => Promise<AuthUser | null>;
  }
}

/**
 * The signed-in user's company id, for routes behind `requireRole('CLIENT')` (every client account has a company).
 * Throws 404 COMPANY_NOT_FOUND 'Компания не найдена' when the account has none.
 */
export function companyIdOf(request: { user: { companyId: number | null } | null }): number {
  const id = request.user?.companyId;
  if (!id) throw AppError.notFound('Компания не найдена', 'COMPANY_NOT_FOUND');
  return id;
}

/** True when the company counts as verified by electronic signature. */
export function companyVerified(c: { status: string; signatureConfirmed: boolean } | null): boolean {
  return !!c && c.status === 'VERIFIED' && c.signatureConfirmed;
}

type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

/** The users and companies rows each loaded AuthUser was built from (GET current user answers from them; issue 15). */
const loadedRows = new WeakMap<AuthUser, { u: UserRow; c: CompanyRow | null }>();

/** The database rows `user` was built from by {@link loadAuthUser} in this request, if it was. */
export function loadedRowsOf(user: AuthUser): { u: UserRow; c: CompanyRow | null } | undefined {
  return loadedRows.get(user);
}

/** The AuthUser of a users row and its company row (no re-login; pure). */
export function authUserOfRows(u: UserRow, c: CompanyRow | null): AuthUser {
  const company = c ? { id: c.id, status: c.status, signatureConfirmed: c.signatureConfirmed, kind: c.kind } : null;
  const accountType = u.accountType as AccountType;
  const clientVerified = accountType === 'CLIENT' && companyVerified(company);
  const rights: string[] = accountType === 'OPER' ? effectiveRights(u.operatorRoles, u.rights) : [...u.rights];
  if (clientVerified && !rights.includes('VERIFIED_CLIENT')) rights.push('VERIFIED_CLIENT');
  const user: AuthUser = {
    id: u.id,
    email: u.email,
    accountType,
    status: u.status,
    companyId: u.companyId,
    company,
    rights,
    operatorRoles: accountType === 'OPER' ? [...u.operatorRoles] : [],
    blocked: accountBlocked(u, company),
    verified: accountType === 'CLIENT' ? clientVerified : u.status === 'ACTIVE' && !accountBlocked(u, company),
    originalUserId: null,
    reLoggedRights: [],
  };
  loadedRows.set(user, { u, c });
  return user;
}

function prepareUserById(db: Db) {
  return db
    .select({ u: users, c: companies })
    .from(users)
    .leftJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');
}

/** The user read of every signed-in request, prepared once per database (issue 15: no query building per call). */
const userById = new WeakMap<Db, ReturnType<typeof prepareUserById>>();

/** Loads a user and his company in one query into the AuthUser shape; null when absent. */
export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  let prepared = userById.get(db);
  if (!prepared) userById.set(db, (prepared = prepareUserById(db)));
  const rows = await prepared.execute({ id: userId });
  const row = rows[0];
  return row ? authUserOfRows(row.u, row.c) : null;
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { db: Db }) {
    app.decorateRequest('user', null);
    app.decorateRequest('apiToken', null);
    // API tokens (issue 12): read-only (403 API_TOKEN_READ_ONLY before anything runs); a token request ignores the cookie.
    app.addHook('onRequest', async (request) => refuseTokenWrites(request));
    app.decorate('loadAuthUser', (id: number) => loadAuthUser(opts.db, id));

    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (await authenticateApiToken(opts.db, request, app.clock.now(), (id) => loadAuthUser(opts.db, id))) return;
      let userId = request.session?.userId;
      if (!userId) return;
      // A referral partner's re-login is re-checked on every request (issue 11, referral/relogin-session.ts).
      if (request.session.originalUserId) userId = (await resolveRelogin(opts.db, request)) ?? undefined;
      if (!userId) return;
      // The user's rows came with the session read when it is his own session (issue 15: one statement, not two).
      const pre = app.sessionStore.takeUserRows(request.session.sessionId, userId);
      const user = pre ? authUserOfRows(pre.u, pre.c) : await loadAuthUser(opts.db, userId);
      if (!user || user.blocked) {
        await request.session.destroy();
        return;
      }
      if (request.session.originalUserId) {
        user.originalUserId = request.session.originalUserId;
        user.reLoggedRights = [...(request.session.reLoggedRights ?? [])];
      }
      request.user = user;
    });
    registerReloginHooks(app, opts.db);

    app.decorate('requireUser', async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!request.user) throw AppError.unauthorized();
    });
    app.decorate('requireRole', (...types: AccountType[]) => async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!request.user) throw AppError.unauthorized();
      if (!types.includes(request.user.accountType)) throw AppError.forbidden();
    });
    app.decorate('requireRight', (...rights: OperatorRight[]) => {
      const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
        if (!request.user) throw AppError.unauthorized();
        if (request.user.accountType !== 'OPER') throw AppError.forbidden();
        if (!rights.some((r) => request.user!.rights.includes(r)))
          throw AppError.forbidden(RIGHT_REQUIRED_MESSAGE, 'RIGHT_REQUIRED');
      };
      return Object.assign(guard, { [OPERATOR_RIGHTS_KEY]: rights });
    });
    app.decorate('operatorRouteRights', []);
    app.addHook('onRoute', (route) => {
      const handlers = [route.preHandler ?? []].flat() as Array<{ [OPERATOR_RIGHTS_KEY]?: OperatorRight[] }>;
      const guard = handlers.find((h) => h && h[OPERATOR_RIGHTS_KEY]);
      if (!guard) return;
      for (const method of [route.method].flat())
        app.operatorRouteRights.push({ method, url: route.url, rights: guard[OPERATOR_RIGHTS_KEY]! });
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
