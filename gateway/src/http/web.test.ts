/**
 * The compression of dynamic answers (http/web.ts `compression`, issues 13 and 15): a real Fastify app with the
 * plugin as the gateway registers it, answering JSON of several sizes.
 */
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compression, compressionZlib } from './web.js';

/** A JSON answer of about `n` bytes, as the requests page's: rows of Russian text and numbers. */
const answer = (rows: number) =>
  JSON.stringify({
    data: {
      rows: Array.from({ length: rows }, (_, i) => ({
        id: `T3JkZXI6${i}`,
        status: 'Ожидает предложений',
        amount: `${i}.50`,
      })),
    },
  });

const app = Fastify();
/** Spied before the plugin is registered (it keeps the function it finds then). */
const hinted = vi.spyOn(compressionZlib, 'brotliCompressSync');
beforeAll(async () => {
  await compression(app);
  app.get('/json/:rows', (req, reply) => {
    reply.type('application/json').send(answer(Number((req.params as { rows: string }).rows)));
  });
  await app.ready();
});
afterAll(() => app.close());

describe('compression of dynamic answers', () => {
  it('sends brotli, then gzip, by Accept-Encoding above 1 KiB, each decompressing to the answer', async () => {
    for (const rows of [40, 400, 4_000]) {
      const body = answer(rows);
      const br = await app.inject({ url: `/json/${rows}`, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding'], `${rows}`).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(body);
      expect(br.rawPayload.length).toBeLessThan(body.length / 4);
      // a buffered answer of a few kilobytes takes the synchronous path with the size hint
      if (rows === 40) expect(hinted).toHaveBeenLastCalledWith(Buffer.from(body), expect.anything());
      const gz = await app.inject({ url: `/json/${rows}`, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(body);
    }
  });

  it('leaves small answers and clients without Accept-Encoding uncompressed', async () => {
    const small = await app.inject({ url: '/json/2', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.payload).toBe(answer(2));
    const plain = await app.inject({ url: '/json/400' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(answer(400));
  });

  it("brotli with the size hint compresses as well as without it, at the plugin's quality", () => {
    const buf = Buffer.from(answer(60));
    const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
    const hinted = compressionZlib.brotliCompressSync(buf, options);
    expect(zlib.brotliDecompressSync(hinted).toString()).toBe(buf.toString());
    expect(hinted.length).toBeLessThanOrEqual(zlib.brotliCompressSync(buf, options).length + 8);
    expect(options.params).toEqual({ [zlib.constants.BROTLI_PARAM_QUALITY]: 4 }); // the caller's options untouched
  });
});
