/** The payment agent form's conversions (issue 10; spec core §3 "Payment agent profile", §5). */
import { describe, expect, it } from 'vitest';
import {
  agentValuesOf,
  countryCodes,
  decimalOrNull,
  emptyAgentValues,
  formFieldOf,
  profileInputOf,
  validateInn,
  validateOgrn,
  validateOptionalAmount,
} from './paymentAgentForm';

describe('payment agent form (spec core §3 "Payment agent profile")', () => {
  it('a new agent starts with one currency row (spec core §5 at least one currency)', () => {
    expect(emptyAgentValues().currencies).toHaveLength(1);
  });

  it('builds the profile input: trimmed, empty text → null, decimals with a dot, countries upper case', () => {
    const v = {
      ...emptyAgentValues(),
      inn: ' 7707083893 ',
      brand: ' Омега ',
      minPaymentUsd: '1 000,50',
      supportedCountries: 'cn, tr;cn',
      contacts: [
        {
          surname: 'Иванова',
          name: 'Мария',
          patronymic: '',
          responsibilities: '',
          phone: '+7 (916) 123-45-67',
          email: '',
        },
      ],
      paymentCompanies: [
        {
          paymentCompanyId: 5,
          name: 'ООО',
          inn: '7707083893',
          kpp: '',
          ogrn: '',
          legalAddress: 'Москва',
          actualAddressSameAsLegal: true,
          actualAddress: 'ignored',
          requisites: [],
        },
      ],
    };
    const input = profileInputOf(v);
    expect(input).toMatchObject({
      inn: '7707083893',
      brand: 'Омега',
      minPaymentUsd: '1000.50',
      minMonthlyVolumeUsd: null,
      supportedCountries: ['CN', 'TR'],
      site: null,
      contacts: [{ phone: '9161234567', patronymic: null, email: null }],
      paymentCompanies: [{ paymentCompanyId: 5, actualAddress: null, kpp: null }],
    });
  });

  it('round-trips a card into form values', () => {
    const values = agentValuesOf({
      ...profileInputOf(emptyAgentValues()),
      supportedCountries: ['AE'],
      paymentCompanies: [],
      email: 'a@example.com',
    });
    expect(values.supportedCountries).toBe('AE');
    expect(values.kpp).toBe('');
    expect(values.email).toBe('a@example.com');
  });

  it('maps server fields to form fields and checks INN, OGRN and amounts with the §5 messages', () => {
    expect(formFieldOf('supportedCountries.1')).toBe('supportedCountries');
    expect(formFieldOf('currencies.0.rateSource')).toBe('currencies.0.rateSource');
    expect(validateInn('7707083893')).toBe(true);
    expect(validateInn('7707083890')).toBe('Некорректный ИНН');
    expect(validateInn('')).toBe('Обязательное поле');
    expect(validateOgrn('1027700132195')).toBe(true);
    expect(validateOgrn('1027700132194')).toBe('Некорректный ОГРН или ОГРНИП');
    expect(validateOptionalAmount('')).toBe(true);
    expect(validateOptionalAmount('12,5')).toBe(true);
    expect(validateOptionalAmount('abc')).not.toBe(true);
    expect(decimalOrNull('  ')).toBeNull();
    expect(countryCodes('')).toEqual([]);
  });
});
