import { describe, expect, it } from 'vitest';
import { MAX_PARTNER_FILE_BYTES, acceptPartnerFiles, partnerUploadPath, validatePartnerFile } from './partnerFiles';

const MB = 1024 * 1024;

describe('partner documents (spec core §5: ≤ 50 MB each, duplicate names refused)', () => {
  it('accepts a file of exactly 50 MB and refuses one byte more', () => {
    expect(MAX_PARTNER_FILE_BYTES).toBe(50 * MB);
    expect(validatePartnerFile({ name: 'a.pdf', size: 50 * MB }, [])).toBe(true);
    expect(validatePartnerFile({ name: 'a.pdf', size: 50 * MB + 1 }, [])).toBe('Превышен размер файла');
  });
  it('limits each file, not the set: many large files pass', () => {
    const existing = [
      { name: 'a.pdf', size: 49 * MB },
      { name: 'b.pdf', size: 49 * MB },
    ];
    expect(validatePartnerFile({ name: 'c.pdf', size: 49 * MB }, existing)).toBe(true);
  });
  it('refuses a repeated name with the §5 text, ignoring case like the server', () => {
    expect(validatePartnerFile({ name: 'Договор.PDF', size: 1 }, [{ name: 'договор.pdf' }])).toBe(
      'Файл с именем Договор.PDF уже загружен',
    );
  });
  it('checks a batch in order, so one pick cannot hold two files of one name', () => {
    const { accepted, errors } = acceptPartnerFiles(
      [
        { name: 'a.pdf', size: 1 },
        { name: 'A.pdf', size: 1 },
        { name: 'big.pdf', size: 51 * MB },
        { name: 'b.pdf', size: 1 },
      ],
      [],
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(errors).toEqual(['Файл с именем A.pdf уже загружен', 'Превышен размер файла']);
  });
  it('uploads each set through its proxy path', () => {
    expect(partnerUploadPath(12, 'DOC_EXAMPLES')).toBe('/files/partner/orders/12/offer/docs-example');
    expect(partnerUploadPath(12, 'OFFER_DOCS')).toBe('/files/partner/orders/12/offer/docs');
    expect(partnerUploadPath(12, 'FINAL_DOCS')).toBe('/files/partner/orders/12/offer/final-docs');
  });
});
