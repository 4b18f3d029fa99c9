/**
 * A referral partner adds a client by OGRN/OGRNIP (issue 11; spec core §3 "Client added by a partner", §5 "Adding a
 * client as a partner needs confirmation that the client approved the registration"; POST /api/secured/agent/clients).
 *
 * - Company new to the platform: in ONE transaction the CLIENT company (status NEW, data from the company registry),
 *   its contact user (CLIENT, unusable password), the checklist prefilled from the estimates, the link INVITED
 *   (approvalConfirmedAt now) and the audit entry; after the commit the contact's invitation mail (set the password at
 *   /client/auth/forgot/pass?token=…&invitation=1). Setting the password makes the link ACTIVE.
 * - Company already on the platform without a live link: the link CONSENT_REQUESTED and the audit entry; after the
 *   commit a mail to every active user of the company. The company's users accept or decline in 'Моя компания'.
 * - A live link (this or another partner): 409 CLIENT_ALREADY_ADDED / CLIENT_HAS_PARTNER. An e-mail of another
 *   account: 409 EMAIL_TAKEN 'Этот адрес электронной почты уже используется'.
 * A mail that cannot be sent does not undo the addition: the answer says `mailSent: false`.
 */
import { CLIENT_APPROVAL_REQUIRED } from '@platform/domain/referral/clients';
import {
  checkEmail,
  checkOgrn,
  checkPhone,
  checkRussianName,
  normalizeEmail,
  type FieldIssue,
} from '@platform/domain/validation/rules';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { writeChecklist } from '../accounts/checklists.js';
import { companyLiquidated, newClientCompanyValues } from '../accounts/company-registry.js';
import { sendInvitation, unusablePasswordHash } from '../accounts/invitations.js';
import { recordAudit } from '../admin/audit.js';
import type { Db } from '../db/client.js';
import { companies, users } from '../db/schema/core.js';
import { referralClients } from '../db/schema/referral.js';
import { checkCountryCode, checkCurrencyCode } from '../domain/validation.js';
import { AppError, MESSAGES } from '../errors.js';
import { assertNoIssues } from '../routes/accounts/common.js';
import { uniqueViolation } from '../routes/admin/shared.js';
import { referralConsentMail, referralInvitationMail } from './clients-mail.js';
import { liveLinkConflict, loadReferralClient, platformCompany, type ReferralClientView } from './clients.js';

/** The body of POST /api/secured/agent/clients. */
export interface AddReferralClientInput {
  ogrn: string;
  contact: {
    surname: string;
    name: string;
    patronymic?: string | null;
    email: string;
    phone: string;
    position?: string | null;
  };
  countryCodes: string[];
  currencyCodes: string[];
  /** USD per month, decimal string (up to 2 places). */
  monthlyVolume: string;
  monthlyPayments: number;
  clientApproved: boolean;
}

/** The answer: what happened, whether the mail left, the client as the list shows it. */
export interface AddReferralClientResult {
  outcome: 'INVITED' | 'CONSENT_REQUESTED';
  mailSent: boolean;
  client: ReferralClientView;
}

/** Field issues of the body beyond its schema (spec core §5 messages); [] when valid. */
export function addClientIssues(body: AddReferralClientInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (field: string, i: { code: string; message: string } | null) => {
    if (i) issues.push({ field, ...i });
  };
  add('ogrn', checkOgrn(body.ogrn));
  add('contact.surname', checkRussianName(body.contact.surname.trim()));
  add('contact.name', checkRussianName(body.contact.name.trim()));
  const patronymic = body.contact.patronymic?.trim();
  if (patronymic) add('contact.patronymic', checkRussianName(patronymic));
  add('contact.email', checkEmail(normalizeEmail(body.contact.email)));
  add('contact.phone', checkPhone(body.contact.phone));
  body.countryCodes.forEach((c, i) => add(`countryCodes.${i}`, checkCountryCode(c)));
  body.currencyCodes.forEach((c, i) => add(`currencyCodes.${i}`, checkCurrencyCode(c)));
  if (!(Number(body.monthlyVolume) > 0))
    add('monthlyVolume', { code: 'MIN_VALUE', message: 'Значение должно быть больше нуля' });
  if (body.clientApproved !== true)
    add('clientApproved', { code: 'CLIENT_APPROVAL_REQUIRED', message: CLIENT_APPROVAL_REQUIRED });
  return issues;
}

function registryUnavailable(): AppError {
  return new AppError(
    502,
    'REGISTRY_UNAVAILABLE',
    'Сервис поиска компаний временно недоступен. Повторите попытку позже',
  );
}

/**
 * Adds a client for the partner company `partner.companyId` by its user `partner.userId` (see the module comment).
 * Errors: 400 VALIDATION_ERROR (items), 400 COMPANY_NOT_FOUND / COMPANY_LIQUIDATED (registry), 409
 * CLIENT_ALREADY_ADDED / CLIENT_HAS_PARTNER / EMAIL_TAKEN / CONFLICT (a concurrent registration), 502
 * REGISTRY_UNAVAILABLE.
 */
export async function addReferralClient(
  app: FastifyInstance,
  partner: { companyId: number; userId: number },
  body: AddReferralClientInput,
): Promise<AddReferralClientResult> {
  assertNoIssues(addClientIssues(body));
  const db: Db = app.dbh.db;
  const now = app.clock.now();
  const email = normalizeEmail(body.contact.email);
  const [partnerCompany] = await db.select().from(companies).where(eq(companies.id, partner.companyId));
  const estimates = {
    countryCodes: [...new Set(body.countryCodes)],
    currencyCodes: [...new Set(body.currencyCodes)],
    monthlyVolume: Number(body.monthlyVolume).toFixed(2),
    monthlyPayments: body.monthlyPayments,
  };
  const { company, live } = await platformCompany(db, body.ogrn);
  if (live) throw liveLinkConflict(live, partner.companyId);
  const [owner] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, email));
  if (owner && (!company || owner.companyId !== company.id))
    throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');

  const audit = (companyId: number, name: string, status: string) => ({
    actorUserId: partner.userId,
    action: 'REFERRAL_CLIENT_ADD',
    entityType: 'CLIENT' as const,
    entityId: companyId,
    entityName: name,
    before: null,
    after: { referralStatus: status, partnerCompanyId: partner.companyId, ...estimates },
  });
  const conflictOf = async (err: unknown): Promise<never> => {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    if (constraint.includes('email')) throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
    const again = await platformCompany(db, body.ogrn);
    if (again.live) throw liveLinkConflict(again.live, partner.companyId);
    throw AppError.conflict('Компания только что изменилась. Повторите попытку', 'CONFLICT');
  };
  const names = { partnerName: partnerCompany?.shortName ?? '', companyName: '' };

  if (company) {
    // Already on the platform: only its own users may let the partner in (consent), never a take-over.
    const members = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.accountType, 'CLIENT')))
      .orderBy(asc(users.id));
    const contactUserId = owner?.id ?? members[0]?.id ?? null;
    let linkId: number;
    try {
      linkId = await db.transaction(async (tx) => {
        const [link] = await tx
          .insert(referralClients)
          .values({
            partnerCompanyId: partner.companyId,
            clientCompanyId: company.id,
            status: 'CONSENT_REQUESTED',
            ...estimates,
            contactUserId,
            approvalConfirmedAt: now,
            addedByUserId: partner.userId,
            addedAt: now,
          })
          .returning({ id: referralClients.id });
        await recordAudit(tx, audit(company.id, company.shortName, 'CONSENT_REQUESTED'), now);
        return link.id;
      });
    } catch (err) {
      return conflictOf(err);
    }
    let mailSent = members.some((m) => m.status === 'ACTIVE');
    for (const m of members.filter((u) => u.status === 'ACTIVE')) {
      try {
        await app.mailer.send(
          referralConsentMail(app.config.publicUrl, m.email, { ...names, companyName: company.shortName }),
        );
      } catch (err) {
        app.log.error({ err }, 'referral consent mail failed');
        mailSent = false;
      }
    }
    return {
      outcome: 'CONSENT_REQUESTED',
      mailSent,
      client: await loadReferralClient(db, partner.companyId, linkId),
    };
  }

  let record;
  try {
    record = await app.companyRegistry.byOgrn(body.ogrn);
  } catch {
    throw registryUnavailable();
  }
  if (!record)
    throw new AppError(400, 'COMPANY_NOT_FOUND', 'Компания с таким ОГРН не найдена в реестре', [
      { field: 'ogrn', code: 'COMPANY_NOT_FOUND', message: 'Компания с таким ОГРН не найдена в реестре' },
    ]);
  if (record.liquidated) throw companyLiquidated();
  const passwordHash = await unusablePasswordHash();
  let created: { linkId: number; userId: number };
  try {
    created = await db.transaction(async (tx) => {
      const [c] = await tx
        .insert(companies)
        .values(newClientCompanyValues(record, now))
        .onConflictDoNothing()
        .returning({ id: companies.id });
      if (!c) throw AppError.conflict('Компания только что зарегистрирована. Повторите попытку', 'CONFLICT');
      await writeChecklist(
        tx,
        c.id,
        {
          countryCodes: estimates.countryCodes,
          currencyCodes: estimates.currencyCodes,
          paymentsNumber: estimates.monthlyPayments,
          monthlyCurrencyPayment: Number(estimates.monthlyVolume),
          comment: null,
        },
        now,
      );
      const patronymic = body.contact.patronymic?.trim() || null;
      const position = body.contact.position?.trim() || null;
      const [u] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          accountType: 'CLIENT',
          status: 'ACTIVE',
          name: body.contact.name.trim(),
          surname: body.contact.surname.trim(),
          patronymic,
          phone: body.contact.phone,
          position,
          companyId: c.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      const [link] = await tx
        .insert(referralClients)
        .values({
          partnerCompanyId: partner.companyId,
          clientCompanyId: c.id,
          status: 'INVITED',
          ...estimates,
          contactUserId: u.id,
          approvalConfirmedAt: now,
          addedByUserId: partner.userId,
          addedAt: now,
        })
        .returning({ id: referralClients.id });
      await recordAudit(tx, audit(c.id, record.shortName, 'INVITED'), now);
      return { linkId: link.id, userId: u.id };
    });
  } catch (err) {
    return conflictOf(err);
  }
  let mailSent = true;
  try {
    await sendInvitation(app, { id: created.userId, email, accountType: 'CLIENT' }, (token) =>
      referralInvitationMail(app.config.publicUrl, email, token, { ...names, companyName: record.shortName }),
    );
  } catch (err) {
    app.log.error({ err }, 'referral invitation mail failed');
    mailSent = false;
  }
  return { outcome: 'INVITED', mailSent, client: await loadReferralClient(db, partner.companyId, created.linkId) };
}
