/**
 * The WebSocket Origin check of /graphql (issue 14 defect 7): a cross-site Origin is refused even when the client sends
 * an X-Forwarded-Host naming that site; the gateway's own Host and PUBLIC_URL are accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildGateway, type Gateway } from '../src/app.js';
import { originAllowed } from '../src/http/ws.js';
import { startStubBackend, type Stub } from './stubBackend.js';

let stub: Stub;
let gw: Gateway;

beforeAll(async () => {
  stub = await startStubBackend();
  gw = await buildGateway({ backendUrl: stub.url, port: 0, webDist: '', publicUrl: 'https://valuta.example' });
});
afterAll(async () => {
  await gw?.close();
  await stub?.close();
});

/** The HTTP status of a WebSocket upgrade to /graphql with `headers` (101 when it opens). */
function upgradeStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${gw.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

describe('WebSocket Origin check', () => {
  it('refuses a cross-site Origin even with a matching X-Forwarded-Host', async () => {
    expect(await upgradeStatus({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).toBe(403);
    expect(await upgradeStatus({ origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' })).toBe(403);
  });

  it("accepts the gateway's own Host and PUBLIC_URL", async () => {
    expect(await upgradeStatus({ origin: gw.url })).toBe(101);
    expect(await upgradeStatus({ origin: 'https://valuta.example' })).toBe(101);
  });

  it('originAllowed reads Host, PUBLIC_URL and the allowed origins only', () => {
    const req = (headers: Record<string, string>) => ({ headers });
    expect(originAllowed(req({ origin: 'https://a.example', host: 'a.example' }))).toBe(true);
    expect(
      originAllowed(req({ origin: 'https://a.example', host: 'b.example', 'x-forwarded-host': 'a.example' })),
    ).toBe(false);
    expect(
      originAllowed(req({ origin: 'https://c.example', host: 'b.example' }), undefined, ['https://c.example/']),
    ).toBe(true);
  });
});
