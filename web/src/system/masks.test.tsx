// @vitest-environment jsdom
/**
 * Input masks of spec chat-and-shell §5 (# digit, @ letter, * alphanumeric; number masks with locale, fraction digits,
 * unsigned) and MaskedInput with react-hook-form.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { system } from './theme';
import {
  ACCOUNT_MASK,
  AMOUNT_MASK,
  BIK_MASK,
  INN_MASK,
  MaskedInput,
  OGRN_MASK,
  PHONE_MASK,
  applyMask,
  localeSeparators,
  numberMask,
  patternMask,
} from './masks';
import { normalizeAmount, normalizePhone } from './validation';

const NBSP = '\u00A0';

describe('pattern masks (# digit, @ letter, * alphanumeric)', () => {
  it('# takes digits only', () => {
    expect(applyMask(patternMask('##-##'), '12ab34')).toBe('12-34');
    expect(applyMask(patternMask('###'), 'abc')).toBe('');
  });
  it('@ takes letters only, of any alphabet', () => {
    expect(applyMask(patternMask('@@@'), 'a1Бc')).toBe('aБc');
    expect(applyMask(patternMask('@@'), '12')).toBe('');
  });
  it('* takes letters and digits, nothing else', () => {
    expect(applyMask(patternMask('****'), 'a-1_Б2')).toBe('a1Б2');
  });
  it('other characters are fixed, including imask placeholders such as 0 and a', () => {
    expect(applyMask(patternMask('0a-#'), '5')).toBe('0a-5');
  });
  it('the platform fields', () => {
    expect(applyMask(PHONE_MASK, '9123456789')).toBe('(912) 345-67-89');
    expect(applyMask(PHONE_MASK, '89123456789', { paste: true })).toBe('(912) 345-67-89');
    expect(applyMask(PHONE_MASK, '+7 912 345-67-89', { paste: true })).toBe('(912) 345-67-89');
    expect(applyMask(PHONE_MASK, '8123456789')).toBe('(812) 345-67-89'); // typed: an 8 may start the code
    expect(normalizePhone(applyMask(PHONE_MASK, '9123456789'))).toBe('9123456789');
    // 9 digits stay 9 digits for the validator (spec core §5 'Номер телефона — 10 цифр')
    expect(normalizePhone(applyMask(PHONE_MASK, '916123456'))).toBe('916123456');
    expect(applyMask(INN_MASK, '7707083893x12')).toBe('770708389312');
    expect(applyMask(INN_MASK, '7707083893')).toBe('7707083893');
    expect(applyMask(OGRN_MASK, '1027700132195 9 9')).toBe('102770013219599');
    expect(applyMask(BIK_MASK, '044525225123')).toBe('044525225');
    expect(applyMask(ACCOUNT_MASK, '40702 810 9 0000 0000 001 99')).toBe('40702810900000000001');
  });
});

describe('number masks', () => {
  it('ru: grouping with a no-break space and the decimal comma; "." typed becomes ","', () => {
    expect(localeSeparators('ru')).toEqual({ group: NBSP, decimal: ',' });
    expect(applyMask(AMOUNT_MASK, '1234567.5')).toBe(`1${NBSP}234${NBSP}567,5`);
    expect(applyMask(AMOUNT_MASK, '12500,50')).toBe(`12${NBSP}500,50`); // decimals kept as typed
    expect(normalizeAmount(applyMask(AMOUNT_MASK, '12500,5'))).toBe('12500.5');
  });
  it('another locale has its own separators', () => {
    expect(applyMask(numberMask({ locale: 'en-US' }), '1234.5')).toBe('1,234.5');
  });
  it('fraction digits: at most the count; 0 = whole numbers', () => {
    expect(applyMask(numberMask({ fractionDigits: 2 }), '1,239')).toBe('1,23');
    expect(applyMask(numberMask({ fractionDigits: 0 }), '15,7')).toBe('157');
    expect(applyMask(numberMask({ fractionDigits: 4 }), '0,12345')).toBe('0,1234');
  });
  it('unsigned refuses the minus sign; signed keeps it', () => {
    expect(applyMask(numberMask({ unsigned: true }), '-15')).toBe('15');
    expect(applyMask(AMOUNT_MASK, '-')).toBe('');
    expect(applyMask(numberMask(), '-15')).toBe('-15');
  });
});

describe('MaskedInput with react-hook-form', () => {
  function PhoneForm({ onValue }: { onValue: (v: string) => void }) {
    const form = useForm({ defaultValues: { phone: '9001234567' } });
    return (
      <ChakraProvider value={system}>
        <form onSubmit={form.handleSubmit((v) => onValue(v.phone))}>
          <MaskedInput aria-label="Телефон" mask={PHONE_MASK} {...form.register('phone')} />
          <button type="submit">Сохранить</button>
        </form>
      </ChakraProvider>
    );
  }

  it('shows the default value masked and hands the typed value, masked, to the form', async () => {
    let submitted = '';
    render(<PhoneForm onValue={(v) => (submitted = v)} />);
    const input = screen.getByLabelText<HTMLInputElement>('Телефон');
    expect(input.value).toBe('(900) 123-45-67');
    act(() => {
      input.value = '912345678a9';
      fireEvent.input(input);
    });
    expect(input.value).toBe('(912) 345-67-89');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' })));
    expect(submitted).toBe('(912) 345-67-89');
  });

  it('a value set with a change event only (autofill) is masked and reported too', async () => {
    let submitted = '';
    render(<PhoneForm onValue={(v) => (submitted = v)} />);
    const input = screen.getByLabelText<HTMLInputElement>('Телефон');
    act(() => {
      fireEvent.change(input, { target: { value: '89161234567' } });
    });
    expect(input.value).toBe('(916) 123-45-67');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' })));
    expect(submitted).toBe('(916) 123-45-67');
  });
});
