/**
 * Malformed input answers 4xx with the error contract, never 500, and the answer stays small (issue 14 defects 5 and
 * 6; src/plugins/input-guard.ts, src/plugins/errors.ts, routes/partner/common.ts, observability/log.ts).
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import errorsPlugin, { MAX_FIELD_ERRORS } from '../src/plugins/errors.js';
import { jsonDepth, nulFields } from '../src/plugins/input-guard.js';
import { logSerializers, serializeError } from '../src/observability/log.js';
import { deepJson } from './fuzz-rest-cases.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';

interface ErrorAnswer {
  message: string;
  code: string;
  errors?: Array<{ field: string; code: string; message: string }>;
}

describe('input guard helpers', () => {
  it('measures JSON depth without counting brackets in strings, stopping past the limit', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonDepth(deepJson(5000), 32)).toBe(33);
  });

  it('finds NUL characters in strings and keys, iteratively and at most 20', () => {
    expect(nulFields({ a: 'x', b: ['y', 'z\u0000'], 'k\u0000': 1 }).sort()).toEqual(['b.1', 'k\u0000']);
    expect(nulFields(Array.from({ length: 100 }, () => '\u0000'))).toHaveLength(20);
  });
});

describe('malformed input through the routes (issue 14 defects 5, 6)', () => {
  let t: TestApp;
  let client: TestClient;
  let operator: TestClient;
  let partner: TestClient;
  let guest: TestClient;

  /** A call by `c` with its cookies and anti-forgery token, raw payload; the error contract is not checked here. */
  async function send(c: TestClient, method: string, url: string, payload?: string, contentType = 'application/json') {
    if (!c.token) await c.fetchCsrf();
    const headers: Record<string, string> = { 'x-xsrf-token': c.token!, cookie: c.cookieHeader() };
    if (payload !== undefined) headers['content-type'] = contentType;
    const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
    t.app.undeclaredErrors.splice(0);
    return res;
  }

  beforeAll(async () => {
    t = await createTestApp();
    client = await t.signedIn('client@example.com');
    operator = await t.signedIn('operator@example.com');
    partner = await t.signedIn('partner1@example.com');
    guest = t.client();
  });
  afterAll(() => t?.close());

  it('refuses JSON nested 5 000 deep with 400 BODY_TOO_DEEP, also where the route takes no body', async () => {
    const before = await t.snapshot();
    for (const [c, url] of [
      [guest, '/api/public/common/user/callback'],
      [operator, '/api/secured/oper/partners/filter'],
      [client, '/api/secured/common/logout'],
    ] as const) {
      const res = await send(c, 'POST', url, deepJson(5000));
      expect(res.statusCode, url).toBe(400);
      const body = res.json<ErrorAnswer>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toBe('Слишком глубокая вложенность данных');
      expect(body.errors?.[0].code).toBe('BODY_TOO_DEEP');
    }
    // 32 levels pass the guard (the schema refuses the shape).
    const ok = await send(operator, 'POST', '/api/secured/oper/partners/filter', deepJson(31));
    expect(ok.json<ErrorAnswer>().errors?.[0]?.code).not.toBe('BODY_TOO_DEEP');
    expect(await t.snapshot()).toEqual(before);
    // The client is still signed in: the deep body to logout was refused before the handler.
    expect((await send(client, 'GET', '/api/secured/common/current/user')).statusCode).toBe(200);
  });

  it('keeps the default JSON parser behind the depth check: __proto__ refused, malformed JSON 400', async () => {
    const proto = await send(guest, 'POST', '/api/public/common/user/callback', '{"__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json<ErrorAnswer>().code).toBe('BAD_REQUEST');
    const broken = await send(guest, 'POST', '/api/public/common/user/callback', '{"name":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ErrorAnswer>().code).toBe('BAD_REQUEST');
  });

  it('refuses NUL characters in the query, the body and the path with 400 naming the field', async () => {
    const swift = await send(guest, 'GET', '/api/public/counterparty/swift?swift=AB%00CD');
    expect(swift.statusCode).toBe(400);
    expect(swift.json<ErrorAnswer>()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Недопустимый символ в строке',
      errors: [{ field: 'swift', code: 'NUL_CHARACTER' }],
    });
    const group = await send(client, 'POST', '/api/secured/common/chat/group', JSON.stringify({ name: 'a\u0000b' }));
    expect(group.statusCode).toBe(400);
    expect(group.json<ErrorAnswer>().errors).toEqual([
      { field: 'name', code: 'NUL_CHARACTER', message: 'Недопустимый символ в строке' },
    ]);
    const path = await send(client, 'GET', '/api/secured/common/chat/messages/1%00');
    expect(path.statusCode).toBe(400);
  });

  it('refuses ids beyond int4 and 23-digit ids with 400, not a database error', async () => {
    for (const url of [
      '/api/secured/chat/users/12345678901234567890123',
      '/api/secured/chat/users/2147483648',
      '/api/secured/common/chat/messages/9223372036854775808',
      '/api/chat/message/12345678901234567890123/file',
    ]) {
      const res = await send(client, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ErrorAnswer>().code).toBe('VALIDATION_ERROR');
    }
    const members = await send(
      client,
      'POST',
      '/api/secured/common/chat/group',
      JSON.stringify({ name: 'g', memberIds: [1e30] }),
    );
    expect(members.statusCode).toBe(400);
    expect(members.json<ErrorAnswer>().errors).toContainEqual(
      expect.objectContaining({ field: 'memberIds.0', code: 'MAXIMUM' }),
    );
    const viewed = await send(
      client,
      'POST',
      '/api/secured/common/chat/messages/viewed',
      JSON.stringify({ messageIds: [-5] }),
    );
    expect(viewed.statusCode).toBe(400);
    expect(viewed.json<ErrorAnswer>().errors).toContainEqual(
      expect.objectContaining({ field: 'messageIds.0', code: 'MINIMUM' }),
    );
  });

  it('answers a body over 1 MB with 413 and the error contract', async () => {
    const res = await send(
      guest,
      'POST',
      '/api/public/common/user/callback',
      JSON.stringify({ name: 'я'.repeat(600_000) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorAnswer>()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Превышен размер файла' });
  });

  it('answers a broken multipart body with 400 BAD_REQUEST', async () => {
    for (const contentType of ['multipart/form-data; boundary=----expected', 'multipart/form-data']) {
      const res = await send(
        client,
        'POST',
        '/api/secured/client/order/exch/files',
        '--wrong\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
        contentType,
      );
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json<ErrorAnswer>()).toEqual({ message: 'Некорректный multipart-запрос', code: 'BAD_REQUEST' });
    }
  });

  it('checks the role before the number walk of the payment agent routes, and names at most 20 numbers', async () => {
    const numbers = JSON.stringify({ clientFeePercent: '1', extra: Array.from({ length: 20_000 }, (_, i) => i) });
    const url = '/api/secured/partner/commission/calculate?orderId=1';
    const asClient = await send(client, 'POST', url, numbers);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json<ErrorAnswer>().code).toBe('FORBIDDEN');
    const asGuest = await send(guest, 'POST', url, numbers);
    expect(asGuest.statusCode).toBe(401);
    const asPartner = await send(partner, 'POST', url, numbers);
    expect(asPartner.statusCode).toBe(400);
    const body = asPartner.json<ErrorAnswer>();
    expect(body.errors).toHaveLength(20);
    expect(body.errors?.[0]).toMatchObject({ field: 'extra.0', code: 'WRONG_TYPE' });
    expect(asPartner.body.length).toBeLessThan(4096);
    // 2 000 levels overflowed the walk's stack (500): now refused before parsing.
    const deep = await send(partner, 'POST', url, deepJson(2000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json<ErrorAnswer>().errors?.[0].code).toBe('BODY_TOO_DEEP');
  });

  it('lists at most 20 field errors in any 400 VALIDATION_ERROR', async () => {
    const res = await send(
      operator,
      'POST',
      '/api/secured/oper/order/exch/1/partners/send',
      JSON.stringify({ partnerIds: Array.from({ length: 5000 }, () => 'x') }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorAnswer>().errors?.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);
    expect(res.body.length).toBeLessThan(8192);
  });
});

describe('database errors caused by input (safety net in plugins/errors.ts)', () => {
  it('answers 400 VALIDATION_ERROR, logs at warn, and the log carries no parameter value', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: logSerializers } });
    await app.register(errorsPlugin);
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    app.get('/nul', async () => {
      throw new DrizzleQueryError(
        'insert into users (name, phone) values ($1, $2)',
        ['Иван\nПетров', '9161234567'],
        cause,
      );
    });
    const syntax = Object.assign(new Error('invalid input syntax for type integer: "9161234567"'), { code: '22P02' });
    app.get('/syntax', async () => {
      throw new DrizzleQueryError('select 1 where id = $1', ['9161234567'], syntax);
    });
    await app.ready();
    for (const url of ['/nul', '/syntax']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Недопустимое значение', code: 'VALIDATION_ERROR' });
    }
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('insert into users');
    expect(logged).toContain('22021');
    expect(logged).toContain('"level":40');
    expect(logged).not.toContain('9161234567');
    expect(logged).not.toContain('Петров');
    expect(logged).not.toContain('Иван');
  });

  it('serialises a multi-line parameter value out of the stack too', () => {
    const err = new DrizzleQueryError('update users set name = $1', ['first\nsecond-line-secret'], new Error('x'));
    expect(JSON.stringify(serializeError(err))).not.toContain('second-line-secret');
  });
});
