import { describe, expect, it } from 'vitest';
import {
  keepsOwnOperatorsRight,
  operatorFilterVariables,
  personInput,
  rightsState,
  toggled,
  validateOptionalName,
  validateOptionalPhone,
  validateRequiredEmail,
  validateRequiredName,
  OPERATOR_RIGHTS,
} from './operatorForm';

describe('operator administration form rules (issue 10; spec core §5, §6)', () => {
  it('checks names in Russian letters, e-mail and phones of 10 digits', () => {
    expect(validateRequiredName('')).toBe('Обязательное поле');
    expect(validateRequiredName('Smith')).toBe('Используйте русские буквы и дефис');
    expect(validateRequiredName('Петрова-Водкина')).toBe(true);
    expect(validateOptionalName('')).toBe(true);
    expect(validateOptionalName('Ivanovich')).toBe('Используйте русские буквы и дефис');
    expect(validateRequiredEmail('')).toBe('Обязательное поле');
    expect(validateRequiredEmail('a@b')).not.toBe(true);
    expect(validateRequiredEmail('a@example.com')).toBe(true);
    expect(validateOptionalPhone('')).toBe(true);
    expect(validateOptionalPhone('123')).toBe('Номер телефона — 10 цифр');
  });

  it('builds the input with blanks as null and normalised phones', () => {
    expect(
      personInput({
        surname: ' Петров ',
        name: 'Иван',
        patronymic: '',
        position: ' ',
        email: ' ivan@example.com ',
        phone: '(916) 123-45-67',
        additionalPhone: '',
      }),
    ).toEqual({
      surname: 'Петров',
      name: 'Иван',
      patronymic: null,
      position: null,
      email: 'ivan@example.com',
      phone: '9161234567',
      additionalPhone: null,
    });
  });

  it('leaves blank filters out', () => {
    expect(operatorFilterVariables({ query: '  ', status: '', role: '' })).toEqual({});
    expect(operatorFilterVariables({ query: ' иван ', status: 'SUSPENDED', role: 'SUPPORT' })).toEqual({
      query: 'иван',
      status: 'SUSPENDED',
      role: 'SUPPORT',
    });
  });

  it('computes effective rights and refuses removing one own OPERATORS right', () => {
    const s = rightsState(['SUPPORT'], ['CLIENTS']);
    expect(s.effective).toEqual(['ORDERS_VIEW', 'CLIENTS', 'SUPPORT']);
    expect(s.fromRoles.has('SUPPORT')).toBe(true);
    expect(s.fromRoles.has('CLIENTS')).toBe(false);
    expect(keepsOwnOperatorsRight(true, ['SENIOR_OPERATOR'], [])).toBe(false);
    expect(keepsOwnOperatorsRight(true, ['SENIOR_OPERATOR'], ['OPERATORS'])).toBe(true);
    expect(keepsOwnOperatorsRight(false, [], [])).toBe(true);
    expect(toggled(['SUPPORT'], 'ORDERS_VIEW', true, OPERATOR_RIGHTS)).toEqual(['ORDERS_VIEW', 'SUPPORT']);
    expect(toggled(['ORDERS_VIEW', 'SUPPORT'], 'SUPPORT', false, OPERATOR_RIGHTS)).toEqual(['ORDERS_VIEW']);
  });
});
