/**
 * Helpers of the order route tests (orders-*.test.ts): sample inputs, file contents recognised by their magic
 * bytes, a second client company, and a view of the stored files on disk.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../src/accounts/passwords.js';
import { companies, users } from '../src/db/schema/core.js';
import { businessToday } from '../src/domain/orders.js';
import type { TestApp, TestClient } from './harness.js';

export const BASE = '/api/secured/client/order/exch';

/** A fresh data directory per test app, so that disk assertions see only this app's files. */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'orders-test-'));
}

/** Stored contents under `<dataDir>/files` (without the .tmp folder) and the leftovers in .tmp. */
export function diskFiles(dataDir: string): { contents: string[]; tmp: string[] } {
  const dir = join(dataDir, 'files');
  const contents = existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n !== '.tmp')
        .sort()
    : [];
  const tmp = existsSync(join(dir, '.tmp')) ? readdirSync(join(dir, '.tmp')) : [];
  return { contents, tmp };
}

/** 'YYYY-MM-DD' `days` after the business day of the test clock. */
export function day(t: TestApp, days: number): string {
  const d = new Date(`${businessToday(t.clock.now())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A PDF by its magic bytes, `size` bytes long; `tag` makes the content (and its hash) unique. */
export function pdf(size = 2048, tag = 'x'): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${tag}\n`);
  const tail = Buffer.from('\n%%EOF\n');
  const body = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return Buffer.concat([head, body, tail]);
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a Windows executable (MZ header and PE signature). */
export function exe(): Buffer {
  const b = Buffer.alloc(1024);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

/** A valid request input; `over` replaces top-level fields. */
export function orderInput(t: TestApp, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    paymentType: 'SENDING',
    amount: { cost: '12500.00', currency: 'USD' },
    counterparty: { countryCode: 'CN', city: 'Shanghai', bankName: 'Bank of China', swift: 'BKCHCNBJ' },
    tnvedCode: '8471300000',
    goodsLocation: 'NOT_IMPORTED',
    paymentDateFrom: day(t, 5),
    paymentDateTo: day(t, 20),
    comment: 'Оплата по контракту № 15/2026',
    fileIds: [],
    ...over,
  };
}

/** Uploads a file and returns its id (fails the test on another status). */
export async function uploaded(c: TestClient, name: string, content: Buffer): Promise<string> {
  const res = await c.upload(`${BASE}/files`, name, content);
  if (res.statusCode !== 201) throw new Error(`upload of ${name} failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** Creates an order and returns its answer (fails the test on another status). */
export async function created(c: TestClient, input: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await c.post(BASE, input);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Inserts a second verified client company with a user `email` (password Demo-2026!). */
export async function secondClientCompany(t: TestApp, email: string): Promise<{ companyId: number; userId: number }> {
  const [company] = await t.db
    .insert(companies)
    .values({
      kind: 'CLIENT',
      ogrn: '1027700132195',
      inn: '7707083893',
      fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ДРУГАЯ»',
      shortName: 'ООО «Другая»',
      status: 'VERIFIED',
      signatureConfirmed: true,
    })
    .returning({ id: companies.id });
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword('Demo-2026!'),
      accountType: 'CLIENT',
      name: 'Пётр',
      surname: 'Иванов',
      companyId: company.id,
    })
    .returning({ id: users.id });
  return { companyId: company.id, userId: user.id };
}
