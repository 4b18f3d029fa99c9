/**
 * The buffered upstream exchange (rest/exchange.ts, issue 15 "Gateway overhead") and how the session maps its failures
 * (DESIGN "Errors": upstream HTTP details never leak; network failures are UpstreamUnavailableError). A real HTTP
 * server on a free port plays the backend.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, ExchangeError, type ExchangeRequest } from './exchange.js';
import { UpstreamUnavailableError } from './errors.js';
import { UpstreamSession } from './session.js';

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes = new Map<string, Route>();
let server: Server;
let base: string;
const dispatcher = new Agent({ keepAliveTimeout: 1_000 });

/** A GET of `path` on the test server (or of an absolute URL), through `dispatcher`, 5 s time-out unless given. */
const get = (path: string, extra: Partial<ExchangeRequest> = {}) =>
  exchange({ url: new URL(path, base), method: 'GET', headers: {}, timeoutMs: 5_000, dispatcher, ...extra });

/** A port of 127.0.0.1 on which nothing listens (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((r) => closed.close(r));
  return port;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const route = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
      if (route) route(req, res, body);
      else res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  routes.set('/api/json', (req, res, body) => {
    res.writeHead(200, [
      ['content-type', 'application/json'],
      ['set-cookie', 'SESSION=s2; Path=/; HttpOnly'],
      ['set-cookie', 'USER_TYPE=CLIENT; Path=/'],
    ]);
    res.end(JSON.stringify({ method: req.method, query: req.url, body, cookie: req.headers.cookie ?? null }));
  });
  routes.set('/api/empty', (_req, res) => res.writeHead(204).end());
  // the Russian text split inside a two-byte character, over three writes
  routes.set('/api/chunked', (_req, res) => {
    const bytes = Buffer.from(JSON.stringify({ message: 'Заявка не найдена' }));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.write(bytes.subarray(0, 15));
    setTimeout(() => {
      res.write(bytes.subarray(15, 16));
      setTimeout(() => res.end(bytes.subarray(16)), 10);
    }, 10);
  });
  routes.set('/api/processing', (_req, res) => {
    res.writeProcessing(); // 102 first, then the answer
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  // promises 100 bytes, sends 10, then the connection breaks
  routes.set('/api/broken', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"partial"');
    setTimeout(() => res.socket?.destroy(), 20);
  });
  routes.set('/api/silent', () => undefined); // never answers
  routes.set('/api/html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'));
});

afterAll(async () => {
  await dispatcher.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('exchange', () => {
  it('answers status, lower-case headers (set-cookie lines as an array) and the whole body; sends method, headers, body', async () => {
    const answer = await exchange({
      url: new URL(`${base}/api/json?a=1&a=2`),
      method: 'POST',
      headers: { cookie: 'SESSION=s1', 'content-type': 'application/json' },
      body: '{"x":1}',
      timeoutMs: 5_000,
      dispatcher,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['set-cookie']).toEqual(['SESSION=s2; Path=/; HttpOnly', 'USER_TYPE=CLIENT; Path=/']);
    expect(JSON.parse(answer.text)).toEqual({
      method: 'POST',
      query: '/api/json?a=1&a=2',
      body: '{"x":1}',
      cookie: 'SESSION=s1',
    });
  });

  it('answers an empty text for 204 and the backend error body for 404', async () => {
    const empty = await get('/api/empty');
    expect(empty).toMatchObject({ statusCode: 204, text: '' });
    const missing = await get('/api/none');
    expect(missing).toMatchObject({ statusCode: 404, text: '{"code":"NOT_FOUND"}' });
  });

  it('joins a body sent in chunks, a character split between them included', async () => {
    const answer = await get('/api/chunked', { dispatcher: undefined }); // undici's global dispatcher
    expect(JSON.parse(answer.text)).toEqual({ message: 'Заявка не найдена' });
  });

  it('answers the final status after a 1xx informational one', async () => {
    const answer = await get('/api/processing');
    expect(answer).toMatchObject({ statusCode: 200, text: '{"ok":true}' });
  });

  it("rejects with phase 'connect' when nothing answers on the port, or not within the time-out", async () => {
    const port = await closedPort();
    const refused = get(`http://127.0.0.1:${port}/api/x`);
    await expect(refused).rejects.toMatchObject({ name: 'ExchangeError', phase: 'connect' });
    const slow = get('/api/silent', { timeoutMs: 200 });
    await expect(slow).rejects.toBeInstanceOf(ExchangeError);
    await expect(slow).rejects.toMatchObject({ phase: 'connect' });
  });

  it("rejects with phase 'body' when the answer breaks off after its headers", async () => {
    const broken = get('/api/broken');
    await expect(broken).rejects.toMatchObject({ name: 'ExchangeError', phase: 'body' });
  });

  it("rejects with phase 'connect' for a request undici refuses to send (a header value with a line break)", async () => {
    const bad = get('/api/json', { headers: { 'x-bad': 'a\r\nb' } });
    await expect(bad).rejects.toMatchObject({ name: 'ExchangeError', phase: 'connect' });
  });
});

describe('UpstreamSession over the exchange', () => {
  // paths of the REST contract; the server answers by path
  const partner = (id: number) => `/api/secured/oper/partners/${id}`;

  it('parses the JSON answer, applies the Set-Cookie lines to its jar and relays them', async () => {
    routes.set(partner(1), routes.get('/api/json')!);
    const relayed: string[][] = [];
    const s = new UpstreamSession({
      backendUrl: base,
      cookieHeader: 'SESSION=s1',
      dispatcher,
      onSetCookie: (lines) => relayed.push(lines),
    });
    const body = (await s.call('GET', '/api/secured/oper/partners/{id}', { params: { id: 1 } })) as unknown;
    expect(body).toMatchObject({ method: 'GET', cookie: 'SESSION=s1' });
    expect(relayed).toEqual([['SESSION=s2; Path=/; HttpOnly', 'USER_TYPE=CLIENT; Path=/']]);
    expect(s.jar.header()).toBe('SESSION=s2; USER_TYPE=CLIENT');
    expect(s.calls).toBe(1);
  });

  it('maps a broken body, a refused connection and a non-JSON answer to UpstreamUnavailableError', async () => {
    routes.set(partner(2), routes.get('/api/broken')!);
    routes.set(partner(3), routes.get('/api/html')!);
    const s = new UpstreamSession({ backendUrl: base, cookieHeader: 'SESSION=s1', dispatcher });
    const broken = s.call('GET', '/api/secured/oper/partners/{id}', { params: { id: 2 } });
    await expect(broken).rejects.toBeInstanceOf(UpstreamUnavailableError);
    await expect(broken).rejects.toThrow('upstream GET /api/secured/oper/partners/2 body failed');
    await expect(s.call('GET', '/api/secured/oper/partners/{id}', { params: { id: 3 } })).rejects.toThrow(
      'upstream GET /api/secured/oper/partners/3 sent text/html',
    );
    const port = await closedPort();
    const away = new UpstreamSession({
      backendUrl: `http://127.0.0.1:${port}`,
      cookieHeader: 'SESSION=s1',
      dispatcher,
    });
    const refused = away.call('GET', '/api/secured/oper/partners/{id}', { params: { id: 1 } });
    await expect(refused).rejects.toBeInstanceOf(UpstreamUnavailableError);
    await expect(refused).rejects.toThrow('upstream GET /api/secured/oper/partners/1 unreachable');
  });
});
