/**
 * The add-client wizard's checks (issue 11; spec core §5): the OGRN of step 1 (13 or 15 digits with the check digit),
 * the contact and estimates of step 2 with the §5 messages, the normalised mutation input and where server field
 * errors go.
 */
import { describe, expect, it } from 'vitest';
import { addClientInput, contactProblems, EMPTY_ADD_CLIENT, fieldOfServerPath, ogrnProblem } from './addClientForm';

const texts = { pickCountry: 'Выберите страну', pickCurrency: 'Выберите валюту' };

describe('add-client form (issue 11)', () => {
  it('checks the OGRN: required, 13 or 15 digits, check digit', () => {
    expect(ogrnProblem('')).toBe('Обязательное поле');
    expect(ogrnProblem('123')).toBe('ОГРН — 13 цифр, ОГРНИП — 15 цифр');
    expect(ogrnProblem('1197746123454')).toBe('Некорректный ОГРН или ОГРНИП');
    expect(ogrnProblem(' 1197746123453 ')).toBeNull();
  });

  it('step 2: every problem with its §5 message; none for valid values', () => {
    expect(contactProblems({ ...EMPTY_ADD_CLIENT, surname: 'Smith', phone: '123', email: 'x' }, texts)).toEqual({
      surname: 'Используйте русские буквы и дефис',
      name: 'Обязательное поле',
      email: 'Проверьте корректность данных',
      phone: 'Номер телефона — 10 цифр',
      countries: 'Выберите страну',
      currencyCodes: 'Выберите валюту',
      monthlyVolume: 'Обязательное поле',
      monthlyPayments: 'Обязательное поле',
    });
    const ok = {
      ...EMPTY_ADD_CLIENT,
      surname: 'Лебедев',
      name: 'Сергей',
      email: 'a@b.ru',
      phone: '8 916 111-22-33',
      countries: [{ countryCode: 'CN', countryName: 'Китай' }],
      currencyCodes: ['USD'],
      monthlyVolume: '1 000,5',
      monthlyPayments: '3',
    };
    expect(contactProblems(ok, texts)).toEqual({});
    expect(contactProblems({ ...ok, monthlyVolume: '0' }, texts)).toEqual({
      monthlyVolume: 'Введите сумму, например 12500,00',
    });
    expect(addClientInput(' 1197746123453', ok, true)).toEqual({
      ogrn: '1197746123453',
      contact: {
        surname: 'Лебедев',
        name: 'Сергей',
        patronymic: null,
        email: 'a@b.ru',
        phone: '9161112233',
        position: null,
      },
      countryCodes: ['CN'],
      currencyCodes: ['USD'],
      monthlyVolume: '1000.5',
      monthlyPayments: 3,
      clientApproved: true,
    });
  });

  it('maps server field paths to the fields of step 2', () => {
    expect(fieldOfServerPath('contact.email')).toBe('email');
    expect(fieldOfServerPath('countryCodes.0')).toBe('countries');
    expect(fieldOfServerPath('monthlyVolume')).toBe('monthlyVolume');
    expect(fieldOfServerPath('clientApproved')).toBeNull();
    expect(fieldOfServerPath('contact.unknown')).toBeNull();
  });
});
