/**
 * Small generated files of the demo world (README "Set-up"): one-page PDFs with Russian text (invoices, contracts,
 * acts; pdfkit with the embedded DejaVu Sans font, as src/verification/pdf.ts) and a PNG picture for a chat message.
 * The backend types uploads by their content (spec core §5 Files), so these are real PDF and PNG bytes.
 * Deterministic: the same input gives the same bytes (fixed creation date, no random ids).
 */
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * A one-page A4 PDF: `title` in bold, then `lines` (Russian or Latin text). `date` is written into the document
 * information (CreationDate) so the bytes do not depend on the time of seeding. Returns the PDF bytes.
 */
export function demoPdf(title: string, lines: readonly string[], date: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    pdfVersion: '1.7',
    info: { Title: title, Producer: 'Платформа валютных платежей (демо)', CreationDate: date },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('bold').fontSize(15).text(title, { align: 'center' }).moveDown(1);
  doc.font('regular').fontSize(11);
  for (const line of lines) doc.text(line).moveDown(0.4);
  doc.moveDown(1).fontSize(8).fillColor('#777777').text('Демонстрационный документ. Не является платёжным.');
  doc.end();
  return done;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A `width`×`height` RGB PNG: a box of `box` colour (RGB 0–255) on a light background with a darker floor — a
 * stand-in photo of goods on a warehouse shelf for the alliance chat. Returns the PNG bytes.
 */
export function demoPng(width: number, height: number, box: readonly [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inBox = x > width * 0.25 && x < width * 0.75 && y > height * 0.3 && y < height * 0.8;
      const floor = y >= height * 0.8;
      const [r, g, b] = inBox ? box : floor ? [150, 140, 125] : [236, 240, 244 - Math.round((y / height) * 30)];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
