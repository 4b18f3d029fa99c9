/**
 * The CSV export of an order report (issue 12; docs/integrators.md "CSV export"): UTF-8 with a BOM (Excel detects
 * the encoding), ';' separator, CRLF line ends, a Russian header row, RFC 4180 quoting (a cell with ';', '"', CR or
 * LF is quoted, quotes doubled), amounts as decimals with a decimal COMMA ('1234,56': with the Russian locale Excel
 * reads it as a number), and a formula-injection guard: a text cell starting with = + - @ (or tab / CR) gets a
 * leading apostrophe.
 *
 * Constant memory: rows are read in keyset pages of {@link CSV_PAGE_ROWS} and yielded one page at a time; the
 * consumer (a Readable stream piped to the socket) pulls the next page only when the socket has drained.
 */
import type { Db } from '../db/client.js';
import { reportPage, type ReportFilter, type ReportOrderItem, type ReportScope } from './orders-report.js';

export const CSV_PAGE_ROWS = 1000;
export const CSV_BOM = '\uFEFF';

const HEADER = [
  'ID заявки',
  'Номер',
  'Создана (UTC)',
  'Изменена (UTC)',
  'Статус',
  'Статус отображения',
  'Статус моей заявки агента',
  'Тип платежа',
  'Сумма',
  'Валюта',
  'Страна',
  'Город',
  'Банк',
  'Клиент',
  'Платёжные агенты',
  'Комиссия по сделке',
  'Сервисный сбор',
];

/** A text cell: formula guard, then RFC 4180 quoting. */
export function csvText(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A decimal amount with the decimal comma ('1234.50' → '1234,50'); empty when null. */
export function csvDecimal(value: string | null): string {
  return value === null ? '' : value.replace('.', ',');
}

export function csvLine(cells: string[]): string {
  return `${cells.join(';')}\r\n`;
}

export function csvRow(i: ReportOrderItem): string {
  return csvLine([
    String(i.id),
    String(i.number),
    i.createdAt,
    i.updatedAt,
    csvText(i.status),
    csvText(i.displayStatus),
    csvText(i.partnerOrderStatus ?? ''),
    csvText(i.paymentType),
    csvDecimal(i.amount),
    csvText(i.currency),
    csvText(i.countryCode),
    csvText(i.city),
    csvText(i.bankName),
    csvText(i.companyName),
    csvText(i.paymentAgents.map((a) => a.name).join(', ')),
    csvDecimal(i.fee),
    csvDecimal(i.serviceFee),
  ]);
}

/** The export as chunks (BOM + header, then one chunk per keyset page), pulled on demand. */
export async function* csvChunks(db: Db, scope: ReportScope, filter: ReportFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(HEADER.map(csvText));
  let after: string | undefined;
  for (;;) {
    const page = await reportPage(db, scope, filter, CSV_PAGE_ROWS, after, false);
    if (page.items.length) yield page.items.map(csvRow).join('');
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
    after = page.pageInfo.endCursor;
  }
}
