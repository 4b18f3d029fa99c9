/**
 * DB loaders on a fresh PGlite: the demo directory, "import when empty", replace, missing sub-folders
 * (spec core §7 "Reference data"; DESIGN "Reference data"). Also the CLI's argument parsing.
 */
import { mkdtempSync, mkdirSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REFERENCE_DIR } from '../config.js';
import { openPglite, runMigrations, type DbHandle } from '../db/client.js';
import { refBanks, refSwift, refTnved } from '../db/schema/reference.js';
import { parseCliArgs } from './cli.js';
import { importReferenceData, importReferenceDataIfEmpty } from './import.js';
import { countRows, findBankByBik, findTnvedByCode, searchSwift, tnvedChildren } from './queries.js';
import { tnvedKeyHash } from './tnved.js';

describe('reference importers into PGlite (demo directory)', () => {
  let h: DbHandle;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await openPglite();
    await runMigrations(h);
  });
  afterAll(() => h.close());

  it('imports every directory of the demo folder when the tables are empty', async () => {
    await importReferenceDataIfEmpty(h.db, DEMO_REFERENCE_DIR, (m) => logs.push(m));
    expect(await countRows(h.db, refBanks)).toBe(22);
    expect(await countRows(h.db, refSwift)).toBe(150);
    expect(await countRows(h.db, refTnved)).toBe(4 + 5 + 10 + 58);
    expect(logs.filter((l) => l.startsWith('reference '))).toHaveLength(3);
  });

  it('stores rows faithfully: arrays, nulls, tree links', async () => {
    const [sber] = await h.db.select().from(refBanks).where(eq(refBanks.bik, '044525225'));
    expect(sber).toMatchObject({
      name: 'ПАО Сбербанк',
      corrAccount: '30101810400000000225',
      city: 'Москва',
      swift: 'SABRRUMM',
      swiftCodes: ['SABRRUMM', 'SABRRUMM012'],
      restricted: false,
    });
    expect(await findBankByBik(h.db, '044525000')).toMatchObject({ corrAccount: null, swift: null });
    expect((await searchSwift(h.db, 'BKCHCNBJ'))[0]).toMatchObject({
      swift: 'BKCHCNBJ',
      country: 'CN',
      countryName: 'Китай',
    });
    const node = await findTnvedByCode(h.db, '8471300000');
    expect(node).toMatchObject({ level: 'SUBHEADING', parentKeyHash: tnvedKeyHash('8471'), hasChildren: false });
    expect((await tnvedChildren(h.db, tnvedKeyHash('XVI'))).map((n) => n.tnvedCode)).toEqual(['84', '85']);
  });

  it('leaves filled tables alone unless asked to replace', async () => {
    const again = await importReferenceData(h.db, DEMO_REFERENCE_DIR);
    expect(again.map((r) => r.status)).toEqual(['skipped-not-empty', 'skipped-not-empty', 'skipped-not-empty']);
    expect(await countRows(h.db, refSwift)).toBe(150);
  });

  it('replace re-imports only the requested set, in place', async () => {
    await h.db.delete(refSwift).where(eq(refSwift.swift, 'BKCHCNBJ'));
    const res = await importReferenceData(h.db, DEMO_REFERENCE_DIR, { replace: true, only: ['swift'] });
    expect(res).toEqual([expect.objectContaining({ set: 'swift', status: 'imported', rows: 150 })]);
    expect(await countRows(h.db, refSwift)).toBe(150);
    expect((await searchSwift(h.db, 'BKCHCNBJ')).map((x) => x.swift)).toContain('BKCHCNBJ');
  });

  it('skips missing sub-folders with a log line and keeps existing rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ref-partial-'));
    mkdirSync(join(dir, 'tnved-eaeu'));
    cpSync(join(DEMO_REFERENCE_DIR, 'tnved-eaeu', 'tnved.json'), join(dir, 'tnved-eaeu', 'tnved.json'));
    const lines: string[] = [];
    const res = await importReferenceData(h.db, dir, { replace: true, log: (m) => lines.push(m) });
    expect(res.map((r) => `${r.set}:${r.status}`)).toEqual([
      'banks:skipped-missing',
      'swift:skipped-missing',
      'tnved:imported',
    ]);
    expect(lines.filter((l) => l.includes('skipped'))).toHaveLength(2);
    expect(await countRows(h.db, refBanks)).toBe(22);
  });
});

describe('reference CLI arguments', () => {
  it('reads --dir, --only and --if-empty', () => {
    expect(parseCliArgs(['--dir', '/data', '--only', 'swift,tnved'])).toEqual({
      dir: '/data',
      only: ['swift', 'tnved'],
      ifEmpty: false,
      help: false,
    });
    expect(parseCliArgs(['--dir=/x', '--if-empty'])).toMatchObject({ dir: '/x', ifEmpty: true });
  });
  it('refuses unknown options and set names', () => {
    expect(() => parseCliArgs(['--only', 'banks,cards'])).toThrow(/cards/);
    expect(() => parseCliArgs(['--replace'])).toThrow(/unknown option/);
    expect(() => parseCliArgs(['--dir'])).toThrow(/value required/);
  });
});
