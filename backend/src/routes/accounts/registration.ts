/**
 * Client registration (spec core §2 auth/registration stepper: company selection by name or INN, contacts form,
 * checklist; §3 "Registration payload", "Company", "Checklist"; §5 validation; §7 Public "client/registration";
 * docs/rest-api.md "Public").
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ChecklistSchema, checklistIssues, normalizeChecklist, writeChecklist } from '../../accounts/checklists.js';
import { companyLiquidated, newClientCompanyValues } from '../../accounts/company-registry.js';
import { currentUser, CurrentUserSchema } from '../../accounts/current-user.js';
import { consumeToken, usableToken } from '../../accounts/email-tokens.js';
import { hashPassword } from '../../accounts/passwords.js';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema/core.js';
import {
  checkEmail,
  checkOgrn,
  checkPhone,
  checkRussianName,
  newPasswordIssues,
  normalizeEmail,
  type FieldIssue,
} from '@platform/domain/validation/rules';
import { AppError, MESSAGES } from '../../errors.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS } from '../schemas.js';
import { assertNoIssues, EmailField, startSession, TokenField } from './common.js';
import { assertEmailFree } from './email.js';
import { isUniqueViolation } from '../admin/shared.js';

/** A company found in the registry, as the company-selection step shows it. */
export const RegistryCompanySchema = Type.Object(
  {
    ogrn: Type.String({ description: '13 digits (OGRN) or 15 (OGRNIP)' }),
    inn: Type.String({ description: '10 or 12 digits' }),
    kpp: Type.Union([Type.String(), Type.Null()]),
    shortName: Type.String(),
    fullName: Type.String(),
    legalAddress: Type.String(),
    ceo: Type.Union([
      Type.Object({
        firstName: Type.String(),
        middleName: Type.Union([Type.String(), Type.Null()]),
        lastName: Type.String(),
      }),
      Type.Null(),
    ]),
    liquidated: Type.Boolean({ description: 'Liquidated companies cannot register' }),
  },
  { description: 'Company from the registry (spec core §3 "Company")' },
);

const RegistrationBody = Type.Object(
  {
    ogrn: Type.String({
      minLength: 1,
      maxLength: 15,
      description: 'OGRN (13) or OGRNIP (15) of the company chosen in the registry',
    }),
    token: TokenField,
    user: Type.Object({
      name: Type.String({ maxLength: 50 }),
      surname: Type.String({ maxLength: 50 }),
      patronymic: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
      email: EmailField,
      password: Type.String({ maxLength: 200 }),
      passwordSecondTime: Type.String({ maxLength: 200 }),
      phone: Type.String({ maxLength: 20, description: '10 digits' }),
      processingPersonalDataAgreement: Type.Boolean({
        description: 'Consent to personal data processing; must be true (spec core §5)',
      }),
    }),
    checklist: ChecklistSchema,
  },
  { description: 'Registration payload (spec core §3)' },
);

const CONSENT_REQUIRED = 'Необходимо согласие на обработку персональных данных';

async function registry<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw new AppError(
      503,
      'REGISTRY_UNAVAILABLE',
      'Сервис поиска компаний временно недоступен. Повторите попытку позже',
    );
  }
}

/** Refusal text when the company is already on the platform. */
export const COMPANY_TAKEN = 'Компания уже зарегистрирована на платформе: доступ сотрудникам выдаёт её администратор';

export default async function registrationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  app.get(
    '/api/public/client/registration/companies',
    {
      schema: {
        tags: ['public'],
        summary: 'Find a company by name or INN (spec core §2 company selection; §5 numeric query = INN; designed)',
        description:
          'Searches the company registry adapter: a query of digits is an INN prefix, anything else words of the name. At most 20. ' +
          'Errors: 400 VALIDATION_ERROR (missing or empty query, over 100 characters); 503 REGISTRY_UNAVAILABLE.',
        querystring: Type.Object({ query: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: Type.Array(RegistryCompanySchema),
          ...errorResponses({ 400: ['VALIDATION_ERROR'], 503: ['REGISTRY_UNAVAILABLE'] }),
        },
      },
    },
    async (request) => {
      const found = await registry(() => app.companyRegistry.search(request.query.query, 20));
      return found.map((r) => ({
        ogrn: r.ogrn,
        inn: r.inn,
        kpp: r.kpp,
        shortName: r.shortName,
        fullName: r.fullName,
        legalAddress: r.legalAddress,
        ceo: r.ceo,
        liquidated: r.liquidated,
      }));
    },
  );

  app.post(
    '/api/public/client/registration',
    {
      schema: {
        tags: ['public'],
        summary: 'Register a client (spec core §7 Public; §3 "Registration payload")',
        description:
          'Needs the token of a confirmed registration link whose address equals `user.email`. The company is taken from the registry by `ogrn`: ' +
          'a company not yet known is created with status NEW (not verified); a company already registered is refused with 409 COMPANY_ALREADY_REGISTERED (its verification must not pass to whoever knows its OGRN). ' +
          'Account, company and checklist are written in one transaction, the link is used up, and the caller is signed in (session rotated, USER_TYPE=CLIENT). ' +
          "201 CurrentUser. Errors: 410 LINK_EXPIRED 'Ссылка устарела'; 400 EMAIL_NOT_CONFIRMED; 400 VALIDATION_ERROR with items " +
          "(user.email EMAIL_INVALID / EMAIL_MISMATCH, password rules and PASSWORD_MISMATCH, PHONE_INVALID 'Номер телефона — 10 цифр', RUSSIAN_LETTERS, " +
          'CONSENT_REQUIRED, OGRN_INVALID, COUNTRY_INVALID, CURRENCY_INVALID, schema items); 400 COMPANY_NOT_FOUND; 400 COMPANY_LIQUIDATED; ' +
          '409 EMAIL_TAKEN; 409 COMPANY_ALREADY_REGISTERED; 403 ACCOUNT_SUSPENDED; 503 REGISTRY_UNAVAILABLE; 403 CSRF_INVALID.',
        body: RegistrationBody,
        response: {
          201: CurrentUserSchema,
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, {
            400: ['COMPANY_LIQUIDATED', 'COMPANY_NOT_FOUND', 'EMAIL_NOT_CONFIRMED'],
            403: ['ACCOUNT_SUSPENDED'],
            409: ['COMPANY_ALREADY_REGISTERED', 'EMAIL_TAKEN'],
            410: ['LINK_EXPIRED'],
            503: ['REGISTRY_UNAVAILABLE'],
          }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const now = app.clock.now();
      const link = await usableToken(db, body.token, ['REGISTRATION'], now);
      if (!link.confirmedAt) throw new AppError(400, 'EMAIL_NOT_CONFIRMED', 'Адрес электронной почты не подтверждён');

      const email = normalizeEmail(body.user.email);
      const patronymic = body.user.patronymic?.trim() ? body.user.patronymic.trim() : null;
      const issues: FieldIssue[] = [];
      const add = (field: string, i: { code: string; message: string } | null) => {
        if (i) issues.push({ field, ...i });
      };
      const emailIssue = checkEmail(email);
      add('user.email', emailIssue);
      if (!emailIssue && email !== link.email)
        add('user.email', { code: 'EMAIL_MISMATCH', message: 'Адрес не совпадает с подтверждённым' });
      add('user.name', checkRussianName(body.user.name.trim()));
      add('user.surname', checkRussianName(body.user.surname.trim()));
      if (patronymic) add('user.patronymic', checkRussianName(patronymic));
      add('user.phone', checkPhone(body.user.phone));
      if (body.user.processingPersonalDataAgreement !== true)
        add('user.processingPersonalDataAgreement', { code: 'CONSENT_REQUIRED', message: CONSENT_REQUIRED });
      issues.push(...newPasswordIssues(body.user, 'user.'));
      add('ogrn', checkOgrn(body.ogrn));
      issues.push(...checklistIssues(body.checklist, 'checklist.'));
      assertNoIssues(issues);

      await assertEmailFree(db, email);
      const record = await registry(() => app.companyRegistry.byOgrn(body.ogrn));
      if (!record)
        throw new AppError(400, 'COMPANY_NOT_FOUND', 'Компания с таким ОГРН не найдена', [
          { field: 'ogrn', code: 'COMPANY_NOT_FOUND', message: 'Компания с таким ОГРН не найдена' },
        ]);
      if (record.liquidated) throw companyLiquidated();

      const passwordHash = await hashPassword(body.user.password);
      const checklist = normalizeChecklist(body.checklist);
      let userId: number;
      try {
        userId = await db.transaction(async (tx) => {
          await consumeToken(tx, link.id, now, true);
          // A company already on the platform is never joined by self-registration: its verification (and so
          // VERIFIED_CLIENT) would pass to anyone who knows its OGRN. Its employees are added by the company.
          const [company] = await tx
            .insert(companies)
            .values(newClientCompanyValues(record, now))
            .onConflictDoNothing()
            .returning({ id: companies.id });
          if (!company) throw AppError.conflict(COMPANY_TAKEN, 'COMPANY_ALREADY_REGISTERED');
          await writeChecklist(tx, company.id, checklist, now);
          const [user] = await tx
            .insert(users)
            .values({
              email,
              passwordHash,
              accountType: 'CLIENT',
              status: 'ACTIVE',
              name: body.user.name.trim(),
              surname: body.user.surname.trim(),
              patronymic,
              phone: body.user.phone,
              companyId: company.id,
              lastLoginAt: now,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: users.id });
          return user.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
        throw err;
      }
      await startSession(app, request, reply, userId, 'CLIENT');
      return reply.status(201).send(await currentUser(db, userId));
    },
  );
}
