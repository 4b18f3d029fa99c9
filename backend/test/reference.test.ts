/**
 * Reference routes through app.inject on the prepared template (real directories of shared/data):
 * spec core §7 "Reference data", §5 search rules, §9 constants; docs/rest-api.md "Reference data".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../src/reference/queries.js';
import { tnvedKeyHash } from '../src/reference/tnved.js';
import { refBanks, refSwift, refTnved } from '../src/db/schema/reference.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

const BASE = '/api/public/counterparty';

interface Node {
  keyHash: string;
  parentKeyHash: string | null;
  tnvedCode: string;
  tnvedName: string;
  level: string;
  hasChildren: boolean;
  children?: Node[];
}

for (const driver of DRIVERS) {
  describe(`reference data [${driver}]`, () => {
    let t: TestApp;
    let c: TestClient;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      c = t.client();
    });
    afterAll(() => t.close());

    const get = async (path: string, query?: Record<string, string>) => {
      const res = await c.get(`${BASE}${path}`, { query });
      return { status: res.statusCode, body: res.json() as any };
    };

    it('the template holds the full directories', async () => {
      expect(await countRows(t.db, refBanks)).toBe(1428);
      expect(await countRows(t.db, refSwift)).toBe(89211);
      expect(await countRows(t.db, refTnved)).toBe(21 + 96 + 957 + 12715);
    });

    describe('countries', () => {
      it('lists countries with Russian names sorted by name', async () => {
        const { status, body } = await get('/countries');
        expect(status).toBe(200);
        expect(body.length).toBeGreaterThanOrEqual(249);
        expect(body.find((x: any) => x.countryCode === 'CN')).toEqual({
          countryCode: 'CN',
          countryName: 'Китай',
          countryShortName: 'Китай',
        });
        expect(body[0].countryName.localeCompare(body[body.length - 1].countryName, 'ru')).toBeLessThan(0);
      });
      it('filters by name prefix or code', async () => {
        expect((await get('/countries', { prefix: 'Тур' })).body.map((x: any) => x.countryCode)).toContain('TR');
        expect((await get('/countries', { prefix: 'kz' })).body.map((x: any) => x.countryCode)).toEqual(['KZ']);
        expect((await get('/countries', { prefix: 'несуществующая' })).body).toEqual([]);
      });
      it('refuses an over-long prefix with VALIDATION_ERROR', async () => {
        const { status, body } = await get('/countries', { prefix: 'x'.repeat(101) });
        expect(status).toBe(400);
        expect(body.code).toBe('VALIDATION_ERROR');
      });
    });

    describe('currencies', () => {
      it('puts USD, EUR, CNY, AED first (spec core §9)', async () => {
        const { status, body } = await get('/currencies');
        expect(status).toBe(200);
        expect(body.slice(0, 4).map((x: any) => x.currencyCode)).toEqual(['USD', 'EUR', 'CNY', 'AED']);
        expect(body[0]).toEqual({ currencyCode: 'USD', currencyName: 'Доллар США', popular: true });
        expect(body[4].popular).toBe(false);
      });
      it('filters by prefix', async () => {
        expect((await get('/currencies', { prefix: 'руб' })).body.map((x: any) => x.currencyCode)).toContain('RUB');
        expect((await get('/currencies', { prefix: 'eu' })).body.map((x: any) => x.currencyCode)).toEqual(['EUR']);
      });
    });

    describe('bank by BIK', () => {
      it('answers Sberbank for 044525225', async () => {
        const { status, body } = await get('/bik', { bik: '044525225' });
        expect(status).toBe(200);
        expect(body).toEqual({
          bankBik: '044525225',
          bankName: 'ПАО Сбербанк',
          corrAccount: '30101810400000000225',
          city: 'Москва',
          swift: 'SABRRUMM',
        });
      });
      it('answers null corrAccount and swift for a Bank of Russia office', async () => {
        const { body } = await get('/bik', { bik: '043081002' });
        expect(body).toMatchObject({
          bankName: 'ПУ БАНКА РОССИИ АВАЧИНСКОЕ',
          corrAccount: null,
          swift: null,
          city: 'Вилючинск',
        });
      });
      it('400 VALIDATION_ERROR with a Russian message for 8 digits, letters or 10 digits', async () => {
        for (const bik of ['04452522', '04452522a', '0445252250']) {
          const { status, body } = await get('/bik', { bik });
          expect(status).toBe(400);
          expect(body.code).toBe('VALIDATION_ERROR');
          expect(body.message).toBe('Ошибка валидации');
          expect(body.errors).toEqual([{ field: 'bik', code: 'BIK_FORMAT', message: 'БИК должен состоять из 9 цифр' }]);
        }
      });
      it('400 REQUIRED when bik is missing', async () => {
        const { status, body } = await get('/bik');
        expect(status).toBe(400);
        expect(body.errors[0]).toMatchObject({ field: 'bik', code: 'REQUIRED' });
      });
      it('404 NOT_FOUND for an unknown 9-digit BIK', async () => {
        const { status, body } = await get('/bik', { bik: '000000000' });
        expect(status).toBe(404);
        expect(body).toEqual({ code: 'NOT_FOUND', message: 'Банк с таким БИК не найден' });
      });
    });

    describe('SWIFT', () => {
      it('finds Bank of China by code prefix with the Russian country name', async () => {
        const { status, body } = await get('/swift', { swift: 'bkchcnbj' });
        expect(status).toBe(200);
        expect(body[0]).toMatchObject({ swift: 'BKCHCNBJ', city: 'BEIJING', country: 'CN', countryName: 'Китай' });
        expect(body[0].institutionName).toMatch(/^BANK OF CHINA/);
        expect(body.every((x: any) => x.swift.startsWith('BKCHCNBJ'))).toBe(true);
      });
      it('answers at most 20, ordered by code', async () => {
        const { body } = await get('/swift', { swift: 'BKCH' });
        expect(body).toHaveLength(20);
        const codes = body.map((x: any) => x.swift);
        expect(codes).toEqual([...codes].sort());
      });
      it('treats LIKE wildcards literally', async () => {
        expect((await get('/swift', { swift: '%' })).body).toEqual([]);
        expect((await get('/swift', { swift: 'BKCH_' })).body).toEqual([]);
      });
      it('falls back to the institution name', async () => {
        const { body } = await get('/swift', { swift: 'bank of china' });
        expect(body.length).toBeGreaterThan(0);
        expect(body.every((x: any) => x.institutionName.startsWith('BANK OF CHINA'))).toBe(true);
      });
      it('400 when swift is missing', async () => {
        expect((await get('/swift')).status).toBe(400);
      });
    });

    describe('TN VED', () => {
      it('two-levels: 21 sections I…XXI with 96 groups in all', async () => {
        const { status, body } = await get('/tnved/two-levels');
        expect(status).toBe(200);
        expect(body).toHaveLength(21);
        expect(body[0]).toMatchObject({ tnvedCode: 'I', level: 'SECTION', parentKeyHash: null, hasChildren: true });
        expect(body[20].tnvedCode).toBe('XXI');
        expect(body.reduce((n: number, s: Node) => n + s.children!.length, 0)).toBe(96);
        const xvi = body.find((s: Node) => s.tnvedCode === 'XVI');
        expect(xvi.children.map((g: Node) => g.tnvedCode)).toEqual(['84', '85']);
        expect(xvi.children[0]).toMatchObject({
          level: 'GROUP',
          parentKeyHash: xvi.keyHash,
          keyHash: tnvedKeyHash('84'),
        });
      });

      it('children by parent key hash (36 characters) and by code give the same nodes', async () => {
        const byHash = await get('/tnved/children', { parentKeyHash: tnvedKeyHash('8471') });
        const byCode = await get('/tnved/children', { parentCode: '8471' });
        expect(byHash.status).toBe(200);
        expect(byHash.body).toEqual(byCode.body);
        const sub = byHash.body.find((n: Node) => n.tnvedCode === '8471300000');
        expect(sub).toMatchObject({
          level: 'SUBHEADING',
          parentKeyHash: tnvedKeyHash('8471'),
          hasChildren: false,
          keyHash: tnvedKeyHash('8471300000'),
        });
        expect(sub.keyHash).toHaveLength(36);
      });

      it('an identifier that is not 36 characters is a code, even in parentKeyHash (spec core §5)', async () => {
        const { status, body } = await get('/tnved/children', { parentKeyHash: '84' });
        expect(status).toBe(200);
        expect(body.map((n: Node) => n.tnvedCode)).toContain('8471');
        expect(body.every((n: Node) => n.level === 'HEADING')).toBe(true);
      });

      it('section children by Roman code; leaf children are empty', async () => {
        expect((await get('/tnved/children', { parentCode: 'xvi' })).body.map((n: Node) => n.tnvedCode)).toEqual([
          '84',
          '85',
        ]);
        expect((await get('/tnved/children', { parentCode: '8471300000' })).body).toEqual([]);
      });

      it('400 without a parent or with a malformed 36-character id; 404 for an unknown node', async () => {
        const none = await get('/tnved/children');
        expect(none.status).toBe(400);
        expect(none.body.code).toBe('VALIDATION_ERROR');
        const bad = await get('/tnved/children', { parentKeyHash: 'x'.repeat(36) });
        expect(bad.status).toBe(400);
        expect(bad.body.errors[0].code).toBe('KEY_HASH_FORMAT');
        const unknownHash = await get('/tnved/children', { parentKeyHash: tnvedKeyHash('9999') });
        expect(unknownHash.status).toBe(404);
        expect(unknownHash.body).toEqual({ code: 'NOT_FOUND', message: 'Код ТН ВЭД не найден' });
        expect((await get('/tnved/children', { parentCode: '9999' })).status).toBe(404);
      });

      it('suggestion by code prefix: heading first, then its codes, at most 20', async () => {
        const { status, body } = await get('/tnved/suggestion/suggest', { codeSuggest: '8471' });
        expect(status).toBe(200);
        expect(body[0]).toMatchObject({ tnvedCode: '8471', level: 'HEADING' });
        expect(body.map((n: Node) => n.tnvedCode)).toContain('8471300000');
        expect(body.length).toBeLessThanOrEqual(20);
        expect(body.every((n: Node) => n.tnvedCode.startsWith('8471'))).toBe(true);
        const many = await get('/tnved/suggestion/suggest', { codeSuggest: '84' });
        expect(many.body).toHaveLength(20);
        expect(many.body[0]).toMatchObject({ tnvedCode: '84', level: 'GROUP' });
      });

      it('suggestion by name: every word, case-insensitive, any order', async () => {
        const { body } = await get('/tnved/suggestion/suggest', { nameSuggest: 'ВЫЧИСЛИТЕЛЬНЫЕ машины' });
        expect(body.length).toBeGreaterThan(0);
        for (const n of body as Node[]) {
          expect(n.tnvedName.toLowerCase()).toContain('вычислительн');
          expect(n.tnvedName.toLowerCase()).toContain('машин');
        }
        expect(body.map((n: Node) => n.tnvedCode)).toContain('8471');
        const reversed = await get('/tnved/suggestion/suggest', { nameSuggest: 'машины вычислительные' });
        expect(reversed.body).toEqual(body);
      });

      it('suggestion: wildcards are literal, nothing given → []', async () => {
        const percent = await get('/tnved/suggestion/suggest', { nameSuggest: '%' });
        expect(percent.body.length).toBeGreaterThan(0);
        expect(percent.body.every((n: Node) => n.tnvedName.includes('%'))).toBe(true);
        expect((await get('/tnved/suggestion/suggest', { nameSuggest: 'маш_ны' })).body).toEqual([]);
        expect((await get('/tnved/suggestion/suggest', { codeSuggest: '84%' })).body).toEqual([]);
        expect((await get('/tnved/suggestion/suggest')).body).toEqual([]);
      });
    });

    describe('relevant search', () => {
      it('mixes directories: a country, a TN VED code, a bank', async () => {
        const china = await get('/relevant/search', { prefix: 'Кит' });
        expect(china.status).toBe(200);
        expect(china.body).toContainEqual({ type: 'COUNTRY', code: 'CN', name: 'Китай' });
        expect(china.body.length).toBeLessThanOrEqual(20);
        const code = await get('/relevant/search', { prefix: '847130' });
        expect(code.body).toContainEqual(expect.objectContaining({ type: 'TNVED', code: '8471300000' }));
        const sber = await get('/relevant/search', { prefix: 'сбербанк' });
        expect(sber.body).toContainEqual({ type: 'BANK', code: '044525225', name: 'ПАО Сбербанк' });
      });
      it('400 without prefix', async () => {
        expect((await get('/relevant/search')).status).toBe(400);
      });
    });

    it('every reference route is documented under the reference tag', async () => {
      const res = await c.get('/api/docs/json');
      const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };
      const paths = Object.keys(doc.paths).filter((p) => p.startsWith(BASE));
      expect(paths).toHaveLength(8);
      for (const p of paths) {
        expect(doc.paths[p].get.tags).toEqual(['reference']);
        expect(doc.paths[p].get.summary).toMatch(/spec core §7/);
      }
    });
  });
}
