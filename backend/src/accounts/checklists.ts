/**
 * The client company's checklist (spec core §3 "Checklist"; §7 Client "GET and PUT /api/secured/client/checklist",
 * Secured common "partners/checklist/{id}"; registration payload). Numbers are sent as numbers; the monthly
 * total is in USD.
 */
import { eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { DbOrTx } from '../db/client.js';
import { checklists } from '../db/schema/accounts.js';
import { checkCountryCode, checkCurrencyCode } from '../domain/validation.js';
import { type FieldIssue } from '@platform/domain/validation/rules';

export const ChecklistSchema = Type.Object(
  {
    countryCodes: Type.Array(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }), {
      minItems: 1,
      maxItems: 250,
      description: 'Countries of the counterparties',
    }),
    currencyCodes: Type.Array(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217' }), {
      minItems: 1,
      maxItems: 200,
      description: 'Currencies of the payments',
    }),
    paymentsNumber: Type.Integer({ minimum: 1, maximum: 100000, description: 'Payments per month' }),
    monthlyCurrencyPayment: Type.Number({ minimum: 1, maximum: 1e12, description: 'Approximate monthly total, USD' }),
    comment: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  },
  { description: 'Checklist (spec core §3): expected activity of the client company' },
);
export type ChecklistInput = Static<typeof ChecklistSchema>;

/** The stored checklist as answered: `comment` is always present (null when empty). */
export const ChecklistAnswerSchema = Type.Object(
  {
    countryCodes: Type.Array(Type.String()),
    currencyCodes: Type.Array(Type.String()),
    paymentsNumber: Type.Integer(),
    monthlyCurrencyPayment: Type.Number({ description: 'USD' }),
    comment: Type.Union([Type.String(), Type.Null()]),
  },
  { description: 'Checklist (spec core §3)' },
);
export type Checklist = Static<typeof ChecklistAnswerSchema>;

/**
 * Codes unknown to ISO 3166 / ISO 4217 as field issues (`${prefix}countryCodes.<i>`, `${prefix}currencyCodes.<i>`);
 * [] when all are known. The schema already enforced the shape (2 / 3 upper-case letters).
 */
export function checklistIssues(input: ChecklistInput, prefix = ''): FieldIssue[] {
  const out: FieldIssue[] = [];
  input.countryCodes.forEach((c, i) => {
    const x = checkCountryCode(c);
    if (x) out.push({ field: `${prefix}countryCodes.${i}`, ...x });
  });
  input.currencyCodes.forEach((c, i) => {
    const x = checkCurrencyCode(c);
    if (x) out.push({ field: `${prefix}currencyCodes.${i}`, ...x });
  });
  return out;
}

/** Rounds to cents and removes duplicate codes (keeping the first), trims the comment (blank → null). */
export function normalizeChecklist(input: ChecklistInput): Checklist {
  const comment = input.comment?.trim();
  return {
    countryCodes: [...new Set(input.countryCodes)],
    currencyCodes: [...new Set(input.currencyCodes)],
    paymentsNumber: input.paymentsNumber,
    monthlyCurrencyPayment: Math.round(input.monthlyCurrencyPayment * 100) / 100,
    comment: comment ? comment : null,
  };
}

/** The checklist of company `companyId`, or null when none was filled in. */
export async function readChecklist(db: DbOrTx, companyId: number): Promise<Checklist | null> {
  const [row] = await db.select().from(checklists).where(eq(checklists.companyId, companyId));
  if (!row) return null;
  return {
    countryCodes: row.countryCodes,
    currencyCodes: row.currencyCodes,
    paymentsNumber: row.paymentsNumber,
    monthlyCurrencyPayment: Number(row.monthlyCurrencyPayment),
    comment: row.comment,
  };
}

/** Inserts or replaces the checklist of `companyId` with `value` (already normalized); `now` from the app clock. */
export async function writeChecklist(db: DbOrTx, companyId: number, value: Checklist, now: Date): Promise<void> {
  await db
    .insert(checklists)
    .values({ companyId, ...value, updatedAt: now })
    .onConflictDoUpdate({ target: checklists.companyId, set: { ...value, updatedAt: now } });
}
