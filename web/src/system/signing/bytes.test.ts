/** The bytes that get signed (spec chat §4: detached signature over the document's exact bytes). */
import { describe, expect, it } from 'vitest';
import { base64ToBytes, fetchDocumentBytes } from './bytes';

describe('bytes to sign', () => {
  it('decodes base64 content byte for byte, including bytes above 127 and line breaks', () => {
    const bytes = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80, 0x0a]);
    const b64 = Buffer.from(bytes).toString('base64');
    expect(base64ToBytes(`${b64.slice(0, 4)}\n${b64.slice(4)}`)).toEqual(bytes);
    expect(() => base64ToBytes('not base64!')).toThrow('Некорректные данные документа');
  });

  it('downloads a document with the session cookie; a failed download is "Не удалось загрузить документ"', async () => {
    const seen: RequestInit[] = [];
    const ok = (async (_: unknown, init: RequestInit) => {
      seen.push(init);
      return new Response(new Uint8Array([1, 2, 3]));
    }) as unknown as typeof fetch;
    expect(await fetchDocumentBytes('/files/client/orders/1/documents/2', ok)).toEqual(new Uint8Array([1, 2, 3]));
    expect(seen[0].credentials).toBe('include');
    const missing = (async () => new Response('no', { status: 404 })) as unknown as typeof fetch;
    await expect(fetchDocumentBytes('/x', missing)).rejects.toThrow('Не удалось загрузить документ');
  });
});
