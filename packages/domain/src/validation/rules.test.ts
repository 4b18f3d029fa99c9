/** The validation rules of spec core §5 shared by the backend and the web app (§9 limits). */
import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkInn,
  checkOgrn,
  checkPhone,
  checkRussianName,
  issue,
  RULES,
  newPasswordIssues,
  normalizeEmail,
  ogrnCheckDigit,
  passwordIssues,
} from './rules.js';

const codes = (xs: { code: string }[]) => xs.map((x) => x.code);

describe('e-mail (spec core §5)', () => {
  it.each(['user@example.com', 'Ivan.Petrov+tag@mail.co.uk', 'a_b-c@sub.domain.ru', "o'neil@example.org"])(
    'accepts %s',
    (e) => {
      expect(checkEmail(e)).toBeNull();
    },
  );
  it.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@example',
    'us er@example.com',
    'user@@example.com',
    '.user@example.com',
    'us..er@example.com',
    'user.@example.com',
    'user@-example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.ru`,
  ])('refuses %j with the spec message', (e) => {
    expect(checkEmail(e)).toEqual({ code: 'EMAIL_INVALID', message: 'Проверьте корректность данных' });
  });
  it('normalizes to trimmed lower case', () => {
    expect(normalizeEmail('  Client@Example.COM ')).toBe('client@example.com');
  });
});

describe('password rules (spec core §5, §9: 8–20 characters)', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordIssues('Demo-2026!')).toEqual([]);
    expect(passwordIssues('Aa1!aaaa')).toEqual([]); // exactly 8
    expect(passwordIssues('Aa1!' + 'a'.repeat(16))).toEqual([]); // exactly 20
  });
  it('gives one message per failed rule', () => {
    expect(passwordIssues('Aa1!aaa')).toEqual([
      { code: 'PASSWORD_LENGTH', message: 'Пароль должен содержать от 8 до 20 символов' },
    ]);
    expect(codes(passwordIssues('Aa1!' + 'a'.repeat(17)))).toEqual(['PASSWORD_LENGTH']);
    expect(passwordIssues('Aa1! aaaa')).toEqual([
      { code: 'PASSWORD_SPACE', message: 'Пароль не должен содержать пробелов' },
    ]);
    expect(passwordIssues('aa1!aaaa')).toEqual([
      { code: 'PASSWORD_UPPERCASE', message: 'Нет заглавной латинской буквы' },
    ]);
    expect(passwordIssues('AA1!AAAA')).toEqual([
      { code: 'PASSWORD_LOWERCASE', message: 'Нет строчной латинской буквы' },
    ]);
    expect(passwordIssues('Aab!aaaa')).toEqual([{ code: 'PASSWORD_DIGIT', message: 'Нет цифры' }]);
    expect(passwordIssues('Aa1aaaaa')).toEqual([{ code: 'PASSWORD_SPECIAL', message: 'Нет специального символа' }]);
  });
  it('does not count Cyrillic letters as Latin ones', () => {
    expect(codes(passwordIssues('Пароль1!'))).toEqual(['PASSWORD_UPPERCASE', 'PASSWORD_LOWERCASE']);
  });
  it('reports every failed rule of an empty password', () => {
    expect(codes(passwordIssues(''))).toEqual([
      'PASSWORD_LENGTH',
      'PASSWORD_UPPERCASE',
      'PASSWORD_LOWERCASE',
      'PASSWORD_DIGIT',
      'PASSWORD_SPECIAL',
    ]);
  });
  it('checks the repetition and the old password with field paths', () => {
    expect(newPasswordIssues({ password: 'Demo-2026!', passwordSecondTime: 'Demo-2026?' }, 'user.')).toEqual([
      { field: 'user.passwordSecondTime', code: 'PASSWORD_MISMATCH', message: 'Пароли не совпадают' },
    ]);
    expect(
      newPasswordIssues({ password: 'Demo-2026!', passwordSecondTime: 'Demo-2026!', oldPassword: 'Demo-2026!' }),
    ).toEqual([{ field: 'password', code: 'PASSWORD_SAME_AS_OLD', message: 'Новый пароль совпадает со старым' }]);
    expect(
      newPasswordIssues({ password: 'New-Pass-1', passwordSecondTime: 'New-Pass-1', oldPassword: 'Demo-2026!' }),
    ).toEqual([]);
  });
});

describe('phone (spec core §5: 10 digits)', () => {
  it('accepts exactly ten digits', () => {
    expect(checkPhone('9161234567')).toBeNull();
  });
  it.each(['916123456', '91612345678', '+79161234567', '916-123-45-67', '916123456a', ''])('refuses %j', (p) => {
    expect(checkPhone(p)).toEqual({ code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' });
  });
});

describe('INN check digits', () => {
  it.each(['7707083893', '7707393126', '500100732259', '772012345670'])('accepts %s', (inn) => {
    expect(checkInn(inn)).toBeNull();
  });
  it.each(['7707083894', '500100732258', '500100732269', '770708389', '77070838931', 'abcdefghij', ''])(
    'refuses %j',
    (inn) => {
      expect(checkInn(inn)?.code).toBe('INN_INVALID');
    },
  );
});

describe('OGRN (13) and OGRNIP (15) check digits (spec core §3, §9)', () => {
  it.each(['1027700132195', '1177746126040', '304500116000157', '319774600123453'])('accepts %s', (o) => {
    expect(checkOgrn(o)).toBeNull();
  });
  it.each(['1027700132196', '304500116000158', '10277001321', '10277001321951', 'x027700132195'])('refuses %j', (o) => {
    expect(checkOgrn(o)?.code).toBe('OGRN_INVALID');
  });
  it('restricts to one kind on request', () => {
    expect(checkOgrn('1027700132195', 'OGRNIP')?.code).toBe('OGRN_INVALID');
    expect(checkOgrn('304500116000157', 'OGRN')?.code).toBe('OGRN_INVALID');
    expect(checkOgrn('304500116000157', 'OGRNIP')).toBeNull();
  });
  it('computes the check digit of a body', () => {
    expect(ogrnCheckDigit('102770013219')).toBe(5);
    expect(ogrnCheckDigit('30450011600015')).toBe(7);
  });
});

describe('Russian names (spec core §5 "use Russian letters and hyphen")', () => {
  it.each(['Иван', 'Пётр', 'Салтыков-Щедрин', 'ёлкин'])('accepts %s', (n) => {
    expect(checkRussianName(n)).toBeNull();
  });
  it.each(['Ivan', 'Иван1', 'Иван Петров', '-Иван', 'Иван-', 'Анна--Мария', '', 'Я'.repeat(51)])('refuses %j', (n) => {
    expect(checkRussianName(n)).toEqual({ code: 'RUSSIAN_LETTERS', message: 'Используйте русские буквы и дефис' });
  });
});

describe('issues carry the stable code and its Russian text (spec core §5)', () => {
  it('builds an issue from its code', () => {
    expect(issue('REQUIRED')).toEqual({ code: 'REQUIRED', message: 'Обязательное поле' });
    expect(Object.keys(RULES)).toContain('PASSWORD_SAME_AS_OLD');
  });
});

describe('a new password with its repetition (spec core §5 "Password")', () => {
  it('puts each broken rule on the password field, with the prefix', () => {
    expect(newPasswordIssues({ password: 'short', passwordSecondTime: 'short' }, 'user.')[0]).toMatchObject({
      field: 'user.password',
      code: 'PASSWORD_LENGTH',
    });
  });
});
