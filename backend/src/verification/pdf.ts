/**
 * The application for joining the platform as a PDF (issue 8; spec core §1 "get verified by a qualified electronic
 * signature", §3 "Documents: verification documents", §7 Client "verification/document"). Russian text, laid out
 * with pdfkit and the DejaVu Sans TrueType font from the `dejavu-fonts-ttf` npm package (embedded in the PDF, so
 * Cyrillic never depends on the fonts of the machine). The produced bytes are what the client signs (CAdES-BES,
 * detached, chat-and-shell §9); they are stored once and never regenerated for the same document.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** DejaVu Sans regular and bold (TrueType, full Cyrillic). */
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Title and download name of the application (VerificationDocument.name). */
export const APPLICATION_TITLE = 'Заявление о присоединении к платформе';
export const APPLICATION_FILE_NAME = `${APPLICATION_TITLE}.pdf`;

/** What the application is generated from: every §3 Company field, the contact, the bank requisites and the date. */
export interface ApplicationData {
  company: {
    fullName: string;
    shortName: string;
    inn: string;
    kpp: string | null;
    ogrn: string;
    registrationAuthority: string | null;
    registrationAuthorityAddress: string | null;
    registrationDate: string | null;
    okved: string | null;
    legalAddress: string | null;
    actualAddress: string | null;
    ceo: { lastName: string | null; firstName: string | null; middleName: string | null };
    liquidated: boolean;
  };
  contact: {
    surname: string;
    name: string;
    patronymic: string | null;
    phone: string | null;
    email: string;
    position: string | null;
  };
  requisites: Array<{ index: number; bankBik: string; bankName: string; checkAccount: string; corrAccount: string }>;
  /** The generation time; printed as the Moscow calendar date DD.MM.YYYY. */
  date: Date;
}

/** DD.MM.YYYY of `d` in Moscow time (spec core §9 dates shown in Moscow time). */
export function moscowDate(d: Date): string {
  return new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'; anything else unchanged. */
function ruDate(iso: string | null): string | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** +7 (XXX) XXX-XX-XX for 10 digits; anything else unchanged. */
function ruPhone(p: string | null): string | null {
  return p && /^\d{10}$/.test(p) ? `+7 (${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6, 8)}-${p.slice(8)}` : p;
}

const join = (...parts: Array<string | null | undefined>) => parts.filter((p) => p && p.trim()).join(' ');

/**
 * Renders the application. Returns the PDF bytes (PDF 1.7, A4, fonts embedded and subset). Never throws for missing
 * optional data: an absent value prints as '—'.
 */
export function renderApplicationPdf(data: ApplicationData): Promise<Buffer> {
  const { company: c, contact, requisites } = data;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    pdfVersion: '1.7',
    info: {
      Title: APPLICATION_TITLE,
      Author: c.shortName,
      Subject: `ИНН ${c.inn}, ОГРН ${c.ogrn}`,
      Producer: 'Платформа валютных платежей',
      CreationDate: data.date,
    },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(12).text(text).moveDown(0.3);
  };
  const row = (label: string, value: string | null | undefined) => {
    doc
      .font('bold')
      .fontSize(10)
      .text(`${label}: `, { continued: true })
      .font('regular')
      .text(value && value.trim() ? value : '—');
  };

  doc.font('bold').fontSize(16).text(APPLICATION_TITLE, { align: 'center' });
  doc
    .moveDown(0.3)
    .font('regular')
    .fontSize(10)
    .text(`Дата: ${moscowDate(data.date)}`, { align: 'right' });
  doc
    .moveDown(0.8)
    .font('regular')
    .fontSize(11)
    .text(
      `${c.fullName} (ИНН ${c.inn}, ${c.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'} ${c.ogrn}) просит присоединить компанию к платформе ` +
        'валютных платежей и подтверждает достоверность приведённых ниже сведений. Заявление подписывается ' +
        'квалифицированной электронной подписью руководителя или уполномоченного лица компании.',
      { align: 'justify' },
    );

  heading('Сведения о компании');
  row('Полное наименование', c.fullName);
  row('Сокращённое наименование', c.shortName);
  row('ИНН', c.inn);
  row('КПП', c.kpp);
  row(c.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН', c.ogrn);
  row('Регистрирующий орган', c.registrationAuthority);
  row('Адрес регистрирующего органа', c.registrationAuthorityAddress);
  row('Дата регистрации', ruDate(c.registrationDate));
  row('ОКВЭД', c.okved);
  row('Юридический адрес', c.legalAddress);
  row('Фактический адрес', c.actualAddress);
  row('Руководитель', join(c.ceo.lastName, c.ceo.firstName, c.ceo.middleName));
  row('Состояние', c.liquidated ? 'ликвидирована' : 'действующая');

  heading('Контактное лицо');
  row('ФИО', join(contact.surname, contact.name, contact.patronymic));
  row('Должность', contact.position);
  row('Телефон', ruPhone(contact.phone));
  row('Электронная почта', contact.email);

  heading('Банковские реквизиты');
  for (const r of requisites) {
    doc.font('bold').fontSize(10).text(`Счёт № ${r.index}`).moveDown(0.1);
    row('БИК', r.bankBik);
    row('Банк', r.bankName);
    row('Расчётный счёт', r.checkAccount);
    row('Корреспондентский счёт', r.corrAccount);
    doc.moveDown(0.3);
  }

  doc
    .moveDown(1.5)
    .font('regular')
    .fontSize(10)
    .text('Подписано квалифицированной электронной подписью (CAdES-BES, откреплённая подпись).');
  doc.end();
  return done;
}
