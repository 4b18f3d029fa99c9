/** Unit tests of the order rules (spec core §5 validation and files, §9 50 MB); statuses and tabs: @platform/domain. */
import { describe, expect, it } from 'vitest';
import {
  businessToday,
  checkOrderFiles,
  cleanFileName,
  decideUploadType,
  fileNameKey,
  isIsoDate,
  MAX_ORDER_FILES_BYTES,
  parseAmount,
  validateOrderInput,
  type OrderInput,
} from './orders.js';

const TODAY = '2026-11-21';
const valid = (over: Partial<Record<keyof OrderInput, unknown>> = {}): OrderInput =>
  ({
    paymentType: 'SENDING',
    amount: { cost: '12500.00', currency: 'USD' },
    counterparty: { countryCode: 'CN', city: 'Shanghai', bankName: 'Bank of China', swift: 'BKCHCNBJ' },
    tnvedCode: '8471300000',
    goodsLocation: 'IMPORTED',
    paymentDateFrom: '2026-12-01',
    paymentDateTo: '2026-12-15',
    comment: null,
    fileIds: [],
    ...over,
  }) as OrderInput;
const codes = (input: OrderInput, tnvedKnown = true) =>
  validateOrderInput(input, { today: TODAY, tnvedKnown }).errors.map((e) => `${e.field}:${e.code}`);

describe('amounts as decimal strings', () => {
  it('normalizes to two decimals without floats', () => {
    expect(parseAmount('12500')).toEqual({ ok: true, value: '12500.00' });
    expect(parseAmount('0.1')).toEqual({ ok: true, value: '0.10' });
    expect(parseAmount('007.05')).toEqual({ ok: true, value: '7.05' });
    expect(parseAmount('9999999999999999.99')).toEqual({ ok: true, value: '9999999999999999.99' });
  });

  it('refuses more than two decimals, signs, separators, exponents and too many digits', () => {
    for (const bad of ['1.005', '-1', '+1', '1,5', '1e3', '1 000', '.5', '5.', '12345678901234567', 'NaN']) {
      expect(parseAmount(bad), bad).toMatchObject({ ok: false, error: { code: 'AMOUNT_FORMAT' } });
    }
  });

  it('refuses zero in any spelling', () => {
    for (const zero of ['0', '0.0', '00.00'])
      expect(parseAmount(zero), zero).toMatchObject({ ok: false, error: { code: 'AMOUNT_NOT_POSITIVE' } });
    expect(parseAmount('0.01')).toEqual({ ok: true, value: '0.01' });
  });
});

describe('validateOrderInput (spec core §3, §5)', () => {
  it('accepts a full input and normalizes it', () => {
    const r = validateOrderInput(
      valid({
        amount: { cost: ' 100.5 ', currency: 'cny' },
        counterparty: { countryCode: 'cn', city: ' Гуанчжоу ', bankName: 'ICBC', swift: 'icbkcnbjxxx' },
        comment: '  ',
      }),
      { today: TODAY, tnvedKnown: true },
    );
    expect(r.errors).toEqual([]);
    expect(r.value).toMatchObject({
      amount: '100.50',
      currency: 'CNY',
      countryCode: 'CN',
      city: 'Гуанчжоу',
      swift: 'ICBKCNBJXXX',
      comment: null,
    });
  });

  it('reports every missing required field with REQUIRED and a Russian message', () => {
    const r = validateOrderInput({}, { today: TODAY });
    expect(r.errors.map((e) => e.field).sort()).toEqual([
      'amount.cost',
      'amount.currency',
      'counterparty.bankName',
      'counterparty.city',
      'counterparty.countryCode',
      'goodsLocation',
      'paymentDateFrom',
      'paymentDateTo',
      'paymentType',
      'tnvedCode',
    ]);
    expect(new Set(r.errors.map((e) => e.code))).toEqual(new Set(['REQUIRED']));
    expect(r.errors[0].message).toBe('Обязательное поле');
    expect(r.value).toBeUndefined();
  });

  it('checks enums, currency and country codes', () => {
    expect(codes(valid({ paymentType: 'BUY' }))).toEqual(['paymentType:INVALID_VALUE']);
    expect(codes(valid({ goodsLocation: 'SOMEWHERE' }))).toEqual(['goodsLocation:INVALID_VALUE']);
    expect(codes(valid({ amount: { cost: '1', currency: 'XXY' } }))).toEqual(['amount.currency:CURRENCY_UNKNOWN']);
    expect(codes(valid({ counterparty: { countryCode: 'XX', city: 'a', bankName: 'b' } }))).toEqual([
      'counterparty.countryCode:COUNTRY_UNKNOWN',
    ]);
    expect(codes(valid({ counterparty: { countryCode: 'CHN', city: 'a', bankName: 'b' } }))).toEqual([
      'counterparty.countryCode:COUNTRY_UNKNOWN',
    ]);
  });

  it('allows an empty SWIFT (spec core §5) and checks the BIC shape otherwise', () => {
    for (const swift of [null, '', undefined, 'BKCHCNBJ', 'BKCHCNBJ300']) {
      expect(
        codes(valid({ counterparty: { countryCode: 'CN', city: 'a', bankName: 'b', swift } as never })),
        String(swift),
      ).toEqual([]);
    }
    for (const swift of ['BKCH', 'BKCHCNBJ3', '1KCHCNBJ', 'BKCH-CNBJ', 'BKCHCNBJ3000']) {
      expect(codes(valid({ counterparty: { countryCode: 'CN', city: 'a', bankName: 'b', swift } })), swift).toEqual([
        'counterparty.swift:SWIFT_FORMAT',
      ]);
    }
  });

  it('accepts a 4- or 10-digit TN VED code that the directory knows', () => {
    expect(codes(valid({ tnvedCode: '8471' }))).toEqual([]);
    expect(codes(valid({ tnvedCode: '84713' }))).toEqual(['tnvedCode:TNVED_FORMAT']);
    expect(codes(valid({ tnvedCode: 'XVI' }))).toEqual(['tnvedCode:TNVED_FORMAT']);
    expect(codes(valid({ tnvedCode: '0000000000' }), false)).toEqual(['tnvedCode:TNVED_UNKNOWN']);
    expect(validateOrderInput(valid(), { today: TODAY }).errors).toEqual([]);
  });

  it('checks the payment term: real dates, not in the past, From ≤ To', () => {
    expect(codes(valid({ paymentDateFrom: TODAY, paymentDateTo: TODAY }))).toEqual([]);
    expect(codes(valid({ paymentDateFrom: '2026-11-20' }))).toEqual(['paymentDateFrom:DATE_IN_PAST']);
    expect(codes(valid({ paymentDateFrom: '2026-12-10', paymentDateTo: '2026-12-09' }))).toEqual([
      'paymentDateTo:DATE_RANGE',
    ]);
    expect(codes(valid({ paymentDateTo: '2027-02-29' }))).toEqual(['paymentDateTo:DATE_FORMAT']);
    expect(codes(valid({ paymentDateTo: '15.12.2026' }))).toEqual(['paymentDateTo:DATE_FORMAT']);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('limits the comment and text fields', () => {
    expect(codes(valid({ comment: 'а'.repeat(2000) }))).toEqual([]);
    expect(codes(valid({ comment: 'а'.repeat(2001) }))).toEqual(['comment:MAX_LENGTH']);
    expect(codes(valid({ counterparty: { countryCode: 'CN', city: 'a'.repeat(101), bankName: 'b' } }))).toEqual([
      'counterparty.city:MAX_LENGTH',
    ]);
  });

  it('allows at most 20 files and no id twice', () => {
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    expect(codes(valid({ fileIds: Array.from({ length: 20 }, (_, n) => id(n)) }))).toEqual([]);
    expect(codes(valid({ fileIds: Array.from({ length: 21 }, (_, n) => id(n)) }))).toEqual(['fileIds:TOO_MANY_FILES']);
    expect(codes(valid({ fileIds: [id(1), id(1).toUpperCase()] }))).toEqual(['fileIds.1:FILE_REPEATED']);
  });
});

describe('businessToday', () => {
  it('is the Moscow calendar day of the clock', () => {
    expect(businessToday(new Date('2026-11-21T20:59:00Z'))).toBe('2026-11-21');
    expect(businessToday(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
  });
});

describe('file rules of a request (spec core §5, §9)', () => {
  it('allows exactly 50 MB in total and refuses one byte more with FILES_TOO_LARGE', () => {
    const half = MAX_ORDER_FILES_BYTES / 2;
    expect(
      checkOrderFiles([
        { id: 'a', name: 'a.pdf', size: half },
        { id: 'b', name: 'b.pdf', size: half },
      ]),
    ).toEqual([]);
    expect(
      checkOrderFiles([
        { id: 'a', name: 'a.pdf', size: half },
        { id: 'b', name: 'b.pdf', size: half + 1 },
      ]),
    ).toEqual([{ field: 'fileIds', code: 'FILES_TOO_LARGE', message: 'Превышен размер файла' }]);
  });

  it('refuses a duplicate name case-insensitively with the spec text', () => {
    expect(
      checkOrderFiles([
        { id: 'a', name: 'Счёт.PDF', size: 1 },
        { id: 'b', name: 'b.pdf', size: 1 },
        { id: 'c', name: 'счёт.pdf', size: 1 },
      ]),
    ).toEqual([{ field: 'fileIds.2', code: 'FILE_DUPLICATE', message: 'Файл с именем счёт.pdf уже загружен' }]);
    expect(fileNameKey(' Invoice.pdf ')).toBe(fileNameKey('INVOICE.PDF'));
  });

  it('cleans uploaded names', () => {
    expect(cleanFileName('C:\\fakepath\\Счёт.pdf')).toBe('Счёт.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(cleanFileName('..')).toBe('');
    const long = cleanFileName(`${'я'.repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('decides the type by content, text only for UTF-8 .txt, never executables or archives', () => {
    expect(decideUploadType({ name: 'x.bin.pdf', detectedExt: 'pdf' })).toBe('application/pdf');
    expect(decideUploadType({ name: 'scan.pdf', detectedExt: 'png' })).toBe('image/png');
    expect(decideUploadType({ name: 'a.docx', detectedExt: 'docx' })).toMatch(/wordprocessingml/);
    expect(decideUploadType({ name: 'a.xlsx', detectedExt: 'xlsx' })).toMatch(/spreadsheetml/);
    expect(decideUploadType({ name: 'a.odt', detectedExt: 'odt' })).toBe('application/vnd.oasis.opendocument.text');
    expect(decideUploadType({ name: 'a.webp', detectedExt: 'webp' })).toBe('image/webp');
    expect(decideUploadType({ name: 'old.DOC', detectedExt: 'cfb' })).toBe('application/msword');
    expect(decideUploadType({ name: 'old.xls', detectedExt: 'cfb' })).toBe('application/vnd.ms-excel');
    expect(decideUploadType({ name: 'setup.pdf', detectedExt: 'cfb' })).toBeNull();
    expect(decideUploadType({ name: 'a.pdf', detectedExt: 'exe' })).toBeNull();
    expect(decideUploadType({ name: 'a.zip', detectedExt: 'zip' })).toBeNull();
    expect(decideUploadType({ name: 'a.pdf.exe', detectedExt: 'pdf' })).toBeNull();
    expect(decideUploadType({ name: 'notes.txt', utf8Text: true })).toBe('text/plain; charset=utf-8');
    expect(decideUploadType({ name: 'notes.txt', utf8Text: false })).toBeNull();
    expect(decideUploadType({ name: 'notes.csv', utf8Text: true })).toBeNull();
  });
});
