import { describe, expect, it } from 'vitest';
import { contactsInput, splitList, validateEmailList, validatePhoneList } from './contactsForm';

describe("the referral partner's contacts editor (issue 11; spec core §5)", () => {
  it('splits a typed list by commas, semicolons and lines, dropping blanks', () => {
    expect(splitList(' 9161234567, ;\n9031234567 ')).toEqual(['9161234567', '9031234567']);
    expect(splitList('')).toEqual([]);
  });

  it('checks every phone (10 digits) and every e-mail, naming the first bad entry', () => {
    expect(validatePhoneList('+7 (916) 123-45-67, 9031234567')).toBe(true);
    expect(validatePhoneList('9161234567, 123')).toBe('123: Номер телефона — 10 цифр');
    expect(validateEmailList('a@example.com; b@example.com')).toBe(true);
    expect(validateEmailList('a@example.com, nope')).toBe('nope: Проверьте корректность данных');
  });

  it('builds the mutation input: phones as 10 digits, an empty address as null', () => {
    expect(
      contactsInput({ extraPhones: '+7 916 123-45-67', extraEmails: 'Buh@Example.com', actualAddress: '  ' }),
    ).toEqual({ extraPhones: ['9161234567'], extraEmails: ['Buh@Example.com'], actualAddress: null });
  });
});
