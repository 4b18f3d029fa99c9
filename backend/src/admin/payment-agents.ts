/**
 * Payment agents (data role PARTNER) as the operator's administration sees them (issue 10; spec core §3 "Payment
 * agent profile" — every field): the TypeBox schemas of the card, the input checks beyond the schema (spec core §5,
 * Russian messages), reading the card and the list rows, and writing the profile tables in the caller's transaction.
 *
 * Storage: companies (kind PARTNER: INN, OGRN, names, legal address, registration date, CEO, brand, status VERIFIED
 * = active or SUSPENDED = blocked), users (the login account, account type PARTNER), partner_profiles (site, group,
 * beneficiaries, contacts, product passport, expert conclusion, license contract, signature), partner_currency_settings,
 * partner_limits, partner_payment_companies (+ partner_payment_requisites). Payment companies are referenced by the
 * agent's bills (pay_checks), so a payment company left out of an update is deactivated, never deleted.
 */
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { checkEmail, checkInn, checkOgrn, checkPhone, normalizeEmail } from '@platform/domain/validation/rules';
import { compareDecimal } from '@platform/domain/deal/money';
import type { DbOrTx } from '../db/client.js';
import { emailTokens } from '../db/schema/accounts.js';
import { companies, users } from '../db/schema/core.js';
import {
  partnerCurrencySettings,
  partnerLimits,
  partnerPaymentCompanies,
  partnerPaymentRequisites,
  partnerProfiles,
} from '../db/schema/partner.js';
import { checkCountryCode, checkCurrencyCode, checkWebsite } from '../domain/validation.js';
import type { FieldError } from '../errors.js';
import { literalUnion } from '../routes/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});
const Opt = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Optional(Nullable(t, description));

const Text = (max: number, description: string) => Type.String({ maxLength: max, description });
const Money = (description: string) =>
  Type.String({
    pattern: '^\\d{1,15}(\\.\\d{1,2})?$',
    description: `${description}; decimal string, up to 2 decimals`,
  });
const DateStr = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${description}; YYYY-MM-DD` });

export const CLIENT_DIRECTIONS = ['IMPORT', 'EXPORT', 'BOTH'] as const;
export const GOODS_IMPORT_RULES = ['REQUIRED', 'NOT_REQUIRED', 'UNIMPORTANT'] as const;
export const AGENT_STATUSES = ['ACTIVE', 'BLOCKED'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AgentStatusSchema = literalUnion(AGENT_STATUSES, {
  description: 'ACTIVE (company VERIFIED) or BLOCKED (company SUSPENDED: no sign-in, no new requests, no offers)',
});

const BeneficiarySchema = Type.Object(
  {
    name: Text(300, 'Full name of the person or company'),
    share: Opt(
      Type.String({ pattern: '^\\d{1,3}(\\.\\d{1,2})?$', description: 'Share, %, decimal string 0…100' }),
      'Share, %',
    ),
    owner: Type.Boolean({ description: 'True: an owner (not only a beneficiary)' }),
  },
  { description: 'Beneficiary (spec core §3 "beneficiaries (with owner flag)")' },
);

const ContactSchema = Type.Object(
  {
    surname: Text(100, 'Last name'),
    name: Text(100, 'First name'),
    patronymic: Opt(Text(100, 'Middle name')),
    responsibilities: Opt(Text(1000, 'What the person is responsible for')),
    phone: Opt(Type.String({ description: 'Phone, 10 digits (spec core §5)' })),
    email: Opt(Type.String({ maxLength: 254, description: 'E-mail' })),
  },
  { description: 'Contact person (spec core §3 "contacts")' },
);

const CurrencySettingSchema = Type.Object(
  {
    currencyCode: Type.String({ description: 'ISO 4217 code, upper case' }),
    rateSource: Text(300, "Where the rate comes from, e.g. 'ЦБ РФ'"),
    rateRules: Text(2000, 'How the rate is determined'),
    rateTime: Opt(Text(300, "When the rate is fixed, e.g. 'на 10:00 МСК дня оплаты'")),
    comment: Opt(Text(2000, 'Comment')),
    indicativeRate: Opt(
      Type.String({
        pattern: '^\\d{1,14}(\\.\\d{1,4})?$',
        description: 'Indicative rate, RUB per unit, up to 4 decimals (pre-fills offers; converts minimum payments)',
      }),
    ),
  },
  { description: 'Currency setting of the product passport (spec core §3)' },
);

const LimitSchema = Type.Object(
  {
    currencyCode: Type.String({ description: 'ISO 4217 code, upper case' }),
    amountFrom: Opt(Money('Smallest order amount in this currency; null = no lower bound')),
    amountTo: Opt(Money('Largest order amount in this currency; null = no upper bound')),
  },
  { description: 'Limit per currency (spec core §3 "limits per currency (amount from, amount to)")' },
);

const RequisiteSchema = Type.Object(
  {
    currencyCode: Type.String({ description: "ISO 4217 currency of the account ('RUB' for a ruble account)" }),
    bankName: Text(300, 'Bank name'),
    bankBik: Opt(Type.String({ pattern: '^\\d{9}$', description: 'BIK, 9 digits (Russian banks)' })),
    swift: Opt(Type.String({ maxLength: 11, description: 'SWIFT (BIC); may be empty (spec core §5)' })),
    checkAccount: Text(34, 'Settlement account (20 digits) or IBAN'),
    corrAccount: Opt(Text(34, 'Correspondent account')),
  },
  { description: 'Bank requisite of a payment company' },
);

const PaymentCompanyInputSchema = Type.Object(
  {
    id: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Id of an existing payment company of this agent (update); absent = new',
      }),
    ),
    name: Text(500, 'Company name'),
    inn: Type.String({ description: 'INN, 10 or 12 digits' }),
    kpp: Opt(Type.String({ pattern: '^\\d{9}$', description: 'KPP, 9 digits' })),
    ogrn: Opt(Type.String({ description: 'OGRN (13) or OGRNIP (15 digits)' })),
    legalAddress: Text(1000, 'Legal address'),
    actualAddressSameAsLegal: Type.Boolean({ description: 'True: the actual address equals the legal address' }),
    actualAddress: Opt(Text(1000, 'Actual address (used when actualAddressSameAsLegal is false)')),
    requisites: Type.Array(RequisiteSchema, { maxItems: 20, description: 'Bank requisites' }),
  },
  { description: 'Company that receives client payments (spec core §3)' },
);

/** The payment agent's profile as the operator writes it (create and replace). */
export const PaymentAgentInputSchema = Type.Object(
  {
    inn: Type.String({ description: 'INN of the agent company, 10 or 12 digits' }),
    ogrn: Type.String({ description: 'OGRN (13 digits) or OGRNIP (15 digits)' }),
    kpp: Opt(Type.String({ pattern: '^\\d{9}$', description: 'KPP, 9 digits' })),
    fullName: Text(1000, 'Legal (full) name'),
    shortName: Text(500, 'Short name'),
    legalAddress: Text(1000, 'Legal address'),
    registrationDate: Opt(DateStr('Company registration date')),
    ceoLastName: Opt(Text(100, 'CEO last name')),
    ceoFirstName: Opt(Text(100, 'CEO first name')),
    ceoMiddleName: Opt(Text(100, 'CEO middle name')),
    brand: Text(200, 'Brand shown to operators and clients (partnerOrders.brand)'),
    site: Opt(Type.String({ maxLength: 500, description: 'Web site (http or https)' })),
    groupOfCompanies: Type.Boolean({ description: 'Part of a group of companies' }),
    groupDescription: Opt(Text(2000, 'Description of the group of companies')),
    beneficiaries: Type.Array(BeneficiarySchema, { maxItems: 50 }),
    contacts: Type.Array(ContactSchema, { maxItems: 50 }),
    clientDirection: literalUnion(CLIENT_DIRECTIONS, {
      description: 'Product passport: clients served — IMPORT (sending payments), EXPORT (receiving) or BOTH',
    }),
    goodsImportRule: literalUnion(GOODS_IMPORT_RULES, {
      description:
        "Product passport: goods import REQUIRED, NOT_REQUIRED or UNIMPORTANT (vs the order's goods location)",
    }),
    minMonthlyVolumeUsd: Opt(Money('Product passport: minimum monthly client volume, USD')),
    minPaymentUsd: Opt(Money('Product passport: minimum client payment, USD')),
    supportedCountries: Type.Array(Type.String({ description: 'ISO 3166-1 alpha-2' }), {
      maxItems: 300,
      description: 'Product passport: supported counterparty countries; empty = any country',
    }),
    unsupportedPurposes: Opt(Text(4000, 'Product passport: payment purposes the agent does not serve')),
    requiredClosingDocuments: Opt(Text(4000, 'Product passport: closing documents the agent requires')),
    currencies: Type.Array(CurrencySettingSchema, {
      maxItems: 50,
      description: 'Currency settings; at least one (spec core §5)',
    }),
    limits: Type.Array(LimitSchema, { maxItems: 50, description: 'Limits per currency (one per currency)' }),
    expertConclusion: Opt(Text(4000, 'Expert conclusion comment')),
    paymentCompanies: Type.Array(PaymentCompanyInputSchema, { maxItems: 20 }),
    licenseNumber: Opt(Text(100, 'License contract number')),
    licenseDate: Opt(DateStr('License contract registration date')),
    serviceCommissionPercent: Type.String({
      pattern: '^\\d{1,2}(\\.\\d{1,4})?$',
      description: 'License contract: service commission, % of the payment sum (0 ≤ x < 100, up to 4 decimals)',
    }),
    signRequired: Type.Boolean({ description: 'The agent signs documents with a qualified electronic signature' }),
    email: Type.String({ maxLength: 254, description: 'Login e-mail of the agent account (unique)' }),
  },
  { description: 'Payment agent profile (spec core §3 "Payment agent profile")' },
);
export type PaymentAgentInput = Static<typeof PaymentAgentInputSchema>;

const PaymentCompanySchema = Type.Object({
  ...PaymentCompanyInputSchema.properties,
  id: Type.Integer({ description: 'Payment company id' }),
});

export const PaymentAgentCardSchema = Type.Object(
  {
    ...PaymentAgentInputSchema.properties,
    id: Type.Integer({ description: 'Company id (partnerId)' }),
    userId: Nullable(Type.Integer(), 'Login user id'),
    status: AgentStatusSchema,
    createdAt: Type.String({ format: 'date-time', description: 'Created, UTC ISO 8601' }),
    paymentCompanies: Type.Array(PaymentCompanySchema, { description: 'Active payment companies' }),
    invitation: Type.Object(
      {
        accepted: Type.Boolean({ description: 'The password was set through an invitation or the agent signed in' }),
        lastSentAt: Nullable(Type.String({ format: 'date-time' }), 'Last invitation mail, UTC ISO 8601'),
      },
      { description: 'Invitation state of the login account' },
    ),
  },
  { description: 'Payment agent card: every field of spec core §3 "Payment agent profile" with status' },
);
export type PaymentAgentCard = Static<typeof PaymentAgentCardSchema>;

export const PaymentAgentRowSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Company id (partnerId)' }),
    brand: Nullable(Type.String()),
    shortName: Type.String(),
    inn: Type.String(),
    status: AgentStatusSchema,
    currencies: Type.Array(Type.String(), { description: 'ISO 4217 codes of the currency settings' }),
    countries: Type.Array(Type.String(), { description: 'Supported countries (ISO 3166-1 alpha-2); empty = any' }),
    signRequired: Type.Boolean(),
    email: Nullable(Type.String(), 'Login e-mail'),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { description: 'Payment agent list row' },
);
export type PaymentAgentRow = Static<typeof PaymentAgentRowSchema>;

/** The list filter (POST /partners/filter). */
export const PaymentAgentFilterSchema = Type.Object({
  query: Type.Optional(
    Type.String({ maxLength: 200, description: 'Brand, name or INN: numeric text is an INN prefix (spec core §5)' }),
  ),
  status: Type.Optional(AgentStatusSchema),
  currencyCode: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'Agents with this currency' })),
  countryCode: Type.Optional(
    Type.String({ pattern: '^[A-Z]{2}$', description: 'Agents serving this country (listed or any)' }),
  ),
});
export type PaymentAgentFilter = Static<typeof PaymentAgentFilterSchema>;

/** Spec core §5 "Payment agent: at least one currency required". */
export const CURRENCY_REQUIRED = 'Укажите хотя бы одну валюту';
export const EMAIL_TAKEN = 'Этот адрес электронной почты уже используется';

/**
 * The checks the schema cannot express (Russian messages, field paths as the form names them). Empty when valid.
 */
export function validateAgentInput(input: PaymentAgentInput): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, code: string, message: string) => errors.push({ field, code, message });
  const need = (field: string, value: string | null | undefined) => {
    if (!value || !value.trim()) add(field, 'REQUIRED', 'Обязательное поле');
  };
  const issue = (field: string, i: { code: string; message: string } | null) => {
    if (i) add(field, i.code, i.message);
  };
  issue('inn', checkInn(input.inn));
  issue('ogrn', checkOgrn(input.ogrn));
  need('fullName', input.fullName);
  need('shortName', input.shortName);
  need('legalAddress', input.legalAddress);
  need('brand', input.brand);
  if (input.site) issue('site', checkWebsite(input.site));
  issue('email', checkEmail(input.email));
  input.beneficiaries.forEach((b, i) => {
    need(`beneficiaries.${i}.name`, b.name);
    if (b.share != null && compareDecimal(b.share, '100') > 0)
      add(`beneficiaries.${i}.share`, 'SHARE_INVALID', 'Доля — от 0 до 100 %');
  });
  input.contacts.forEach((c, i) => {
    need(`contacts.${i}.surname`, c.surname);
    need(`contacts.${i}.name`, c.name);
    if (c.phone) issue(`contacts.${i}.phone`, checkPhone(c.phone));
    if (c.email) issue(`contacts.${i}.email`, checkEmail(c.email));
  });
  input.supportedCountries.forEach((c, i) => issue(`supportedCountries.${i}`, checkCountryCode(c)));
  if (input.currencies.length === 0) add('currencies', 'CURRENCY_REQUIRED', CURRENCY_REQUIRED);
  const seen = new Set<string>();
  input.currencies.forEach((c, i) => {
    issue(`currencies.${i}.currencyCode`, checkCurrencyCode(c.currencyCode));
    if (seen.has(c.currencyCode)) add(`currencies.${i}.currencyCode`, 'CURRENCY_DUPLICATE', 'Эта валюта уже указана');
    seen.add(c.currencyCode);
    need(`currencies.${i}.rateSource`, c.rateSource);
    need(`currencies.${i}.rateRules`, c.rateRules);
    if (c.indicativeRate != null && compareDecimal(c.indicativeRate, '0') <= 0)
      add(`currencies.${i}.indicativeRate`, 'RATE_INVALID', 'Курс должен быть больше нуля');
  });
  const limitSeen = new Set<string>();
  input.limits.forEach((l, i) => {
    issue(`limits.${i}.currencyCode`, checkCurrencyCode(l.currencyCode));
    if (limitSeen.has(l.currencyCode))
      add(`limits.${i}.currencyCode`, 'LIMIT_DUPLICATE', 'Лимит для этой валюты уже указан');
    limitSeen.add(l.currencyCode);
    if (l.amountFrom != null && l.amountTo != null && compareDecimal(l.amountFrom, l.amountTo) > 0)
      add(`limits.${i}.amountTo`, 'LIMIT_RANGE', 'Сумма «до» меньше суммы «от»');
  });
  input.paymentCompanies.forEach((p, i) => {
    need(`paymentCompanies.${i}.name`, p.name);
    issue(`paymentCompanies.${i}.inn`, checkInn(p.inn));
    if (p.ogrn) issue(`paymentCompanies.${i}.ogrn`, checkOgrn(p.ogrn));
    need(`paymentCompanies.${i}.legalAddress`, p.legalAddress);
    if (!p.actualAddressSameAsLegal) need(`paymentCompanies.${i}.actualAddress`, p.actualAddress);
    p.requisites.forEach((r, j) => {
      issue(`paymentCompanies.${i}.requisites.${j}.currencyCode`, checkCurrencyCode(r.currencyCode));
      need(`paymentCompanies.${i}.requisites.${j}.bankName`, r.bankName);
      need(`paymentCompanies.${i}.requisites.${j}.checkAccount`, r.checkAccount);
    });
  });
  return errors;
}

/** Trimmed text or null. */
function t(v: string | null | undefined): string | null {
  const s = v?.trim();
  return s ? s : null;
}

/** Company columns of the input. */
export function companyValues(input: PaymentAgentInput) {
  return {
    inn: input.inn,
    ogrn: input.ogrn,
    kpp: t(input.kpp),
    fullName: input.fullName.trim(),
    shortName: input.shortName.trim(),
    legalAddress: input.legalAddress.trim(),
    registrationDate: input.registrationDate ?? null,
    ceoLastName: t(input.ceoLastName),
    ceoFirstName: t(input.ceoFirstName),
    ceoMiddleName: t(input.ceoMiddleName),
    brand: input.brand.trim(),
  };
}

/** partner_profiles columns of the input. */
function profileValues(input: PaymentAgentInput) {
  return {
    site: t(input.site),
    licenseNumber: t(input.licenseNumber),
    licenseDate: input.licenseDate ?? null,
    serviceCommissionPercent: input.serviceCommissionPercent,
    signRequired: input.signRequired,
    groupOfCompanies: input.groupOfCompanies,
    groupDescription: input.groupOfCompanies ? t(input.groupDescription) : null,
    beneficiaries: input.beneficiaries.map((b) => ({ name: b.name.trim(), share: b.share ?? null, owner: b.owner })),
    contacts: input.contacts.map((c) => ({
      surname: c.surname.trim(),
      name: c.name.trim(),
      patronymic: t(c.patronymic),
      responsibilities: t(c.responsibilities),
      phone: t(c.phone),
      email: c.email ? normalizeEmail(c.email) : null,
    })),
    clientDirection: input.clientDirection,
    goodsImportRule: input.goodsImportRule,
    minMonthlyVolumeUsd: input.minMonthlyVolumeUsd ?? null,
    minPaymentUsd: input.minPaymentUsd ?? null,
    supportedCountries: [...new Set(input.supportedCountries)],
    unsupportedPurposes: t(input.unsupportedPurposes),
    requiredClosingDocuments: t(input.requiredClosingDocuments),
    expertConclusion: t(input.expertConclusion),
  };
}

/**
 * Writes the profile tables of `companyId` from `input` (create or replace) in `tx`. Payment companies with an `id`
 * of this agent are updated, new ones inserted, the others deactivated. Throws nothing itself; an unknown payment
 * company id gives the returned field error list (checked before any write by {@link unknownPaymentCompanies}).
 */
export async function writeProfile(tx: DbOrTx, companyId: number, input: PaymentAgentInput, now: Date): Promise<void> {
  const profile = { ...profileValues(input), updatedAt: now };
  await tx
    .insert(partnerProfiles)
    .values({ partnerCompanyId: companyId, ...profile })
    .onConflictDoUpdate({ target: partnerProfiles.partnerCompanyId, set: profile });
  await tx.delete(partnerCurrencySettings).where(eq(partnerCurrencySettings.partnerCompanyId, companyId));
  if (input.currencies.length)
    await tx.insert(partnerCurrencySettings).values(
      input.currencies.map((c) => ({
        partnerCompanyId: companyId,
        currencyCode: c.currencyCode,
        rateSource: c.rateSource.trim(),
        rateRules: c.rateRules.trim(),
        rateTime: t(c.rateTime),
        comment: t(c.comment),
        indicativeRate: c.indicativeRate ?? null,
      })),
    );
  await tx.delete(partnerLimits).where(eq(partnerLimits.partnerCompanyId, companyId));
  if (input.limits.length)
    await tx.insert(partnerLimits).values(
      input.limits.map((l) => ({
        partnerCompanyId: companyId,
        currencyCode: l.currencyCode,
        amountFrom: l.amountFrom ?? null,
        amountTo: l.amountTo ?? null,
      })),
    );
  const kept = input.paymentCompanies.map((p) => p.id).filter((id): id is number => id !== undefined);
  await tx
    .update(partnerPaymentCompanies)
    .set({ active: false })
    .where(
      and(
        eq(partnerPaymentCompanies.partnerCompanyId, companyId),
        kept.length ? notInArray(partnerPaymentCompanies.id, kept) : sql`true`,
      ),
    );
  for (const p of input.paymentCompanies) {
    const values = {
      name: p.name.trim(),
      inn: p.inn,
      kpp: t(p.kpp),
      ogrn: t(p.ogrn),
      legalAddress: p.legalAddress.trim(),
      actualAddressSameAsLegal: p.actualAddressSameAsLegal,
      actualAddress: p.actualAddressSameAsLegal ? null : t(p.actualAddress),
      active: true,
    };
    let id = p.id;
    if (id !== undefined) {
      await tx.update(partnerPaymentCompanies).set(values).where(eq(partnerPaymentCompanies.id, id));
      await tx.delete(partnerPaymentRequisites).where(eq(partnerPaymentRequisites.paymentCompanyId, id));
    } else {
      const [row] = await tx
        .insert(partnerPaymentCompanies)
        .values({ partnerCompanyId: companyId, ...values })
        .returning({ id: partnerPaymentCompanies.id });
      id = row.id;
    }
    if (p.requisites.length)
      await tx.insert(partnerPaymentRequisites).values(
        p.requisites.map((r) => ({
          paymentCompanyId: id,
          currencyCode: r.currencyCode,
          bankName: r.bankName.trim(),
          bankBik: t(r.bankBik),
          swift: t(r.swift),
          checkAccount: r.checkAccount.trim(),
          corrAccount: t(r.corrAccount),
        })),
      );
  }
}

/** Field errors for payment company ids that are not this agent's. */
export async function unknownPaymentCompanies(
  db: DbOrTx,
  companyId: number | null,
  input: PaymentAgentInput,
): Promise<FieldError[]> {
  const ids = input.paymentCompanies.map((p) => p.id).filter((id): id is number => id !== undefined);
  if (!ids.length) return [];
  const own =
    companyId === null
      ? []
      : await db
          .select({ id: partnerPaymentCompanies.id })
          .from(partnerPaymentCompanies)
          .where(
            and(eq(partnerPaymentCompanies.partnerCompanyId, companyId), inArray(partnerPaymentCompanies.id, ids)),
          );
  const ok = new Set(own.map((r) => r.id));
  return input.paymentCompanies.flatMap((p, i) =>
    p.id !== undefined && !ok.has(p.id)
      ? [{ field: `paymentCompanies.${i}.id`, code: 'PAYMENT_COMPANY_UNKNOWN', message: 'Компания не найдена' }]
      : [],
  );
}

/** The login user of an agent company (the first PARTNER user). */
export async function agentUser(db: DbOrTx, companyId: number) {
  const [u] = await db
    .select({ id: users.id, email: users.email, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.accountType, 'PARTNER')))
    .orderBy(asc(users.id))
    .limit(1);
  return u ?? null;
}

/** `companies.status` → the agent status. */
export function agentStatus(companyStatus: string): AgentStatus {
  return companyStatus === 'SUSPENDED' ? 'BLOCKED' : 'ACTIVE';
}

/** The whole card of payment agent `id`, or null when there is no such payment agent company. */
export async function loadCard(db: DbOrTx, id: number): Promise<PaymentAgentCard | null> {
  const [c] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.kind, 'PARTNER')));
  if (!c) return null;
  const [p] = await db.select().from(partnerProfiles).where(eq(partnerProfiles.partnerCompanyId, id));
  const currencies = await db
    .select()
    .from(partnerCurrencySettings)
    .where(eq(partnerCurrencySettings.partnerCompanyId, id))
    .orderBy(asc(partnerCurrencySettings.id));
  const limits = await db
    .select()
    .from(partnerLimits)
    .where(eq(partnerLimits.partnerCompanyId, id))
    .orderBy(asc(partnerLimits.id));
  const pcs = await db
    .select()
    .from(partnerPaymentCompanies)
    .where(and(eq(partnerPaymentCompanies.partnerCompanyId, id), eq(partnerPaymentCompanies.active, true)))
    .orderBy(asc(partnerPaymentCompanies.id));
  const reqs = pcs.length
    ? await db
        .select()
        .from(partnerPaymentRequisites)
        .where(
          inArray(
            partnerPaymentRequisites.paymentCompanyId,
            pcs.map((x) => x.id),
          ),
        )
        .orderBy(asc(partnerPaymentRequisites.id))
    : [];
  const user = await agentUser(db, id);
  const [inv] = user
    ? await db
        .select({ sentAt: emailTokens.sentAt, usedAt: emailTokens.usedAt })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'INVITATION')))
        .orderBy(desc(emailTokens.sentAt))
        .limit(1)
    : [];
  const anyUsed = user
    ? await db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, user.id),
            eq(emailTokens.purpose, 'INVITATION'),
            sql`${emailTokens.usedAt} is not null`,
          ),
        )
        .limit(1)
    : [];
  type Beneficiary = PaymentAgentCard['beneficiaries'][number];
  type Contact = PaymentAgentCard['contacts'][number];
  return {
    id: c.id,
    userId: user?.id ?? null,
    status: agentStatus(c.status),
    createdAt: c.createdAt.toISOString(),
    inn: c.inn,
    ogrn: c.ogrn,
    kpp: c.kpp,
    fullName: c.fullName,
    shortName: c.shortName,
    legalAddress: c.legalAddress ?? '',
    registrationDate: c.registrationDate,
    ceoLastName: c.ceoLastName,
    ceoFirstName: c.ceoFirstName,
    ceoMiddleName: c.ceoMiddleName,
    brand: c.brand ?? '',
    site: p?.site ?? null,
    groupOfCompanies: p?.groupOfCompanies ?? false,
    groupDescription: p?.groupDescription ?? null,
    beneficiaries: (p?.beneficiaries ?? []) as Beneficiary[],
    contacts: (p?.contacts ?? []) as Contact[],
    clientDirection: (p?.clientDirection ?? 'BOTH') as PaymentAgentCard['clientDirection'],
    goodsImportRule: (p?.goodsImportRule ?? 'UNIMPORTANT') as PaymentAgentCard['goodsImportRule'],
    minMonthlyVolumeUsd: p?.minMonthlyVolumeUsd ?? null,
    minPaymentUsd: p?.minPaymentUsd ?? null,
    supportedCountries: p?.supportedCountries ?? [],
    unsupportedPurposes: p?.unsupportedPurposes ?? null,
    requiredClosingDocuments: p?.requiredClosingDocuments ?? null,
    currencies: currencies.map((x) => ({
      currencyCode: x.currencyCode,
      rateSource: x.rateSource,
      rateRules: x.rateRules,
      rateTime: x.rateTime,
      comment: x.comment,
      indicativeRate: x.indicativeRate,
    })),
    limits: limits.map((l) => ({ currencyCode: l.currencyCode, amountFrom: l.amountFrom, amountTo: l.amountTo })),
    expertConclusion: p?.expertConclusion ?? null,
    paymentCompanies: pcs.map((x) => ({
      id: x.id,
      name: x.name,
      inn: x.inn,
      kpp: x.kpp,
      ogrn: x.ogrn,
      legalAddress: x.legalAddress,
      actualAddressSameAsLegal: x.actualAddressSameAsLegal,
      actualAddress: x.actualAddress,
      requisites: reqs
        .filter((r) => r.paymentCompanyId === x.id)
        .map((r) => ({
          currencyCode: r.currencyCode,
          bankName: r.bankName,
          bankBik: r.bankBik,
          swift: r.swift,
          checkAccount: r.checkAccount,
          corrAccount: r.corrAccount,
        })),
    })),
    licenseNumber: p?.licenseNumber ?? null,
    licenseDate: p?.licenseDate ?? null,
    serviceCommissionPercent: p?.serviceCommissionPercent ?? '0',
    signRequired: p?.signRequired ?? false,
    email: user?.email ?? '',
    invitation: {
      accepted: anyUsed.length > 0 || !!user?.lastLoginAt,
      lastSentAt: inv?.sentAt.toISOString() ?? null,
    },
  };
}

/** The card without status, ids and invitation: what the audit compares. */
export function auditView(card: PaymentAgentCard): Record<string, unknown> {
  const { id: _id, userId: _u, status: _s, createdAt: _c, invitation: _i, ...rest } = card;
  return rest;
}

/** SQL condition of the list filter. */
function filterWhere(f: PaymentAgentFilter) {
  const parts = [eq(companies.kind, 'PARTNER')];
  const q = f.query?.trim();
  if (q) {
    if (/^\d+$/.test(q)) parts.push(sql`${companies.inn} like ${`${q}%`}`);
    else {
      const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      parts.push(
        sql`(${companies.brand} ilike ${like} or ${companies.shortName} ilike ${like} or ${companies.fullName} ilike ${like})`,
      );
    }
  }
  if (f.status === 'BLOCKED') parts.push(eq(companies.status, 'SUSPENDED'));
  if (f.status === 'ACTIVE') parts.push(sql`${companies.status} <> 'SUSPENDED'`);
  if (f.currencyCode)
    parts.push(
      sql`exists (select 1 from ${partnerCurrencySettings} where ${partnerCurrencySettings.partnerCompanyId} = ${companies.id} and ${partnerCurrencySettings.currencyCode} = ${f.currencyCode})`,
    );
  if (f.countryCode)
    parts.push(
      sql`not exists (select 1 from ${partnerProfiles} where ${partnerProfiles.partnerCompanyId} = ${companies.id} and cardinality(${partnerProfiles.supportedCountries}) > 0 and not (${f.countryCode} = any(${partnerProfiles.supportedCountries})))`,
    );
  return and(...parts);
}

/** Number of payment agents matching the filter. */
export async function countAgents(db: DbOrTx, f: PaymentAgentFilter): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companies)
    .where(filterWhere(f));
  return Number(r.n);
}

/** One page of list rows, by brand then id. */
export async function listAgents(
  db: DbOrTx,
  f: PaymentAgentFilter,
  page: number,
  size: number,
): Promise<PaymentAgentRow[]> {
  const rows = await db
    .select({
      id: companies.id,
      brand: companies.brand,
      shortName: companies.shortName,
      inn: companies.inn,
      status: companies.status,
      createdAt: companies.createdAt,
      signRequired: partnerProfiles.signRequired,
      countries: partnerProfiles.supportedCountries,
    })
    .from(companies)
    .leftJoin(partnerProfiles, eq(partnerProfiles.partnerCompanyId, companies.id))
    .where(filterWhere(f))
    .orderBy(sql`lower(coalesce(${companies.brand}, ${companies.shortName}))`, asc(companies.id))
    .limit(size)
    .offset(page * size);
  const ids = rows.map((r) => r.id);
  const cur = ids.length
    ? await db
        .select({ p: partnerCurrencySettings.partnerCompanyId, c: partnerCurrencySettings.currencyCode })
        .from(partnerCurrencySettings)
        .where(inArray(partnerCurrencySettings.partnerCompanyId, ids))
        .orderBy(asc(partnerCurrencySettings.currencyCode))
    : [];
  const logins = ids.length
    ? await db
        .select({ companyId: users.companyId, email: users.email, id: users.id })
        .from(users)
        .where(and(inArray(users.companyId, ids), eq(users.accountType, 'PARTNER')))
        .orderBy(asc(users.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    brand: r.brand,
    shortName: r.shortName,
    inn: r.inn,
    status: agentStatus(r.status),
    createdAt: r.createdAt.toISOString(),
    signRequired: r.signRequired ?? false,
    countries: r.countries ?? [],
    currencies: cur.filter((c) => c.p === r.id).map((c) => c.c),
    email: logins.find((u) => u.companyId === r.id)?.email ?? null,
  }));
}

/** True when `email` is used by another user than `exceptUserId`. */
export async function emailTaken(db: DbOrTx, email: string, exceptUserId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, normalizeEmail(email)),
        exceptUserId === null ? sql`true` : sql`${users.id} <> ${exceptUserId}`,
      ),
    );
  return rows.length > 0;
}

/** True when another PARTNER company than `exceptId` has this OGRN. */
export async function ogrnTaken(db: DbOrTx, ogrn: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.kind, 'PARTNER'),
        eq(companies.ogrn, ogrn),
        exceptId === null ? sql`true` : sql`${companies.id} <> ${exceptId}`,
      ),
    );
  return rows.length > 0;
}
