/**
 * Helpers of the verification tests (issue 8; spec core §7 Client verification): client companies with bank
 * requisites and a way to fetch the application to sign.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/accounts/passwords.js';
import { companies, users } from '../src/db/schema/core.js';
import { bankRequisites } from '../src/db/schema/verification.js';
import type { TestApp, TestClient } from './harness.js';

export const VBASE = '/api/secured/client/verification';

/** Adds a bank requisite (Сбербанк, a control-key-valid account) to the company directly in the database. */
export async function addRequisite(
  t: TestApp,
  companyId: number,
  checkAccount = '40702810938000000001',
): Promise<void> {
  const now = t.clock.now();
  const existing = await t.db.select().from(bankRequisites).where(eq(bankRequisites.companyId, companyId));
  await t.db.insert(bankRequisites).values({
    companyId,
    bankBik: '044525225',
    bankName: 'ПАО СБЕРБАНК',
    checkAccount,
    corrAccount: '30101810400000000225',
    position: existing.length + 1,
    createdAt: now,
    updatedAt: now,
  });
}

/** Inserts a NEW (unverified) client company with the given OGRN/OGRNIP and INN and a user `email` (password Demo-2026!). */
export async function newClientCompany(
  t: TestApp,
  email: string,
  ids: { ogrn: string; inn: string },
  name = 'ООО «Проверка»',
): Promise<{ companyId: number; userId: number }> {
  const [company] = await t.db
    .insert(companies)
    .values({
      kind: 'CLIENT',
      ogrn: ids.ogrn,
      inn: ids.inn,
      kpp: ids.inn.length === 10 ? '770101001' : null,
      fullName: `ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ ${name}`,
      shortName: name,
      legalAddress: '101000, г. Москва, ул. Мясницкая, д. 1',
      status: 'NEW',
      signatureConfirmed: false,
    })
    .returning({ id: companies.id });
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword('Demo-2026!'),
      accountType: 'CLIENT',
      name: 'Мария',
      surname: 'Петрова',
      phone: '9160000001',
      companyId: company.id,
    })
    .returning({ id: users.id });
  return { companyId: company.id, userId: user.id };
}

/** The company id of a seeded user. */
export async function companyIdOf(t: TestApp, email: string): Promise<number> {
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
  return u.companyId!;
}

/** GET .../verification/document → { id, bytes } (fails the test on another status). */
export async function application(c: TestClient): Promise<{ id: number; bytes: Buffer; body: Record<string, any> }> {
  const res = await c.get(`${VBASE}/document`);
  if (res.statusCode !== 200) throw new Error(`verification/document: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { id: body.id, bytes: Buffer.from(body.content, 'base64'), body };
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
