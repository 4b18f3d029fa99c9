/**
 * Referral partner area (issue 11; docs/rest-api.md "Re-login, requests and commissions"): the partner acts for his
 * verified client by re-login (spec core §3 "Current user: originalUser, reLoggedRights", §6) and returns in one step.
 * The session rules: backend/src/referral/relogin-session.ts.
 *
 *   POST /api/secured/agent/clients/{id}/relogin   act as the client of link {id} → CurrentUser (originalUser set)
 *   POST /api/secured/agent/relogin/return         back to the partner's own session → CurrentUser
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CLIENT_NOT_VERIFIED, mayStartRelogin } from '@platform/domain/referral/relogin';
import { currentUser, CurrentUserSchema } from '../../accounts/current-user.js';
import { recordAudit } from '../../admin/audit.js';
import { companies } from '../../db/schema/core.js';
import { referralClients } from '../../db/schema/referral.js';
import { AppError } from '../../errors.js';
import { isRelogged, reloginTargetUser, returnFromRelogin, startRelogin } from '../../referral/relogin-session.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, ROLE_ERRORS, SESSION_ERRORS } from '../schemas.js';
import { idParams } from '../admin/shared.js';
import { setUserTypeCookie } from '../accounts/common.js';

const TAGS = ['agent'];
/** 404 of a link that is not this partner's. */
export const CLIENT_NOT_FOUND = { code: 'CLIENT_NOT_FOUND', message: 'Клиент не найден' } as const;
/** 409 of a return outside a re-logged session. */
export const NOT_RELOGGED = { code: 'NOT_RELOGGED', message: 'Вы работаете в своём кабинете' } as const;

export default async function agentReloginRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;

  app.post(
    '/api/secured/agent/clients/:id/relogin',
    {
      preHandler: app.requireRole('AGENT'),
      schema: {
        tags: TAGS,
        summary: 'Act for a verified client by re-login (spec core §3 "Current user", §6 "Agent is a re-login right")',
        description:
          "Path `id`: referral_clients.id of one of the partner's clients. The link must be ACTIVE and the company VERIFIED " +
          "(signature confirmed). Rotates the session id (USER_TYPE cookie CLIENT) and makes the session the client's: the link's contact user " +
          "(else the company's first ACTIVE client user) with `originalUser` = the partner and `reLoggedRights` ['AGENT']. " +
          "Every change of the re-logged session is recorded with the partner as the actor; the original client's actions " +
          'answer 403 ORIGINAL_CLIENT_REQUIRED. → CurrentUser of the client. Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; ' +
          "403 FORBIDDEN (not a referral partner in his own session) / CSRF_INVALID; 404 CLIENT_NOT_FOUND 'Клиент не найден' " +
          `(not this partner's client); 409 CLIENT_NOT_VERIFIED '${CLIENT_NOT_VERIFIED.message}' (link not ACTIVE, company ` +
          'not verified, or no active user).',
        params: idParams('referral_clients.id of the client'),
        response: {
          200: CurrentUserSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: [CLIENT_NOT_FOUND.code],
            409: [CLIENT_NOT_VERIFIED.code],
          }),
        },
      },
    },
    async (request, reply) => {
      const partner = request.user!;
      const [link] = await db
        .select({
          id: referralClients.id,
          partnerCompanyId: referralClients.partnerCompanyId,
          clientCompanyId: referralClients.clientCompanyId,
          status: referralClients.status,
          contactUserId: referralClients.contactUserId,
          companyStatus: companies.status,
          signatureConfirmed: companies.signatureConfirmed,
          companyName: companies.shortName,
        })
        .from(referralClients)
        .innerJoin(companies, eq(companies.id, referralClients.clientCompanyId))
        .where(eq(referralClients.id, request.params.id));
      if (!link || partner.companyId === null || link.partnerCompanyId !== partner.companyId)
        throw AppError.notFound(CLIENT_NOT_FOUND.message, CLIENT_NOT_FOUND.code);
      const refuse = () => AppError.conflict(CLIENT_NOT_VERIFIED.message, CLIENT_NOT_VERIFIED.code);
      if (
        !mayStartRelogin({
          linkStatus: link.status,
          clientCompanyStatus: link.companyStatus,
          clientSignatureConfirmed: link.signatureConfirmed,
        })
      )
        throw refuse();
      const clientUserId = await reloginTargetUser(db, link.clientCompanyId, link.contactUserId);
      if (clientUserId === null) throw refuse();
      await recordAudit(
        db,
        {
          actorUserId: partner.id,
          action: 'REFERRAL_RELOGIN',
          entityType: 'CLIENT',
          entityId: link.clientCompanyId,
          entityName: link.companyName,
          after: { clientUserId, linkId: link.id },
        },
        app.clock.now(),
      );
      request.reloginAuditDone = true; // REFERRAL_RELOGIN above is this call's entry
      await startRelogin(request, { clientUserId, partnerUserId: partner.id, linkId: link.id });
      setUserTypeCookie(app, reply, 'CLIENT');
      return currentUser(db, clientUserId, { originalUserId: partner.id, reLoggedRights: ['AGENT'] });
    },
  );

  app.post(
    '/api/secured/agent/relogin/return',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: "Return from a re-login to the referral partner's own area in one step (issue 11)",
        description:
          "Only in a re-logged session: rotates the session id and makes it the partner's own session again (USER_TYPE cookie " +
          'AGENT). → CurrentUser of ' +
          `the partner. Errors: 401 UNAUTHORIZED; 403 CSRF_INVALID; 409 NOT_RELOGGED '${NOT_RELOGGED.message}' (not a ` +
          're-logged session — also when the session already went back because the link ended).',
        response: {
          200: CurrentUserSchema,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, { 409: [NOT_RELOGGED.code] }),
        },
      },
    },
    async (request, reply) => {
      if (!isRelogged(request.session)) throw AppError.conflict(NOT_RELOGGED.message, NOT_RELOGGED.code);
      const client = request.user!;
      request.reloginAuditDone = true;
      const partnerId = await returnFromRelogin(request);
      setUserTypeCookie(app, reply, 'AGENT');
      await recordAudit(
        db,
        {
          actorUserId: partnerId,
          action: 'REFERRAL_RELOGIN_RETURN',
          entityType: 'CLIENT',
          entityId: client.companyId ?? 0,
          after: { clientUserId: client.id },
        },
        app.clock.now(),
      );
      return currentUser(db, partnerId);
    },
  );
}
