/**
 * Input masks (spec chat-and-shell §5 "Input masks available: # digit, @ letter, * alphanumeric, and number masks with
 * locale, fraction digit count and an unsigned option") on imask, and `MaskedInput`, Chakra's Input with a mask.
 *
 * - `patternMask('(###) ###-##-##')`: `#` takes a digit, `@` a letter (any alphabet), `*` a letter or a digit; every
 *   other character is fixed and typed for the user. Input may stay incomplete (the form's validator says what is
 *   missing, spec core §5), so INN takes 10 or 12 digits in a 12-place mask.
 * - `numberMask({ locale, fractionDigits, unsigned })`: digits grouped and the decimal separator of the locale (ru:
 *   '12 500,50' with a no-break space), '.' or ',' typed as the decimal separator, at most `fractionDigits` decimals,
 *   no minus sign when unsigned.
 * - The masks of the platform's fields: PHONE_MASK, INN_MASK, OGRN_MASK (13 or 15 digits), BIK_MASK, ACCOUNT_MASK (20
 *   digits), AMOUNT_MASK (ru, 2 decimals, unsigned). Their values stay what the validators and normalisers of
 *   system/validation.ts read ('(912) 345-67-89' → normalizePhone; '12 500,5' → normalizeAmount).
 *
 * `MaskedInput` takes what react-hook-form's `register()` gives (name, onChange, onBlur, ref) or a controlled
 * `value`/`onChange`: the mask formats what the user types and reports the masked value as a change event
 * `{ target: { name, value } }`.
 */
import { Input, type InputProps } from '@chakra-ui/react';
import IMask, { type FactoryArg, type InputMask } from 'imask';
import { useCallback, useEffect, useLayoutEffect, useRef, type Ref } from 'react';

/** A mask definition: the imask options of one field. */
export type MaskOptions = FactoryArg;

/** The placeholders of a pattern mask (spec chat §5). */
export const MASK_DEFINITIONS = {
  '#': /\d/,
  '@': /\p{L}/u,
  '*': /[\p{L}\d]/u,
} as const;

/** A pattern mask: `#` digit, `@` letter, `*` letter or digit, anything else fixed. */
export function patternMask(pattern: string, extra: Partial<Record<'prepare', unknown>> = {}): MaskOptions {
  // imask's own placeholders ('0', 'a', '{', '[', ...) must be plain characters here: escape everything else.
  const escaped = [...pattern].map((ch) => (ch in MASK_DEFINITIONS ? ch : `\\${ch}`)).join('');
  return { mask: escaped, definitions: { ...MASK_DEFINITIONS }, lazy: true, ...extra } as MaskOptions;
}

/** Options of a number mask. */
export interface NumberMaskOptions {
  /** BCP 47 locale of the grouping and decimal separators; default 'ru'. */
  locale?: string;
  /** Digits after the decimal separator; 0 = whole numbers. Default 2. */
  fractionDigits?: number;
  /** No minus sign. Default false. */
  unsigned?: boolean;
  /** Largest value; default Number.MAX_SAFE_INTEGER. */
  max?: number;
}

/** The grouping and decimal separators of `locale` (ru: no-break space and comma). */
export function localeSeparators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? '',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/** A number mask with the locale's separators (see the module comment). */
export function numberMask({
  locale = 'ru',
  fractionDigits = 2,
  unsigned = false,
  max = Number.MAX_SAFE_INTEGER,
}: NumberMaskOptions = {}): MaskOptions {
  const { group, decimal } = localeSeparators(locale);
  return {
    mask: Number,
    scale: fractionDigits,
    radix: decimal,
    mapToRadix: ['.', ','].filter((c) => c !== decimal),
    thousandsSeparator: group,
    min: unsigned ? 0 : -max,
    max,
    normalizeZeros: false,
    padFractionalZeros: false,
  } as MaskOptions;
}

/**
 * Phone of spec core §5: the 10 digits after +7, as the forms ask ('10 цифр, без +7'), shown '(912) 345-67-89'; a
 * pasted number with its country code (+7 912 345-67-89, 8 912 345 67 89) loses the code. (A fixed '+7' in the mask
 * would add a digit that normalizePhone cannot tell from a typed one.)
 */
export const PHONE_MASK = patternMask('(###) ###-##-##', {
  prepare: (chunk: string, masked: { value: string }) => {
    const digits = chunk.replace(/\D/g, '');
    return !masked.value && digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : chunk;
  },
});
/** INN: 10 digits (organisation) or 12 (individual). */
export const INN_MASK = patternMask('############');
/** OGRN (13 digits) or OGRNIP (15). */
export const OGRN_MASK = patternMask('###############');
/** BIK: 9 digits. */
export const BIK_MASK = patternMask('#########');
/** Russian bank account: 20 digits. */
export const ACCOUNT_MASK = patternMask('####################');
/** Amounts: ru grouping and decimal comma, 2 decimals, never negative. */
export const AMOUNT_MASK = numberMask({ locale: 'ru', fractionDigits: 2, unsigned: true });

/**
 * The value a mask makes of `typed` in an empty field, then left: typed one character after another, or pasted at once
 * (`paste`).
 */
export function applyMask(mask: MaskOptions, typed: string, { paste = false }: { paste?: boolean } = {}): string {
  const masked = IMask.createMask(mask as never) as unknown as {
    append(ch: string, flags: { input: boolean; raw: boolean }): unknown;
    doCommit(): void;
    value: string;
  };
  for (const chunk of paste ? [typed] : typed) masked.append(chunk, { input: true, raw: true });
  masked.doCommit();
  return masked.value;
}

/** The change event a MaskedInput reports (what react-hook-form's onChange reads). */
export interface MaskedChangeEvent {
  type: 'change';
  target: { name: string; value: string };
}

export interface MaskedInputProps extends Omit<InputProps, 'onChange' | 'value' | 'defaultValue' | 'mask'> {
  /** The mask (one of this module's constants, or patternMask / numberMask); keep it stable between renders. */
  mask: MaskOptions;
  /** Called with the masked value on every accepted change. */
  onChange?: (event: MaskedChangeEvent) => unknown;
  /** Controlled value; leave undefined with react-hook-form's register(). */
  value?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Chakra's Input with a mask (see the module comment). */
export function MaskedInput({ mask, onChange, value, ref, ...rest }: MaskedInputProps) {
  const element = useRef<HTMLInputElement | null>(null);
  const control = useRef<InputMask | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useLayoutEffect(() => {
    const el = element.current;
    if (!el) return;
    const m = IMask(el, mask as never) as unknown as InputMask;
    control.current = m;
    m.on('accept', () => void onChangeRef.current?.({ type: 'change', target: { name: el.name, value: m.value } }));
    // A form reset writes the element directly: take its value over when the user comes back to the field.
    const resync = () => {
      if (el.value !== m.value) {
        m.updateValue();
        m.updateControl();
      }
    };
    // A value set from outside with a change event only (autofill, tests): mask it as typed and report it.
    const onNativeChange = () => {
      if (el.value === m.displayValue) return;
      const typed = el.value;
      m.masked.reset();
      m.masked.append(typed, { input: true, raw: true });
      m.masked.doCommit();
      m.updateControl();
    };
    // The selection the input replaces, taken right before it (a programmatic select() + insertText, as autofill and
    // browser automation do, moves no key or click the mask would notice).
    const saveSelection = () => m._saveSelection();
    // imask moves the caret past the fixed prefix on focus, after a delay: that collapses a selection made just then
    // (select-all on focus, autofill, browser automation's fill), so the typed text would land inside the old value.
    // A click still places the caret on an input place.
    el.removeEventListener('focus', m._onFocus);
    el.addEventListener('focus', resync);
    el.addEventListener('change', onNativeChange);
    el.addEventListener('beforeinput', saveSelection);
    return () => {
      el.removeEventListener('focus', resync);
      el.removeEventListener('change', onNativeChange);
      el.removeEventListener('beforeinput', saveSelection);
      m.destroy();
      control.current = null;
    };
  }, [mask]);

  useEffect(() => {
    const m = control.current;
    if (value !== undefined && m && m.value !== value) m.value = value;
  }, [value]);

  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      element.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) (ref as { current: HTMLInputElement | null }).current = el;
    },
    [ref],
  );

  return <Input {...rest} defaultValue={value} ref={setRef} />;
}
