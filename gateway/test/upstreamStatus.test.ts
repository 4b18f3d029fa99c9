/**
 * The upstream HTTP status of a deliberate 4xx answer reaches the client as `extensions.upstreamStatus` (rest/errors.ts),
 * so the web app's chat route can show the error page with the response status and message when the unread statistic
 * fails (spec chat-and-shell §2, §8). Runs the whole gateway (HTTP, Apollo, formatError) over a stub backend whose
 * GET .../chat/messages/unread answers the status the test sets; a 5xx stays a masked 500-class error without status.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app.js';

let server: Server;
let gw: Gateway;
/** Status and body the stub's messages/unread answers next. */
let unread: { status: number; body: Record<string, unknown> } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    if (path === '/api/public/csrf')
      return json(200, { token: 't', headerName: 'X-XSRF-TOKEN', parameterName: '_csrf' });
    if (path === '/api/secured/common/current/user')
      return json(200, {
        userId: 1,
        email: 'u1@example.ru',
        account: { type: 'CLIENT', status: 'ACTIVE' },
        verified: true,
        userRights: [],
      });
    if (path === '/api/secured/common/chat/messages/unread') return json(unread.status, unread.body);
    return json(404, { message: 'Не найдено', code: 'NOT_FOUND' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gw = await buildGateway({ backendUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, port: 0 });
});
afterAll(async () => {
  await gw?.close();
  await new Promise<void>((r) => server?.close(() => r()));
});

async function unreadQuery() {
  const res = await fetch(`${gw.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'SESSION=s1' },
    body: JSON.stringify({ query: '{ viewer { id unreadStatistic { unreadMessagesCount lastMessageId } } }' }),
  });
  return (await res.json()) as { data: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

describe('unread statistic failures carry the backend status (spec chat-and-shell §8)', () => {
  it.each([
    [403, { code: 'FORBIDDEN', message: 'Недостаточно прав' }, 'FORBIDDEN'],
    [404, { code: 'CHAT_USER_NOT_FOUND', message: 'Пользователь чата не найден' }, 'CHAT_USER_NOT_FOUND'],
  ])('%i → the error has extensions.upstreamStatus and the backend message', async (status, body, code) => {
    unread = { status, body };
    const r = await unreadQuery();
    expect(r.errors?.[0]).toMatchObject({ message: body.message, extensions: { code, upstreamStatus: status } });
  });

  it('a 5xx is the generic INTERNAL_SERVER_ERROR without a status', async () => {
    unread = { status: 503, body: { code: 'UNAVAILABLE', message: 'http://10.0.0.1 down' } };
    const r = await unreadQuery();
    expect(r.errors?.[0]).toEqual(
      expect.objectContaining({ message: 'Что-то пошло не так', extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
    );
  });

  it('a good answer has no error', async () => {
    unread = { status: 200, body: { unreadMessagesCount: 3, lastMessageId: 9 } };
    const r = await unreadQuery();
    expect(r.errors).toBeUndefined();
    expect(r.data).toMatchObject({ viewer: { unreadStatistic: { unreadMessagesCount: 3, lastMessageId: 9 } } });
  });
});
