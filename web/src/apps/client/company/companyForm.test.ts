/** Unit tests of the 'Моя компания' form rules (issue 8; spec core §5 names, phone, site; §3 "Bank requisite"). */
import { describe, expect, it } from 'vitest';
import {
  COMPANY_MESSAGES,
  toRegistrationDataInput,
  validateAccount,
  validateBik,
  validateOptionalPhone,
  validateRussianName,
  validateSite,
} from './companyForm';

describe('company forms', () => {
  it('names: Russian letters and hyphen', () => {
    expect(validateRussianName('Анна-Мария')).toBe(true);
    expect(validateRussianName('Ёлкина')).toBe(true);
    expect(validateRussianName('Anna')).toBe(COMPANY_MESSAGES.russianLetters);
    expect(validateRussianName('Анна-')).toBe(COMPANY_MESSAGES.russianLetters);
    expect(validateRussianName('')).toBe('Обязательное поле');
    expect(validateRussianName('', false)).toBe(true);
  });
  it('optional phone: empty or 10 digits', () => {
    expect(validateOptionalPhone('')).toBe(true);
    expect(validateOptionalPhone('+7 (495) 123-45-67')).toBe(true);
    expect(validateOptionalPhone('12345')).toBe('Номер телефона — 10 цифр');
  });
  it('site: http/https address or a domain', () => {
    for (const s of ['', 'romashka.ru', 'https://www.romashka.ru/about', 'ромашка.рф'])
      expect(validateSite(s), s).toBe(true);
    for (const s of ['not a site', 'ftp://romashka.ru', 'romashka', 'http://user@romashka.ru'])
      expect(validateSite(s), s).toBe('Некорректный адрес сайта');
  });
  it('BIK 9 digits, account 20 digits', () => {
    expect(validateBik('044525225')).toBe(true);
    expect(validateBik('04452522')).toBe('БИК — 9 цифр');
    expect(validateAccount('40702810938000000001')).toBe(true);
    expect(validateAccount('4070281093800000000')).toBe('Расчётный счёт — 20 цифр');
    expect(validateAccount('')).toBe('Обязательное поле');
  });
  it('maps the typed registration data to the input', () => {
    expect(
      toRegistrationDataInput({
        name: ' Иван ',
        surname: 'Иванов',
        patronymic: ' ',
        phone: '8 916 123-45-67',
        additionalPhone: '',
        companyWebsite: ' romashka.ru ',
      }),
    ).toEqual({
      name: 'Иван',
      surname: 'Иванов',
      patronymic: null,
      phone: '9161234567',
      additionalPhone: null,
      companyWebsite: 'romashka.ru',
    });
  });
});
