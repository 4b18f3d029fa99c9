import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION,
  REGISTRATION_STEPS,
  formFieldOfServerField,
  registrationInput,
  stepOfServerField,
} from './registrationForm';

describe('registration stepper (spec core §3 Registration payload, §4 stepper)', () => {
  it('has four steps and consent on by default', () => {
    expect(REGISTRATION_STEPS.map((s) => s.id)).toEqual(['company', 'contacts', 'checklist', 'consent']);
    expect(EMPTY_REGISTRATION.processingPersonalDataAgreement).toBe(true);
  });
  it('builds the registerClient input with numbers as numbers and a 10-digit phone', () => {
    const input = registrationInput(
      {
        ...EMPTY_REGISTRATION,
        ogrn: '1027700132195',
        surname: ' Иванов ',
        name: 'Иван',
        phone: '+7 (912) 345-67-89',
        countries: [{ countryCode: 'CN', countryName: 'Китай' }],
        currencyCodes: ['USD', 'CNY'],
        paymentsNumber: '12',
        monthlyCurrencyPayment: '150 000',
      },
      { email: 'a@b.ru', token: 'tkn', password: 'Secret#2026' },
    );
    expect(input).toEqual({
      ogrn: '1027700132195',
      token: 'tkn',
      user: {
        name: 'Иван',
        surname: 'Иванов',
        patronymic: null,
        email: 'a@b.ru',
        password: 'Secret#2026',
        passwordSecondTime: 'Secret#2026',
        phone: '9123456789',
        processingPersonalDataAgreement: true,
      },
      checklist: {
        countryCodes: ['CN'],
        currencyCodes: ['USD', 'CNY'],
        paymentsNumber: 12,
        monthlyCurrencyPayment: '150000',
        comment: null,
      },
    });
  });
  it('maps server field errors to their step and field', () => {
    expect(stepOfServerField('user.phone')).toBe(1);
    expect(stepOfServerField('checklist.countryCodes')).toBe(2);
    expect(stepOfServerField('ogrn')).toBe(0);
    expect(stepOfServerField('token')).toBe(0);
    expect(formFieldOfServerField('user.phone')).toBe('phone');
    expect(formFieldOfServerField('token')).toBeNull();
  });
});
