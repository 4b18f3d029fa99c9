/** The fake company registry (spec core §5 "numeric text is INN, otherwise name"; §3 Company). */
import { describe, expect, it } from 'vitest';
import { checkInn, checkOgrn } from '@platform/domain/validation/rules';
import { DEMO_REGISTRY, FakeCompanyRegistry } from './company-registry.js';

describe('FakeCompanyRegistry', () => {
  const registry = new FakeCompanyRegistry();

  it('holds demo companies with valid INN and OGRN check digits', () => {
    expect(DEMO_REGISTRY.length).toBeGreaterThanOrEqual(8);
    for (const c of DEMO_REGISTRY) {
      expect(checkInn(c.inn), c.inn).toBeNull();
      expect(checkOgrn(c.ogrn), c.ogrn).toBeNull();
      expect(c.ogrn.length === 15 ? c.kpp : c.kpp?.length).toBe(c.ogrn.length === 15 ? null : 9);
    }
  });

  it('finds by INN prefix when the query is numeric', async () => {
    const hits = await registry.search('7707');
    expect(hits.map((h) => h.inn)).toEqual(['7707393126']);
    expect(await registry.search('0000')).toEqual([]);
  });

  it('finds by words of the name, case- and ё-insensitive, ignoring quotes', async () => {
    expect((await registry.search('вэд трейд')).map((h) => h.ogrn)).toEqual(['1177746126040']);
    expect((await registry.search('«Техноимпорт»')).map((h) => h.shortName)).toEqual(['ООО «Техноимпорт»']);
    expect((await registry.search('федорова')).length).toBe(0); // CEO names are not searched
    expect((await registry.search('балтийская ЛОГИСТИКА')).length).toBe(1);
    expect(await registry.search('   ')).toEqual([]);
  });

  it('limits the number of results', async () => {
    expect((await registry.search('ООО', 3)).length).toBe(3);
  });

  it('looks up by OGRN and returns copies', async () => {
    const c = await registry.byOgrn('1197746123453');
    expect(c?.shortName).toBe('ООО «Техноимпорт»');
    c!.ceo!.lastName = 'Изменён';
    expect((await registry.byOgrn('1197746123453'))?.ceo?.lastName).toBe('Лебедев');
    expect(await registry.byOgrn('1027700132195')).toBeNull();
  });
});
