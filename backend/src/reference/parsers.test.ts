/**
 * Importers on the REAL official directories (spec core §3 "Reference options", §7 "Reference data";
 * counts from each SOURCE.md under shared/data).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { findEd807File, parseEd807, type BankRecord } from './ed807.js';
import { parseSwiftCountry, parseSwiftDir, type SwiftParseResult } from './swift.js';
import { REAL_DATA_DIR } from './test-data.js';
import { parseTnved, TNVED_NAMESPACE, tnvedKeyHash, tnvedLevelOf, toRoman, type TnvedRecord } from './tnved.js';

describe('ED807 (Bank of Russia BIK directory), real file', () => {
  let banks: BankRecord[];
  beforeAll(() => {
    const file = findEd807File(join(REAL_DATA_DIR, 'cbr-bik-ed807'));
    expect(file).toMatch(/20260417_ED807_full\.xml$/);
    banks = parseEd807(readFileSync(file!));
  });

  it('reads all 1,428 entries with unique 9-digit BIKs', () => {
    expect(banks).toHaveLength(1428);
    expect(new Set(banks.map((b) => b.bik)).size).toBe(1428);
    expect(banks.every((b) => /^\d{9}$/.test(b.bik))).toBe(true);
  });

  it('maps Sberbank: name, CRSA correspondent account, city, default SWIFT (decoded from windows-1251)', () => {
    const sber = banks.find((b) => b.bik === '044525225')!;
    expect(sber).toMatchObject({
      name: 'ПАО Сбербанк',
      corrAccount: '30101810400000000225',
      city: 'Москва',
      swift: 'SABRRUMM',
      swiftCodes: ['SABRRUMM', 'SABRRUMM012'],
      ptType: '20',
      englName: 'SBERBANK',
      restricted: false,
    });
    expect(sber.nameSearch).toBe('пао сбербанк');
  });

  it('decodes XML entities and keeps branch data', () => {
    const tbank = banks.find((b) => b.bik === '044525974')!;
    expect(tbank.name).toBe('АО "ТБанк"');
    expect(tbank.swift).toBe('TICSRUMMXXX');
    const branch = banks.find((b) => b.bik === '045004641')!;
    expect(branch).toMatchObject({ city: 'Новосибирск', parentBik: '044525225', ptType: '30', swift: 'SABRRUMMNH1' });
  });

  // SOURCE.md says "283 entries have RstrList": the file has 283 <RstrList> elements in 282 entries (one entry has two).
  it('counts match SOURCE.md: 966 CRSA accounts, 297 entries with SWIFT, 282 restricted entries', () => {
    expect(banks.filter((b) => b.corrAccount).length).toBe(966);
    expect(banks.filter((b) => b.swift).length).toBe(297);
    expect(banks.reduce((n, b) => n + b.swiftCodes.length, 0)).toBe(299);
    expect(banks.filter((b) => b.restricted).length).toBe(282);
    expect(banks.filter((b) => b.ptType === '90').length).toBe(289);
  });

  it('gives null, not an empty string, for a missing correspondent account', () => {
    const office = banks.find((b) => b.bik === '043081002')!;
    expect(office.name).toBe('ПУ БАНКА РОССИИ АВАЧИНСКОЕ');
    expect(office.corrAccount).toBeNull();
    expect(office.swift).toBeNull();
  });
});

describe('ED807 parser, synthetic input', () => {
  const xml = (body: string, enc = 'WINDOWS-1251') =>
    `<?xml version="1.0" encoding="${enc}"?><ED807 xmlns="urn:cbr-ru:ed:v2.0">${body}</ED807>`;

  it('takes the CRSA account among others and the DefaultSWBIC even when listed second', () => {
    const body =
      '<BICDirectoryEntry BIC="012345678"><ParticipantInfo NameP="Тест-банк" Nnp="Казань"/>' +
      '<Accounts Account="40101810000000000001" RegulationAccountType="BANA"/><Accounts Account="30101810000000000678" RegulationAccountType="CRSA"/>' +
      '<SWBICS SWBIC="TESTRUMMXXX" DefaultSWBIC="0"/><SWBICS SWBIC="TESTRUMM" DefaultSWBIC="1"/></BICDirectoryEntry>';
    const [b] = parseEd807(iconv.encode(xml(body), 'win1251'));
    expect(b).toMatchObject({
      bik: '012345678',
      name: 'Тест-банк',
      city: 'Казань',
      corrAccount: '30101810000000000678',
      swift: 'TESTRUMM',
      swiftCodes: ['TESTRUMM', 'TESTRUMMXXX'],
    });
  });

  it('honours a UTF-8 declaration', () => {
    const [b] = parseEd807(
      Buffer.from(
        xml('<BICDirectoryEntry BIC="000000001"><ParticipantInfo NameP="Ёлка-банк"/></BICDirectoryEntry>', 'UTF-8'),
      ),
    );
    expect(b.name).toBe('Ёлка-банк');
    expect(b.nameSearch).toBe('елка-банк');
  });

  it('rejects a document that is not ED807', () => {
    expect(() => parseEd807(Buffer.from('<?xml version="1.0"?><ED101/>'))).toThrow(/ED807/);
  });
});

describe('SWIFT directory, real files', () => {
  let r: SwiftParseResult;
  beforeAll(() => {
    r = parseSwiftDir(join(REAL_DATA_DIR, 'swift-codes'));
  });

  it('reads 89,277 entries of 232 files and keeps 89,211 unique codes (66 repeats dropped, first kept)', () => {
    expect(r.files).toBe(232);
    expect(r.entries).toBe(89277);
    expect(r.records).toHaveLength(89211);
    expect(r.duplicates).toHaveLength(66);
    expect(new Set(r.records.map((x) => x.swift)).size).toBe(89211);
    expect(r.duplicates).toContain('BAETGB21');
  });

  it('maps Bank of China (CN): name, city, country', () => {
    const boc = r.records.find((x) => x.swift === 'BKCHCNBJ')!;
    expect(boc).toMatchObject({ countryCode: 'CN', city: 'BEIJING' });
    expect(boc.institutionName).toMatch(/^BANK OF CHINA/);
  });

  it('appends the branch to the institution name', () => {
    const ae = r.records.find((x) => x.swift === 'ABNAAEAAIPC')!;
    expect(ae.institutionName).toBe(
      'ABN AMRO BANK N.V. UNITED ARAB EMIRATES BRANCH (INTERNATIONAL PRIVATE CLIENTS DEPARTMENT)',
    );
    expect(ae.branch).toBe('(INTERNATIONAL PRIVATE CLIENTS DEPARTMENT)');
    expect(ae.countryCode).toBe('AE');
  });

  it('per-country counts match SOURCE.md (CN 2,652, KZ 82)', () => {
    // CN and KZ have no repeated codes, so unique records equal the published entry counts.
    expect(r.records.filter((x) => x.countryCode === 'CN')).toHaveLength(2652);
    expect(r.records.filter((x) => x.countryCode === 'KZ')).toHaveLength(82);
  });

  it('skips malformed codes and upper-cases the rest', () => {
    const one = parseSwiftCountry(
      JSON.stringify({
        country_code: 'TR',
        list: [
          { bank: 'A', city: 'X', branch: null, swift_code: 'akbktris' },
          { bank: 'B', city: 'Y', branch: '', swift_code: 'TOO-LONG-CODE' },
          { bank: 'C', city: 'Z', branch: null, swift_code: 'ABCDTRIS1' },
        ],
      }),
    );
    expect(one.records.map((x) => x.swift)).toEqual(['AKBKTRIS']);
    expect(one.entries).toBe(3);
  });
});

describe('TN VED EAEU, real file', () => {
  let nodes: TnvedRecord[];
  const byCode = (c: string) => nodes.find((n) => n.code === c)!;
  beforeAll(() => {
    nodes = parseTnved(readFileSync(join(REAL_DATA_DIR, 'tnved-eaeu', 'tnved.json'), 'utf8'));
  });

  it('has 21 sections, 96 groups, 957 headings and 12,715 ten-digit codes; the FIFA2018 artefact is skipped', () => {
    const count = (l: string) => nodes.filter((n) => n.level === l).length;
    expect(count('SECTION')).toBe(21);
    expect(count('GROUP')).toBe(96);
    expect(count('HEADING')).toBe(957);
    expect(count('SUBHEADING')).toBe(12715);
    expect(nodes.some((n) => n.name === 'FIFA2018')).toBe(false);
    expect(nodes.filter((n) => n.level === 'SECTION').map((n) => n.code)).toEqual(
      Array.from({ length: 21 }, (_, i) => toRoman(i + 1)),
    );
  });

  it('places 8471300000 under heading 8471, group 84, section XVI', () => {
    const sub = byCode('8471300000');
    const heading = byCode('8471');
    const group = byCode('84');
    const section = byCode('XVI');
    expect(sub.level).toBe('SUBHEADING');
    expect(sub.parentKeyHash).toBe(heading.keyHash);
    expect(heading.parentKeyHash).toBe(group.keyHash);
    expect(group.parentKeyHash).toBe(section.keyHash);
    expect(section.parentKeyHash).toBeNull();
    expect(section.name).toMatch(/^МАШИНЫ, ОБОРУДОВАНИЕ И МЕХАНИЗМЫ/);
    expect(heading.hasChildren).toBe(true);
    expect(sub.hasChildren).toBe(false);
  });

  it('key hashes are UUID v5 of the code, 36 characters, unique and stable', () => {
    expect(byCode('8471300000').keyHash).toBe(tnvedKeyHash('8471300000'));
    expect(tnvedKeyHash('84')).toHaveLength(36);
    expect(tnvedKeyHash('84')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(nodes.map((n) => n.keyHash)).size).toBe(nodes.length);
    expect(TNVED_NAMESPACE).toBe('2f6c1f9e-5d0b-4b8e-9a53-6c2d3e1a7b40');
  });

  it('sort order is the depth-first position: every parent precedes its children', () => {
    const pos = new Map(nodes.map((n) => [n.keyHash, n.sortOrder]));
    expect(nodes.map((n) => n.sortOrder)).toEqual(nodes.map((_, i) => i));
    expect(nodes.every((n) => n.parentKeyHash === null || pos.get(n.parentKeyHash)! < n.sortOrder)).toBe(true);
  });

  it('level of a code follows its shape', () => {
    expect(tnvedLevelOf('XXI')).toBe('SECTION');
    expect(tnvedLevelOf('01')).toBe('GROUP');
    expect(tnvedLevelOf('0101')).toBe('HEADING');
    expect(tnvedLevelOf('0101210000')).toBe('SUBHEADING');
    expect(tnvedLevelOf('010121')).toBeNull();
  });

  it('skips malformed codes and non-list groups', () => {
    const out = parseTnved([
      {
        chapter: '16',
        naim: 'S',
        groups: [
          {
            code: '84',
            naim: 'G',
            goods: [
              { code: '847', naim: 'bad', subs: [] },
              { code: '8471', naim: 'H', subs: [{ code: '8471', naim: 'bad' }] },
            ],
          },
        ],
      },
      { chapter: '22', naim: 'FIFA2018', groups: null },
      { chapter: '03', naim: 'no groups', groups: null },
    ]);
    expect(out.map((n) => `${n.level}:${n.code}`)).toEqual(['SECTION:XVI', 'GROUP:84', 'HEADING:8471']);
    expect(out[2].hasChildren).toBe(false);
  });
});
