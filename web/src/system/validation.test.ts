import { describe, expect, it } from 'vitest';
import {
  MAX_ORDER_FILES_BYTES,
  MESSAGES,
  acceptFiles,
  normalizeAmount,
  normalizePhone,
  parseInteger,
  parseOrderNumberFilter,
  passwordRuleStates,
  validateAmount,
  validateDateRange,
  validateEmail,
  validateInteger,
  validateNewFile,
  validateNewPassword,
  validatePassword,
  validatePasswordRepeat,
  validatePhone,
  validateRequired,
  validateSwift,
} from './validation';

describe('required (spec core §5 generic messages)', () => {
  it('refuses empty values', () => {
    for (const v of [undefined, null, '', '   ', false, []]) expect(validateRequired(v)).toBe('Обязательное поле');
  });
  it('accepts present values', () => {
    for (const v of ['a', 0, true, ['RU']]) expect(validateRequired(v)).toBe(true);
  });
});

describe('e-mail (spec core §5)', () => {
  it('accepts ordinary addresses', () => {
    expect(validateEmail('client@example.com')).toBe(true);
    expect(validateEmail(' ivan.petrov+fx@mail.co.uk ')).toBe(true);
  });
  it("answers 'Проверьте корректность данных' for malformed ones", () => {
    for (const v of [
      'client',
      'client@',
      '@example.com',
      'a b@example.com',
      'a@example',
      'a@@example.com',
      'a..b@example.com',
    ]) {
      expect(validateEmail(v)).toBe('Проверьте корректность данных');
    }
  });
  it('requires a value', () => {
    expect(validateEmail('')).toBe(MESSAGES.required);
  });
});

describe('password (spec core §5)', () => {
  it('accepts a password meeting every rule', () => {
    expect(validatePassword('Secret#2026')).toBe(true);
    expect(validatePassword('Aa1!aaaa')).toBe(true); // 8 characters
    expect(validatePassword('Aa1!aaaaaaaaaaaaaaaa')).toBe(true); // 20 characters
  });
  it('names the first broken rule', () => {
    expect(validatePassword('Aa1!aaa')).toBe('Пароль должен содержать от 8 до 20 символов');
    expect(validatePassword('Aa1!aaaaaaaaaaaaaaaaa')).toBe('Пароль должен содержать от 8 до 20 символов');
    expect(validatePassword('Aa1! aaaa')).toBe('Пароль не должен содержать пробелов');
    expect(validatePassword('aa1!aaaa')).toBe('Нет заглавной латинской буквы');
    expect(validatePassword('AA1!AAAA')).toBe('Нет строчной латинской буквы');
    expect(validatePassword('Aab!aaaa')).toBe('Нет цифры');
    expect(validatePassword('Aa1aaaaa')).toBe('Нет специального символа');
  });
  it('does not count Cyrillic letters as Latin ones', () => {
    expect(validatePassword('Пароль1!a')).toBe('Нет заглавной латинской буквы');
  });
  it('reports each rule for the checklist', () => {
    const states = passwordRuleStates('abc');
    expect(states.find((s) => s.id === 'lower')?.ok).toBe(true);
    expect(states.find((s) => s.id === 'upper')?.ok).toBe(false);
    expect(states).toHaveLength(6);
  });
  it('requires the repeat to match', () => {
    expect(validatePasswordRepeat('Secret#2026', 'Secret#2026')).toBe(true);
    expect(validatePasswordRepeat('Secret#2027', 'Secret#2026')).toBe('Пароли не совпадают');
    expect(validatePasswordRepeat('', 'Secret#2026')).toBe(MESSAGES.required);
  });
  it('refuses a new password equal to the old one', () => {
    expect(validateNewPassword('Secret#2026', 'Secret#2026')).toBe('Новый пароль совпадает со старым');
    expect(validateNewPassword('Secret#2027', 'Secret#2026')).toBe(true);
  });
});

describe('phone (spec core §5: 10 digits)', () => {
  it('accepts exactly 10 digits, with or without formatting', () => {
    expect(validatePhone('9123456789')).toBe(true);
    expect(validatePhone('(912) 345-67-89')).toBe(true);
    expect(validatePhone('+7 912 345 67 89')).toBe(true);
    expect(normalizePhone('8 912 345 67 89')).toBe('9123456789');
  });
  it("answers 'Номер телефона — 10 цифр' otherwise", () => {
    expect(validatePhone('912345678')).toBe('Номер телефона — 10 цифр');
    expect(validatePhone('91234567890')).toBe('Номер телефона — 10 цифр');
    expect(validatePhone('phone')).toBe('Номер телефона — 10 цифр');
    expect(validatePhone('')).toBe(MESSAGES.required);
  });
});

describe('search inputs (spec core §5)', () => {
  it('applies the order number filter only when numeric', () => {
    expect(parseOrderNumberFilter('123')).toBe(123);
    expect(parseOrderNumberFilter(' 42 ')).toBe(42);
    expect(parseOrderNumberFilter('')).toBeNull();
    expect(parseOrderNumberFilter('12a')).toBeNull();
    expect(parseOrderNumberFilter('-1')).toBeNull();
    expect(parseOrderNumberFilter('1.5')).toBeNull();
  });
});

describe('numbers and amounts', () => {
  it('validates whole numbers within bounds', () => {
    expect(validateInteger('15')).toBe(true);
    expect(validateInteger('1 500')).toBe(true);
    expect(parseInteger('1 500')).toBe(1500);
    expect(validateInteger('1.5')).toBe('Введите число');
    expect(validateInteger('0', { min: 1 })).toBe('Минимальное значение — 1');
    expect(validateInteger('')).toBe(MESSAGES.required);
  });
  it('normalises typed amounts to API decimal strings', () => {
    expect(normalizeAmount('12 500,5')).toBe('12500.5');
    expect(normalizeAmount('1000')).toBe('1000');
    expect(normalizeAmount('0')).toBeNull();
    expect(normalizeAmount('1,234')).toBeNull();
    expect(normalizeAmount('abc')).toBeNull();
    expect(validateAmount('100,00')).toBe(true);
    expect(validateAmount('-5')).toBe('Введите сумму, например 12500,00');
  });
  it('lets SWIFT be empty but checks its shape when given', () => {
    expect(validateSwift('')).toBe(true);
    expect(validateSwift('BKCHCNBJ')).toBe(true);
    expect(validateSwift('BKCHCNBJXXX')).toBe(true);
    expect(validateSwift('BKCH')).toBe(MESSAGES.swiftInvalid);
  });
  it('checks the payment term order', () => {
    expect(validateDateRange('2026-12-01', '2026-12-15')).toBe(true);
    expect(validateDateRange('2026-12-15', '2026-12-01')).toBe(MESSAGES.dateOrder);
    expect(validateDateRange('', '2026-12-01')).toBe(MESSAGES.required);
  });
});

describe('files (spec core §5: 50 MB per request, unique names)', () => {
  const mb = 1024 * 1024;
  it('refuses a repeated name', () => {
    expect(validateNewFile({ name: 'invoice.pdf', size: 1 }, [{ name: 'invoice.pdf', size: 1 }])).toBe(
      'Файл с именем invoice.pdf уже загружен',
    );
  });
  it('refuses when the total exceeds 50 MB', () => {
    expect(validateNewFile({ name: 'b.pdf', size: 20 * mb }, [{ name: 'a.pdf', size: 31 * mb }])).toBe(
      'Превышен размер файла',
    );
    expect(validateNewFile({ name: 'b.pdf', size: 19 * mb }, [{ name: 'a.pdf', size: 31 * mb }])).toBe(true);
    expect(validateNewFile({ name: 'a.pdf', size: MAX_ORDER_FILES_BYTES }, [])).toBe(true);
    expect(validateNewFile({ name: 'a.pdf', size: MAX_ORDER_FILES_BYTES + 1 }, [])).toBe('Превышен размер файла');
  });
  it('checks a batch against itself too', () => {
    const r = acceptFiles(
      [
        { name: 'a.pdf', size: 1 },
        { name: 'a.pdf', size: 1 },
        { name: 'c.pdf', size: 60 * mb },
      ],
      [],
    );
    expect(r.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(r.errors).toEqual(['Файл с именем a.pdf уже загружен', 'Превышен размер файла']);
  });
});
