/** The referral partner form's pure helpers (issue 10; spec core §3 "Referral partner", §5). */
import { describe, expect, it } from 'vitest';
import { EMPTY_PARTNER, partnerFormField, partnerInput, partnerRules, partnerValues, splitList } from './partnerForm';

describe('referral partner form (spec core §3, §5)', () => {
  it('builds the input: trimmed, empty optional fields null, lists split', () => {
    const input = partnerInput({
      ...EMPTY_PARTNER,
      ogrn: ' 1177746126040 ',
      inn: '7707393126',
      email: ' Partner@Example.com ',
      extraPhones: '9161234567, 9167654321;',
      extraEmails: 'a@example.com\nb@example.com',
      commissionPercent: '12,5',
      bankRequisites: [{ bankBik: ' 044525225 ', checkAccount: '40702810938000000001 ' }],
    });
    expect(input).toMatchObject({
      ogrn: '1177746126040',
      email: 'Partner@Example.com',
      kpp: null,
      fullName: null,
      extraPhones: ['9161234567', '9167654321'],
      extraEmails: ['a@example.com', 'b@example.com'],
      commissionPercent: '12,5',
      bankRequisites: [{ bankBik: '044525225', checkAccount: '40702810938000000001' }],
    });
    expect(splitList(' , ')).toEqual([]);
  });

  it('reads a partner back into the form (percent with a comma, 0 as empty)', () => {
    const v = partnerValues({
      ogrn: '319774600123453',
      inn: '772012345670',
      fullName: 'ИП Орлов',
      shortName: 'ИП Орлов',
      extraPhones: ['9161234567'],
      extraEmails: [],
      commissionPercent: '12.5',
      bankRequisites: [],
    });
    expect(v).toMatchObject({ extraPhones: '9161234567', extraEmails: '', commissionPercent: '12,5', kpp: '' });
    expect(
      partnerValues({ ...v, extraPhones: [], extraEmails: [], commissionPercent: '0', bankRequisites: [] })
        .commissionPercent,
    ).toBe('');
  });

  it('checks the fields with the rules of the server', () => {
    expect(partnerRules.ogrn('1177746126040')).toBe(true);
    expect(partnerRules.ogrn('1177746126041')).toBe('Некорректный ОГРН или ОГРНИП');
    expect(partnerRules.ogrn('')).toBe('Обязательное поле');
    expect(partnerRules.inn('7707393126')).toBe(true);
    expect(partnerRules.phone('123')).toBe('Номер телефона — 10 цифр');
    expect(partnerRules.phone('')).toBe(true);
    expect(partnerRules.extraPhones('9161234567, 12')).toBe('Номер телефона — 10 цифр: 12');
    expect(partnerRules.email('нет')).toBe('Проверьте корректность данных');
    expect(partnerRules.commissionPercent('100')).not.toBe(true);
    expect(partnerRules.commissionPercent('99,9999')).toBe(true);
    expect(partnerRules.bankBik('04452522')).toBe('БИК — 9 цифр');
  });

  it('places server field paths on the form fields', () => {
    expect(partnerFormField('extraPhones.1')).toBe('extraPhones');
    expect(partnerFormField('bankRequisites.0.checkAccount')).toBe('bankRequisites.0.checkAccount');
    expect(partnerFormField('email')).toBe('email');
    expect(partnerFormField('somethingElse')).toBeNull();
  });
});
