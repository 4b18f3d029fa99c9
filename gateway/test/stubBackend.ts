/**
 * A small Fastify stand-in for the REST backend (docs/rest-api.md), enough to unit-test the gateway's own
 * logic: session forwarding, anti-forgery refresh and retry, error mapping, paging, proxies.
 * The end-to-end truth is tests/integration over the real backend. Its answers are typed with the generated REST
 * contract (rest/contract.ts, rest/openapi.ts), so a stub drifting from the backend fails `tsc` like the gateway would.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type {
  BankDto,
  CountDto,
  CountryDto,
  CurrentUserDto,
  OfferStatusDto,
  OrderDto,
  OrderFileDto,
  OrderPageDto,
  OrderStatusDto,
} from '../src/rest/contract.js';
import type { AnswerOf } from '../src/rest/openapi.js';
import { CLIENT_TAB_STATUSES } from '@platform/domain/deal/display';

export interface Recorded {
  method: string;
  url: string;
  cookie?: string;
  xsrf?: string;
  authorization?: string;
}

/** An order of the stub; its partner orders get ids, agent 100 + index, no offer and no bill. */
export interface StubOrder {
  id: number;
  status: OrderStatusDto;
  companyId: number;
  partnerOrders?: { status: OfferStatusDto; partnerSignRequired: boolean }[];
}

export interface Stub {
  app: FastifyInstance;
  url: string;
  calls: Recorded[];
  /** Valid session ids → user id. */
  sessions: Map<string, number>;
  orders: StubOrder[];
  /** Answer of the next N current-user calls forced to 401 (expired session simulation). */
  state: { forceCsrfFailures: number; csrfIssued: number };
  close(): Promise<void>;
}

const USER = (companyId = 7): CurrentUserDto => ({
  userId: 1,
  email: 'client@example.ru',
  name: 'Иван',
  surname: 'Петров',
  patronymic: null,
  phone: '9001234567',
  account: { type: 'CLIENT', status: 'ACTIVE' },
  verified: true,
  userRights: ['VERIFIED_CLIENT'],
  originalUser: null,
  reLoggedRights: [],
  company: {
    id: companyId,
    shortName: 'ООО «Ромашка»',
    fullName: 'ООО «Ромашка»',
    inn: '7701234567',
    ogrn: '1027700000000',
    status: 'VERIFIED',
    verified: true,
  },
});

const orderDto = (o: StubOrder): OrderDto => ({
  id: o.id,
  number: o.id,
  created: '2026-11-21T10:15:00.000Z',
  paymentType: 'SENDING',
  amount: { cost: '12500.00', currency: 'USD' },
  counterparty: {
    countryCode: 'CN',
    countryName: 'Китай',
    city: 'Shanghai',
    bankName: 'Bank of China',
    swift: 'BKCHCNBJ',
  },
  tnvedCode: '8471300000',
  tnvedName: 'Машины',
  goodsLocation: 'IMPORTED',
  paymentDateFrom: '2026-12-01',
  paymentDateTo: '2026-12-15',
  comment: null,
  files: [{ id: 'f1', name: 'invoice.pdf', size: 1234, contentType: 'application/pdf' }],
  client: { companyId: o.companyId, name: 'ООО «Ромашка»', inn: '7701234567' },
  consultant: null,
  status: o.status,
  statusDate: '2026-11-21T10:15:00.000Z',
  partnerOrders: (o.partnerOrders ?? []).map((p, i) => ({
    id: o.id * 10 + i,
    partnerId: 100 + i,
    brand: null,
    status: p.status,
    statusDate: null,
    partnerSignRequired: p.partnerSignRequired,
    offer: null,
    paycheck: null,
  })),
});

function cookies(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k) out[k] = v.join('=');
  }
  return out;
}

export async function startStubBackend(): Promise<Stub> {
  const app = Fastify();
  const calls: Recorded[] = [];
  const sessions = new Map<string, number>([['sess-1', 1]]);
  const state = { forceCsrfFailures: 0, csrfIssued: 0 };
  const validTokens = new Set<string>(['browser-token']);
  const orders: StubOrder[] = [];

  app.addContentTypeParser('multipart/form-data', (_req, payload, done) => {
    let size = 0;
    payload.on('data', (c: Buffer) => {
      size += c.length;
    });
    payload.on('end', () => done(null, { size }));
  });

  app.addHook('onRequest', async (req, reply) => {
    calls.push({
      method: req.method,
      url: req.url,
      cookie: req.headers.cookie,
      xsrf: req.headers['x-xsrf-token'] as string | undefined,
      authorization: req.headers.authorization,
    });
    if (['POST', 'PUT', 'DELETE'].includes(req.method) && req.url.startsWith('/api/')) {
      const token = req.headers['x-xsrf-token'] as string | undefined;
      if (state.forceCsrfFailures > 0 || !token || !validTokens.has(token)) {
        if (state.forceCsrfFailures > 0) state.forceCsrfFailures -= 1;
        return reply.code(403).send({ message: 'Недействительный токен', code: 'CSRF_INVALID', retryCsrf: true });
      }
    }
    if (req.url.startsWith('/api/secured/')) {
      const sid = cookies(req).SESSION;
      if (!sid || !sessions.has(sid))
        return reply
          .code(401)
          .send({ message: 'Требуется вход в систему', code: 'UNAUTHORIZED', error: 'Unauthorized' });
    }
  });

  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/public/csrf', async (_req, reply) => {
    state.csrfIssued += 1;
    const token = `tok-${state.csrfIssued}`;
    validTokens.add(token);
    reply.header('set-cookie', ['_csrf=secret; Path=/; HttpOnly', `XSRF-TOKEN=${token}; Path=/`]);
    return { token, headerName: 'X-XSRF-TOKEN', parameterName: '_csrf' } satisfies AnswerOf<'GET', '/api/public/csrf'>;
  });
  app.post('/api/public/common/login', async (req, reply) => {
    const [email, password] = Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    if (password !== 'Secret#1')
      return reply.code(401).send({ message: 'Неверный адрес электронной почты или пароль', code: 'BAD_CREDENTIALS' });
    const sid = `sess-new-${sessions.size + 1}`;
    sessions.set(sid, 1);
    reply.header('set-cookie', [`SESSION=${sid}; Path=/; HttpOnly; SameSite=Lax`, 'USER_TYPE=CLIENT; Path=/']);
    return { ...USER(), email };
  });
  app.post('/api/public/common/email/check', async (req, reply) => {
    const { email } = req.body as { email: string };
    if (email === 'taken@example.ru')
      return reply.code(409).send({ message: 'Этот адрес электронной почты уже используется', code: 'EMAIL_TAKEN' });
    return { email, available: true } satisfies AnswerOf<'POST', '/api/public/common/email/check'>;
  });
  app.post('/api/public/common/email/send-confirmation', async (_req, reply) =>
    reply
      .code(429)
      .send({ message: 'Повторная отправка пока недоступна', code: 'RESEND_TOO_EARLY', retryAfterSeconds: 90 }),
  );
  app.post('/api/secured/common/logout', async (req, reply) => {
    sessions.delete(cookies(req).SESSION);
    reply.header('set-cookie', 'SESSION=; Path=/; Max-Age=0');
    return reply.code(204).send();
  });
  app.get('/api/secured/common/current/user', async () => USER());
  app.get('/api/secured/client/info', async (_req, reply) =>
    reply.code(403).send({ message: 'Недостаточно прав', code: 'FORBIDDEN' }),
  );
  app.get('/api/public/counterparty/countries', async (req, reply) => {
    const { prefix } = req.query as { prefix?: string };
    if (prefix === 'boom')
      return reply.code(500).send({ message: 'SELECT failed at http://10.0.0.5:5432/secret', code: 'INTERNAL' });
    return [{ countryCode: 'CN', countryName: 'Китай', countryShortName: 'Китай' }] satisfies CountryDto[];
  });
  app.get('/api/public/counterparty/bik', async (req, reply) => {
    const { bik } = req.query as { bik: string };
    if (!/^\d{9}$/.test(bik))
      return reply.code(400).send({
        message: 'БИК — 9 цифр',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'bik', code: 'PATTERN', message: 'БИК — 9 цифр' }],
      });
    if (bik === '000000000') return reply.code(404).send({ message: 'Не найдено', code: 'NOT_FOUND' });
    return {
      bankBik: bik,
      bankName: 'ПАО Сбербанк',
      corrAccount: '30101810400000000225',
      city: 'Москва',
      swift: 'SABRRUMM',
    } satisfies BankDto;
  });
  app.post('/api/secured/client/order/exch/filter', async (req) => {
    const { pageable, statuses, id } = req.body as {
      pageable: { page: number; pageSize: number };
      statuses?: string[];
      id?: number;
    };
    const mine = orders
      .filter((o) => o.companyId === 7 && (!statuses || statuses.includes(o.status)) && (!id || o.id === id))
      .sort((a, b) => b.id - a.id);
    const start = pageable.page * pageable.pageSize;
    const content = mine.slice(start, start + pageable.pageSize).map(orderDto);
    return {
      content,
      totalElements: mine.length,
      page: pageable.page,
      pageSize: pageable.pageSize,
      last: start + pageable.pageSize >= mine.length,
    } satisfies OrderPageDto;
  });
  app.post('/api/secured/client/order/exch/filter/count', async (req) => {
    const { statuses } = req.body as { statuses?: string[] };
    const count = orders.filter((o) => o.companyId === 7 && (!statuses || statuses.includes(o.status))).length;
    return { count } satisfies CountDto;
  });
  // Every client tab's count in one call (issue 15).
  app.get('/api/secured/client/order/exch/tab-counts', async () => {
    const mine = orders.filter((o) => o.companyId === 7);
    const count = (tab: keyof typeof CLIENT_TAB_STATUSES) =>
      mine.filter((o) => (CLIENT_TAB_STATUSES[tab] as readonly string[]).includes(o.status)).length;
    return {
      current: count('current'),
      completed: count('completed'),
      cancelled: count('cancelled'),
    } satisfies AnswerOf<'GET', '/api/secured/client/order/exch/tab-counts'>;
  });
  // The batch read (issue 14 defect 7): GET {id}'s answer per id, in order, null where it is 404.
  app.get('/api/secured/client/order/exch/batch', async (req) => {
    const ids = [(req.query as { ids: string | string[] }).ids].flat().map(Number);
    return {
      items: ids.map((id) => {
        const o = orders.find((x) => x.id === id);
        return o && o.companyId === 7 ? orderDto(o) : null;
      }),
    } satisfies AnswerOf<'GET', '/api/secured/client/order/exch/batch'>;
  });
  app.get('/api/secured/client/order/exch/:id', async (req, reply) => {
    const o = orders.find((x) => x.id === Number((req.params as { id: string }).id));
    if (!o || o.companyId !== 7) return reply.code(404).send({ message: 'Не найдено', code: 'NOT_FOUND' });
    return orderDto(o);
  });
  app.post('/api/secured/client/order/exch', async (req, reply) => {
    const body = req.body as { amount: { cost: string } };
    if (body.amount.cost === '0') {
      return reply.code(400).send({
        message: 'Ошибка валидации',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'amount.cost', code: 'MIN', message: 'Сумма больше нуля' }],
      });
    }
    const o: StubOrder = { id: 500, status: 'VALIDATION', companyId: 7 };
    orders.push(o);
    return reply.code(201).send(orderDto(o));
  });
  app.post('/api/secured/client/order/exch/files', async (req, reply) => {
    reply.header('set-cookie', 'SESSION=sess-1; Path=/; HttpOnly');
    const file: OrderFileDto = {
      id: 'file-1',
      name: 'invoice.pdf',
      size: (req.body as { size: number }).size,
      contentType: 'application/pdf',
    };
    return reply.code(201).send(file);
  });
  app.get('/api/secured/client/order/exch/:id/files/:fileId', async (req, reply) => {
    const { id, fileId } = req.params as { id: string; fileId: string };
    return reply
      .header('content-disposition', `attachment; filename="${fileId}.pdf"`)
      .type('application/pdf')
      .send(`file ${fileId} of ${id}`);
  });
  app.get('/api/dev/outbox', async (_req, reply) => reply.type('text/html').send('<h1>Outbox</h1>'));
  app.get('/api/docs/json', async () => ({ openapi: '3.0.0' }));

  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, calls, sessions, orders, state, close: () => app.close() };
}
