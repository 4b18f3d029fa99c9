/**
 * Rules of payment requests (orders), free of I/O (DESIGN principle 2): validation of a new request (spec core §3
 * "Request (order)", §5, §6 "An unverified company cannot create requests") and the file rules (spec core §5 "Files",
 * §9 "Total file size per request 50 MB"). Order statuses and client tabs: @platform/domain/deal.
 *
 * Units: money is a decimal string with at most 2 decimals plus an ISO 4217 code, compared without floats; sizes
 * are bytes; dates are calendar days 'YYYY-MM-DD' (spec core §9), compared as strings (ISO order = time order).
 * Every failure is a FieldError `{ field, code, message }` with a stable code and Russian text; the handlers turn
 * a non-empty list into 400 VALIDATION_ERROR (src/errors.ts).
 */
import { MAX_FILE_BYTES } from '@platform/domain/limits';
import type { FieldError } from '../errors.js';
import { MESSAGES } from '../errors.js';
import { findCountry } from '../reference/countries.js';
import { findCurrency } from '../reference/currencies.js';

// ---------------------------------------------------------------------------------------------------------
// Request input (spec core §3, §5)
// ---------------------------------------------------------------------------------------------------------

export const PAYMENT_TYPES = ['SENDING', 'RECEIVING'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const GOODS_LOCATIONS = ['IMPORTED', 'NOT_IMPORTED'] as const;
export type GoodsLocation = (typeof GOODS_LOCATIONS)[number];

/** At most this many files per request. */
export const MAX_ORDER_FILES = 20;
/** Total size of the files of one request, bytes (spec core §5, §9: the platform's file limit, 50 MB). */
export const MAX_ORDER_FILES_BYTES = MAX_FILE_BYTES;
/** Character limits of the free-text fields (the spec does not give them, §5 "not shown"; chosen here). */
export const LIMITS = { comment: 2000, city: 100, bankName: 255, fileName: 255 } as const;
/** Largest amount numeric(18,2) holds: 16 integer digits. */
const AMOUNT_RE = /^(\d{1,16})(?:\.(\d{1,2}))?$/;
/** SWIFT BIC (ISO 9362): 4 letters bank, 2 letters country, 2 alphanumerics location, optional 3 alphanumerics branch. */
const SWIFT_RE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
/** TN VED code accepted in a request: a heading (4 digits) or a subheading (10 digits). */
const TNVED_RE = /^(?:\d{4}|\d{10})$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Body of the client's create and validation calls (docs/rest-api.md "OrderInput"). */
export interface OrderInput {
  paymentType: PaymentType;
  /** `cost`: decimal string such as '12500.00'; `currency`: ISO 4217 code such as 'USD'. */
  amount: { cost: string; currency: string };
  /** `countryCode`: ISO 3166-1 alpha-2; `swift`: BIC or null/'' when not found (spec core §5). */
  counterparty: { countryCode: string; city: string; bankName: string; swift?: string | null };
  tnvedCode: string;
  goodsLocation: GoodsLocation;
  /** 'YYYY-MM-DD'. */
  paymentDateFrom: string;
  /** 'YYYY-MM-DD', not before paymentDateFrom. */
  paymentDateTo: string;
  comment?: string | null;
  /** Ids (UUID) of files uploaded before by the same user. */
  fileIds?: string[];
}

/** The input as it is stored: trimmed, upper-cased codes, empty optional text as null. */
export interface NormalizedOrderInput {
  paymentType: PaymentType;
  /** Decimal string with exactly 2 decimals, e.g. '12500.00'. */
  amount: string;
  currency: string;
  countryCode: string;
  city: string;
  bankName: string;
  swift: string | null;
  tnvedCode: string;
  goodsLocation: GoodsLocation;
  paymentDateFrom: string;
  paymentDateTo: string;
  comment: string | null;
  fileIds: string[];
}

/** Stable codes and Russian texts of the request rules. */
export const ORDER_MESSAGES = {
  required: { code: 'REQUIRED', message: MESSAGES.required },
  amountFormat: { code: 'AMOUNT_FORMAT', message: 'Сумма — число, не более двух знаков после запятой' },
  amountPositive: { code: 'AMOUNT_NOT_POSITIVE', message: 'Сумма должна быть больше нуля' },
  currencyUnknown: { code: 'CURRENCY_UNKNOWN', message: 'Неизвестная валюта' },
  countryUnknown: { code: 'COUNTRY_UNKNOWN', message: 'Неизвестная страна' },
  swiftFormat: { code: 'SWIFT_FORMAT', message: 'SWIFT-код — 8 или 11 символов (латинские буквы и цифры)' },
  tnvedFormat: { code: 'TNVED_FORMAT', message: 'Код ТН ВЭД — 4 или 10 цифр' },
  tnvedUnknown: { code: 'TNVED_UNKNOWN', message: 'Код ТН ВЭД не найден в справочнике' },
  paymentType: { code: 'INVALID_VALUE', message: 'Недопустимое значение' },
  dateFormat: { code: 'DATE_FORMAT', message: 'Дата в формате ГГГГ-ММ-ДД' },
  dateInPast: { code: 'DATE_IN_PAST', message: 'Дата не может быть в прошлом' },
  datesReversed: { code: 'DATE_RANGE', message: 'Дата окончания срока оплаты раньше даты начала' },
  tooLong: { code: 'MAX_LENGTH', message: 'Превышен лимит символов' },
  tooManyFiles: { code: 'TOO_MANY_FILES', message: `Можно приложить не более ${MAX_ORDER_FILES} файлов` },
  fileRepeated: { code: 'FILE_REPEATED', message: 'Файл указан дважды' },
  fileNotFound: { code: 'FILE_NOT_FOUND', message: 'Файл не найден' },
  filesTooLarge: { code: 'FILES_TOO_LARGE', message: MESSAGES.fileTooLarge },
  fileDuplicate: { code: 'FILE_DUPLICATE', message: MESSAGES.fileDuplicate },
} as const;

function err(field: string, m: { code: string; message: string }): FieldError {
  return { field, code: m.code, message: m.message };
}

/** Trimmed string, or '' for anything that is not a string. */
function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * Checks a decimal amount string without floats: 1–16 integer digits, at most 2 decimals, > 0.
 * Returns the amount with exactly 2 decimals and no leading zeros ('007.5' → '7.50'), or a rule error.
 */
export function parseAmount(
  cost: string,
): { ok: true; value: string } | { ok: false; error: { code: string; message: string } } {
  const m = AMOUNT_RE.exec(cost.trim());
  if (!m) return { ok: false, error: ORDER_MESSAGES.amountFormat };
  const int = m[1].replace(/^0+(?=\d)/, '');
  const frac = (m[2] ?? '').padEnd(2, '0');
  if (/^0+$/.test(int) && /^0+$/.test(frac)) return { ok: false, error: ORDER_MESSAGES.amountPositive };
  return { ok: true, value: `${int}.${frac}` };
}

/** True when `s` is 'YYYY-MM-DD' naming a real calendar day (no 2026-02-30). */
export function isIsoDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Business day used for "not in the past": the calendar day in Moscow (the platform's business time zone;
 * clients work with Russian banking days). `now` is the app clock (UTC instant). Returns 'YYYY-MM-DD'.
 */
export function businessToday(now: Date, timeZone = 'Europe/Moscow'): string {
  // one formatter per time zone (issue 15: building one per call cost 0.2–0.6 ms here, and the offer expiry job calls
  // this for each of tens of thousands of offers every minute at data scale)
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(now);
}

/** True when `code` has the shape of a request's TN VED code: 4 or 10 digits (spec core §3, §5). */
export function isTnvedCodeShape(code: string): boolean {
  return TNVED_RE.test(code);
}

/** Context of {@link validateOrderInput}, supplied by the handler. */
export interface OrderValidationContext {
  /** Today as 'YYYY-MM-DD' (see {@link businessToday}); payment dates may not be before it. */
  today: string;
  /**
   * Whether the (well-shaped) TN VED code exists in the directory ref_tnved; the handler looks it up.
   * `undefined` means "not checked" (no TNVED_UNKNOWN error).
   */
  tnvedKnown?: boolean;
}

/**
 * Validates a request input (spec core §3 "Request (order)", §5). Pure: the TN VED lookup comes in `ctx`.
 * Rules, each with its stable code:
 * - required: paymentType, amount.cost, amount.currency, counterparty.countryCode, .city, .bankName, tnvedCode,
 *   goodsLocation, paymentDateFrom, paymentDateTo (REQUIRED);
 * - amount.cost: decimal string, ≤ 16 integer digits, ≤ 2 decimals (AMOUNT_FORMAT), > 0 (AMOUNT_NOT_POSITIVE);
 * - amount.currency: known ISO 4217 code (CURRENCY_UNKNOWN); counterparty.countryCode: known ISO 3166-1 alpha-2
 *   (COUNTRY_UNKNOWN); both case-insensitive;
 * - counterparty.swift: empty/null allowed (spec core §5 "SWIFT may be left empty if not found"), else BIC of 8 or
 *   11 characters (SWIFT_FORMAT);
 * - tnvedCode: 4 or 10 digits (TNVED_FORMAT) and present in the directory (TNVED_UNKNOWN);
 * - paymentDateFrom/To: real dates (DATE_FORMAT), not before ctx.today (DATE_IN_PAST), From ≤ To (DATE_RANGE);
 * - comment ≤ 2000, city ≤ 100, bankName ≤ 255 characters (MAX_LENGTH);
 * - fileIds: at most 20 (TOO_MANY_FILES), no id twice (FILE_REPEATED). Sizes and names: {@link checkOrderFiles}.
 * Returns `{ errors }` (empty when valid) and, when valid, the normalized input to store.
 */
export function validateOrderInput(
  input: Partial<OrderInput> | undefined,
  ctx: OrderValidationContext,
): { errors: FieldError[]; value?: NormalizedOrderInput } {
  const errors: FieldError[] = [];
  const i = input ?? {};
  const required = (field: string, v: string): boolean => {
    if (v) return true;
    errors.push(err(field, ORDER_MESSAGES.required));
    return false;
  };

  const paymentType = str(i.paymentType);
  if (required('paymentType', paymentType) && !(PAYMENT_TYPES as readonly string[]).includes(paymentType))
    errors.push(err('paymentType', ORDER_MESSAGES.paymentType));

  let amount = '';
  const cost = str(i.amount?.cost);
  if (required('amount.cost', cost)) {
    const a = parseAmount(cost);
    if (a.ok) amount = a.value;
    else errors.push(err('amount.cost', a.error));
  }
  const currency = str(i.amount?.currency).toUpperCase();
  if (required('amount.currency', currency) && !findCurrency(currency))
    errors.push(err('amount.currency', ORDER_MESSAGES.currencyUnknown));

  const cp = i.counterparty;
  const countryCode = str(cp?.countryCode).toUpperCase();
  if (required('counterparty.countryCode', countryCode) && !findCountry(countryCode))
    errors.push(err('counterparty.countryCode', ORDER_MESSAGES.countryUnknown));
  const city = str(cp?.city);
  if (required('counterparty.city', city) && city.length > LIMITS.city)
    errors.push(err('counterparty.city', ORDER_MESSAGES.tooLong));
  const bankName = str(cp?.bankName);
  if (required('counterparty.bankName', bankName) && bankName.length > LIMITS.bankName)
    errors.push(err('counterparty.bankName', ORDER_MESSAGES.tooLong));
  const swiftRaw = str(cp?.swift).toUpperCase();
  if (swiftRaw && !SWIFT_RE.test(swiftRaw)) errors.push(err('counterparty.swift', ORDER_MESSAGES.swiftFormat));

  const tnvedCode = str(i.tnvedCode);
  if (required('tnvedCode', tnvedCode)) {
    if (!isTnvedCodeShape(tnvedCode)) errors.push(err('tnvedCode', ORDER_MESSAGES.tnvedFormat));
    else if (ctx.tnvedKnown === false) errors.push(err('tnvedCode', ORDER_MESSAGES.tnvedUnknown));
  }

  const goodsLocation = str(i.goodsLocation);
  if (required('goodsLocation', goodsLocation) && !(GOODS_LOCATIONS as readonly string[]).includes(goodsLocation))
    errors.push(err('goodsLocation', ORDER_MESSAGES.paymentType));

  const dateOk = (field: 'paymentDateFrom' | 'paymentDateTo', v: string): boolean => {
    if (!required(field, v)) return false;
    if (!isIsoDate(v)) {
      errors.push(err(field, ORDER_MESSAGES.dateFormat));
      return false;
    }
    if (v < ctx.today) {
      errors.push(err(field, ORDER_MESSAGES.dateInPast));
      return false;
    }
    return true;
  };
  const from = str(i.paymentDateFrom);
  const to = str(i.paymentDateTo);
  const fromOk = dateOk('paymentDateFrom', from);
  const toOk = dateOk('paymentDateTo', to);
  if (fromOk && toOk && from > to) errors.push(err('paymentDateTo', ORDER_MESSAGES.datesReversed));

  const comment = str(i.comment);
  if (comment.length > LIMITS.comment) errors.push(err('comment', ORDER_MESSAGES.tooLong));

  const fileIds = Array.isArray(i.fileIds) ? i.fileIds : [];
  if (fileIds.length > MAX_ORDER_FILES) errors.push(err('fileIds', ORDER_MESSAGES.tooManyFiles));
  const seen = new Set<string>();
  fileIds.forEach((id, n) => {
    const key = String(id).toLowerCase();
    if (seen.has(key)) errors.push(err(`fileIds.${n}`, ORDER_MESSAGES.fileRepeated));
    seen.add(key);
  });

  if (errors.length) return { errors };
  return {
    errors,
    value: {
      paymentType: paymentType as PaymentType,
      amount,
      currency,
      countryCode,
      city,
      bankName,
      swift: swiftRaw || null,
      tnvedCode,
      goodsLocation: goodsLocation as GoodsLocation,
      paymentDateFrom: from,
      paymentDateTo: to,
      comment: comment || null,
      fileIds: [...seen],
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Files of a request (spec core §5 "Files")
// ---------------------------------------------------------------------------------------------------------

/** What the file rules need to know of an uploaded file. */
export interface OrderFileInfo {
  id: string;
  /** Name as uploaded. */
  name: string;
  /** Bytes. */
  size: number;
}

/**
 * File rules of one request (spec core §5, §9):
 * - total size of all files ≤ 50 MB = 52 428 800 bytes, else one error on `fileIds`, code FILES_TOO_LARGE,
 *   'Превышен размер файла';
 * - no two files with the same name, else FILE_DUPLICATE 'Файл с именем {name} уже загружен' on the later one
 *   (`fileIds.<index>`). Names are compared case-insensitively (after trimming and Unicode NFC normalisation):
 *   'Invoice.PDF' and 'invoice.pdf' are the same name, because they are on the client's Windows/macOS disks.
 * `files` are in the order of the request's fileIds; `limitBytes` is for tests only.
 */
export function checkOrderFiles(files: readonly OrderFileInfo[], limitBytes = MAX_ORDER_FILES_BYTES): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  files.forEach((f, n) => {
    const key = fileNameKey(f.name);
    if (names.has(key))
      errors.push({
        field: `fileIds.${n}`,
        code: ORDER_MESSAGES.fileDuplicate.code,
        message: ORDER_MESSAGES.fileDuplicate.message(f.name),
      });
    names.add(key);
  });
  // Integers of bytes well below 2^53: plain addition is exact.
  const total = files.reduce((s, f) => s + f.size, 0);
  if (total > limitBytes) errors.push(err('fileIds', ORDER_MESSAGES.filesTooLarge));
  return errors;
}

/** Comparison key of a file name: trimmed, NFC, lower case (locale-independent). */
export function fileNameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

/**
 * Cleans an uploaded file name for storage and display: the last path component only (browsers may send
 * 'C:\\fakepath\\x.pdf'), control characters removed, trimmed, cut to 255 characters keeping the extension.
 * Returns '' when nothing is left.
 */
export function cleanFileName(raw: string): string {
  let name = (raw.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .normalize('NFC')
    .trim();
  if (name === '.' || name === '..') return '';
  if (name.length > LIMITS.fileName) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, LIMITS.fileName - ext.length) + ext;
  }
  return name;
}

/** Lower-case extension of a file name without the dot ('Счёт.PDF' → 'pdf'); '' when none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Extensions refused whatever the content: programs and scripts a desktop would run on double click. A PDF
 * renamed 'x.exe' is refused too, so that no download ever arrives with a runnable name.
 */
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe',
  'com',
  'bat',
  'cmd',
  'scr',
  'pif',
  'msi',
  'msp',
  'dll',
  'cpl',
  'sys',
  'drv',
  'lnk',
  'hta',
  'js',
  'jse',
  'mjs',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'ps1',
  'psm1',
  'reg',
  'sh',
  'bash',
  'jar',
  'apk',
  'app',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'run',
  'bin',
  'elf',
  'so',
  'dylib',
  'iso',
  'img',
  'vhd',
  'vhdx',
  'html',
  'htm',
  'svg',
  'xhtml',
  'swf',
]);

/**
 * Content types accepted for request files, by the type `file-type` detects from the content (its `ext`):
 * pdf, jpg, png, webp, docx, xlsx, odt, ods. Archives (zip, rar, 7z…) are refused: they may carry anything,
 * invoices and contracts are sent as documents. Legacy Office files (doc, xls) are Compound File Binary
 * containers that file-type reports as 'cfb'; they are accepted when the name ends in .doc or .xls.
 */
export const ALLOWED_DETECTED: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};
const CFB_BY_EXTENSION: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

/** What is known of an upload when its type is decided. */
export interface UploadFacts {
  /** Cleaned file name (see {@link cleanFileName}). */
  name: string;
  /** `ext` reported by file-type for the content; undefined when it found no signature. */
  detectedExt?: string;
  /** The whole content is valid UTF-8 without NUL bytes (only computed for names ending in .txt). */
  utf8Text?: boolean;
}

/**
 * Decides the stored content type of an upload from its content (spec core §5; DESIGN "Errors"), or null when
 * the file is refused (415 UNSUPPORTED_FILE_TYPE 'Недопустимый тип файла'):
 * - a name with an executable extension: refused;
 * - a detected type of {@link ALLOWED_DETECTED}: that MIME type; 'cfb' with a .doc/.xls name: msword/ms-excel;
 * - no signature at all: 'text/plain; charset=utf-8' only when the name ends in .txt and the bytes are UTF-8
 *   text; everything else (executables, archives, unknown binaries, a .txt that is not text) is refused.
 */
export function decideUploadType(f: UploadFacts): string | null {
  const ext = extensionOf(f.name);
  if (EXECUTABLE_EXTENSIONS.has(ext)) return null;
  if (f.detectedExt) {
    if (f.detectedExt === 'cfb') return CFB_BY_EXTENSION[ext] ?? null;
    return ALLOWED_DETECTED[f.detectedExt] ?? null;
  }
  return ext === 'txt' && f.utf8Text ? 'text/plain; charset=utf-8' : null;
}

/** Message and code of a refused file type. */
export const UNSUPPORTED_FILE_TYPE = { code: 'UNSUPPORTED_FILE_TYPE', message: 'Недопустимый тип файла' } as const;
