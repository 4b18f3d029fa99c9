/**
 * A referral partner acting for his client by re-login (issue 11; spec core §3 "Current user: originalUser,
 * reLoggedRights", §6 "Agent is a re-login right … original client"; docs/rest-api.md "Re-login, requests and
 * commissions"). The session data of a re-logged session:
 *   userId          the client's user (the session acts as him: the client area works as for the client)
 *   originalUserId  the partner's user (who really acts; recorded as the actor of every change)
 *   reLoggedRights  ['AGENT']
 *   reloginLinkId   referral_clients.id of the link the re-login went through
 * Rules kept here, once for the backend:
 * - every request of a re-logged session re-checks the partner, the link and the client company (`resolveRelogin`,
 *   called by plugins/auth.ts): a blocked partner ends the session, a link no longer ACTIVE or a SUSPENDED company
 *   returns it to the partner;
 * - the original client's actions (`@platform/domain/referral/relogin` ORIGINAL_CLIENT_ACTIONS) are refused on the
 *   routes of {@link ORIGINAL_CLIENT_ROUTES} with 403 ORIGINAL_CLIENT_REQUIRED; the code is declared on those routes'
 *   403 answers by the onRoute hook of {@link registerReloginHooks};
 * - every mutating request of a re-logged session leaves an audit_log entry with the partner as the actor.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  AGENT_RELOGIN_RIGHT,
  isOriginalClient,
  ORIGINAL_CLIENT_REQUIRED,
  reloginSessionVerdict,
  type OriginalClientAction,
} from '@platform/domain/referral/relogin';
import type { Db, DbOrTx } from '../db/client.js';
import { companies, sessions, users } from '../db/schema/core.js';
import { referralClients } from '../db/schema/referral.js';
import { recordAudit } from '../admin/audit.js';
import { AppError } from '../errors.js';
import { errorSchema, type ErrorCodes } from '../routes/schemas.js';
import { accountBlocked } from '../accounts/account-access.js';

declare module 'fastify' {
  interface Session {
    /** The referral partner's user acting for the client (re-login); absent in one's own session. */
    originalUserId?: number;
    /** Re-login rights of the session: ['AGENT'] in a referral partner's re-login. */
    reLoggedRights?: string[];
    /** referral_clients.id of the link of the re-login. */
    reloginLinkId?: number;
  }
  interface FastifyRequest {
    /** The order a mutating request of a re-logged session concerned (for its audit entry); set by order creation. */
    reloginOrderId?: number | null;
    /** Set by the re-login routes, which write their own audit entries. */
    reloginAuditDone?: boolean;
  }
}

/** 403 ORIGINAL_CLIENT_REQUIRED of the original client's actions (declared by the onRoute hook, see module header). */
export const ORIGINAL_CLIENT_ERRORS = { 403: [ORIGINAL_CLIENT_REQUIRED.code] } as const satisfies ErrorCodes;

/**
 * The routes of the client area only the original client may call, per action of ORIGINAL_CLIENT_ACTIONS (method and
 * URL as registered). Everything else of the client area works in a re-logged session.
 */
export const ORIGINAL_CLIENT_ROUTES: Record<OriginalClientAction, ReadonlyArray<readonly [string, string]>> = {
  VERIFICATION_SIGN: [['POST', '/api/secured/client/verification/document/sign']],
  DEAL_DOCUMENT_SIGN: [
    ['POST', '/api/secured/client/order/exch/:id/offer/docs/:docId/sign'],
    ['POST', '/api/secured/client/order/exch/:id/offer/final-docs/:docId/sign'],
  ],
  DEAL_DOCUMENTS_CONFIRM: [
    ['POST', '/api/secured/client/order/exch/:id/offer/docs/confirm'],
    ['POST', '/api/secured/client/order/exch/:id/offer/final-docs/confirm'],
  ],
  PASSWORD_CHANGE: [['POST', '/api/secured/common/password/change']],
  EMAIL_CHANGE: [['POST', '/api/secured/common/email/request-changed']],
  REGISTRATION_DATA_UPDATE: [
    ['PUT', '/api/secured/client/regdata'],
    ['PUT', '/api/secured/common/current/user'],
  ],
  BANK_REQUISITES_CHANGE: [
    ['POST', '/api/secured/client/requisites/create'],
    ['PUT', '/api/secured/client/requisites/:id'],
    ['DELETE', '/api/secured/client/requisites/:id'],
  ],
};

const PROTECTED = new Set(
  Object.values(ORIGINAL_CLIENT_ROUTES)
    .flat()
    .map(([m, u]) => `${m} ${u}`),
);

/** The re-login state of a request's user (what the domain rule reads). */
export interface ReloginOfUser {
  originalUserId: number | null;
  reLoggedRights: string[];
}

/** Throws 403 ORIGINAL_CLIENT_REQUIRED 'Это действие доступно только самому клиенту' in a partner's re-login. */
export function assertOriginalClient(user: ReloginOfUser | null | undefined): void {
  if (user && !isOriginalClient({ originalUser: user.originalUserId, reLoggedRights: user.reLoggedRights }))
    throw AppError.forbidden(ORIGINAL_CLIENT_REQUIRED.message, ORIGINAL_CLIENT_REQUIRED.code);
}

/** Whether the session is a re-logged one. */
export function isRelogged(session: FastifyRequest['session'] | undefined): boolean {
  return !!session?.originalUserId;
}

/**
 * Re-checks a re-logged session (module header) and applies the verdict: CONTINUE leaves it, RETURN makes it the
 * partner's own session again (same id; the next re-login or return rotates it), END destroys it. Returns the user
 * id the request runs as (null when the session ended).
 */
export async function resolveRelogin(db: Db, request: FastifyRequest): Promise<number | null> {
  const s = request.session;
  const partnerId = s.originalUserId!;
  const [partner] = await db
    .select({ status: users.status, accountType: users.accountType, companyStatus: companies.status })
    .from(users)
    .leftJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, partnerId));
  const [link] = s.reloginLinkId
    ? await db
        .select({ status: referralClients.status, companyStatus: companies.status })
        .from(referralClients)
        .innerJoin(companies, eq(referralClients.clientCompanyId, companies.id))
        .innerJoin(users, and(eq(users.id, s.userId!), eq(users.companyId, referralClients.clientCompanyId)))
        .where(eq(referralClients.id, s.reloginLinkId))
    : [];
  const verdict = reloginSessionVerdict({
    partnerBlocked: !partner || accountBlocked(partner, { status: partner.companyStatus ?? 'ACTIVE' }),
    linkStatus: link?.status ?? null,
    clientCompanyStatus: link?.companyStatus ?? null,
  });
  if (verdict === 'END') {
    await s.destroy();
    return null;
  }
  if (verdict === 'RETURN') {
    endRelogin(request);
    return partnerId;
  }
  return s.userId!;
}

/** Makes the session the partner's own again (drops the re-login fields). */
export function endRelogin(request: FastifyRequest): void {
  const s = request.session;
  s.userId = s.originalUserId;
  s.originalUserId = undefined;
  s.reLoggedRights = undefined;
  s.reloginLinkId = undefined;
}

/** Starts a re-login on the request's session: rotates the id (session fixation) and makes it the client's. */
export async function startRelogin(
  request: FastifyRequest,
  args: { clientUserId: number; partnerUserId: number; linkId: number },
): Promise<void> {
  await request.session.regenerate(['absoluteExpiresAt']);
  request.session.userId = args.clientUserId;
  request.session.originalUserId = args.partnerUserId;
  request.session.reLoggedRights = [AGENT_RELOGIN_RIGHT];
  request.session.reloginLinkId = args.linkId;
}

/** Returns from a re-login in one step: rotates the id and makes the session the partner's own. */
export async function returnFromRelogin(request: FastifyRequest): Promise<number> {
  const partnerId = request.session.originalUserId!;
  await request.session.regenerate(['absoluteExpiresAt']);
  request.session.userId = partnerId;
  return partnerId;
}

/**
 * The user a re-login acts as: the link's contact user when he is an ACTIVE CLIENT user of the company, else the
 * company's first ACTIVE CLIENT user (by id); null when the company has none.
 */
export async function reloginTargetUser(
  db: DbOrTx,
  clientCompanyId: number,
  contactUserId: number | null,
): Promise<number | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, clientCompanyId), eq(users.accountType, 'CLIENT'), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.id));
  if (contactUserId !== null && rows.some((r) => r.id === contactUserId)) return contactUserId;
  return rows[0]?.id ?? null;
}

/** The partner's user recorded as the consultant of a new order of `clientCompanyId` (ACTIVE link), or null. */
export async function consultantOf(db: DbOrTx, clientCompanyId: number): Promise<number | null> {
  const [link] = await db
    .select({ addedBy: referralClients.addedByUserId })
    .from(referralClients)
    .where(and(eq(referralClients.clientCompanyId, clientCompanyId), eq(referralClients.status, 'ACTIVE')));
  return link?.addedBy ?? null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The order id a request names: `:id` of the client's order routes, or the id set by the order creation. */
function orderIdOf(request: FastifyRequest): number | null {
  if (request.reloginOrderId) return request.reloginOrderId;
  const url = request.routeOptions?.url ?? '';
  const id = (request.params as { id?: unknown } | undefined)?.id;
  if (url.startsWith('/api/secured/client/order/') && url.includes(':id')) {
    const n = Number(id);
    return Number.isInteger(n) && n > 0 ? n : null;
  }
  return null;
}

/**
 * The hooks of re-logged sessions: the onRoute hook declaring 403 ORIGINAL_CLIENT_REQUIRED on the routes of
 * ORIGINAL_CLIENT_ROUTES, the preValidation hook refusing them in a re-login, and the onSend audit entry of every mutating
 * request (action REFERRAL_RELOGIN_REQUEST, actor the partner, entity the client company, after: method, route,
 * statusCode, orderId). Called by plugins/auth.ts before any route is registered.
 */
export function registerReloginHooks(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => PROTECTED.has(`${m} ${route.url}`))) return;
    const response = (route.schema?.response ?? {}) as Record<string, { properties?: { code?: { enum?: string[] } } }>;
    const codes = response[403]?.properties?.code?.enum ?? [];
    response[403] = errorSchema([...codes, ORIGINAL_CLIENT_REQUIRED.code]) as never;
    if (route.schema) route.schema.response = response;
    const description = route.schema?.description;
    if (route.schema && typeof description === 'string' && !description.includes(ORIGINAL_CLIENT_REQUIRED.code))
      route.schema.description = `${description} 403 ${ORIGINAL_CLIENT_REQUIRED.code} '${ORIGINAL_CLIENT_REQUIRED.message}' in a referral partner's re-login (issue 11).`;
  });

  // preValidation (before the body is checked): a re-logged session is refused whatever it sends.
  app.addHook('preValidation', async (request) => {
    if (!request.session?.originalUserId) return;
    if (PROTECTED.has(`${request.method} ${request.routeOptions?.url}`))
      assertOriginalClient({
        originalUserId: request.session.originalUserId,
        reLoggedRights: request.session.reLoggedRights ?? [],
      });
  });

  // onSend (not onResponse): the entry is written before the answer leaves, so a reader after it always finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const partnerId = request.user?.originalUserId ?? request.session?.originalUserId;
    if (!partnerId || !UNSAFE.has(request.method) || request.reloginAuditDone) return payload;
    try {
      // A call refused before the user was loaded (preValidation) still names the client the session acts for.
      const clientUserId = request.user?.id ?? request.session.userId ?? null;
      const companyId =
        request.user?.companyId ??
        (clientUserId
          ? ((await db.select({ c: users.companyId }).from(users).where(eq(users.id, clientUserId)))[0]?.c ?? null)
          : null);
      await recordAudit(
        db,
        {
          actorUserId: partnerId,
          action: 'REFERRAL_RELOGIN_REQUEST',
          entityType: 'CLIENT',
          entityId: companyId ?? 0,
          after: {
            method: request.method,
            route: request.routeOptions?.url ?? request.url,
            statusCode: reply.statusCode,
            orderId: orderIdOf(request),
            clientUserId,
          },
        },
        app.clock.now(),
      );
    } catch (e) {
      request.log.error({ err: e }, 're-login audit entry failed');
    }
    return payload;
  });
}

/** Session rows of re-logged sessions whose partner is one of `userIds` (for endUserSessions). */
export function reloggedSessionsOf(userIds: readonly number[]) {
  return sql`(${sessions.data}->>'originalUserId')::int in (${sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
