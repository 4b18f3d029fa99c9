/**
 * One test per branch of the upstream → GraphQL error map (rest/errors.ts; DESIGN "Errors"; spec core §8).
 */
import { GraphQLError } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { formatError } from '../formatError.js';
import {
  isBusinessFailure,
  isSessionFailure,
  mutationResult,
  nullIfAbsent,
  SessionExpiredError,
  toGraphQLError,
  UpstreamError,
  UpstreamUnavailableError,
} from './errors.js';

const up = (status: number, body: Record<string, unknown>) =>
  new UpstreamError(status, body, 'POST', '/api/secret/path');
const reject = (e: unknown) => () => Promise.reject(e);
const leaks = (value: unknown) => /\/api\/|http|upstream|\b(4|5)\d\d\b/.test(JSON.stringify(value));

describe('session failures (spec core §8)', () => {
  it('401 UNAUTHORIZED and 403 retryCsrf are session failures; 401 BAD_CREDENTIALS is not', () => {
    expect(isSessionFailure(401, { code: 'UNAUTHORIZED', error: 'Unauthorized' })).toBe(true);
    expect(isSessionFailure(403, { code: 'CSRF_INVALID', retryCsrf: true })).toBe(true);
    expect(isSessionFailure(401, { code: 'BAD_CREDENTIALS' })).toBe(false);
    expect(isSessionFailure(403, { code: 'FORBIDDEN' })).toBe(false);
  });

  it('an exhausted retry becomes UNAUTHENTICATED', async () => {
    await expect(mutationResult(reject(new SessionExpiredError('/api/x')))).rejects.toMatchObject({
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(toGraphQLError(up(401, { code: 'UNAUTHORIZED' })).extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('permission failures', () => {
  it('403 FORBIDDEN becomes a FORBIDDEN GraphQL error, also in mutations', async () => {
    await expect(
      mutationResult(reject(up(403, { code: 'FORBIDDEN', message: 'Недостаточно прав' }))),
    ).rejects.toMatchObject({
      message: 'Недостаточно прав',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('with forbiddenAsUserError a 403 FORBIDDEN is UserError FORBIDDEN; CSRF failures and 500s stay errors', async () => {
    const opts = { forbiddenAsUserError: true };
    expect(
      await mutationResult(reject(up(403, { code: 'FORBIDDEN', message: 'Недостаточно прав' })), undefined, opts),
    ).toEqual({
      __typename: 'UserError',
      code: 'FORBIDDEN',
      message: 'Недостаточно прав',
      field: null,
      fieldErrors: [],
      retryAfterSeconds: null,
    });
    expect(await mutationResult(reject(up(403, {})), undefined, opts)).toMatchObject({
      __typename: 'UserError',
      code: 'FORBIDDEN',
      message: 'Недостаточно прав',
    });
    await expect(mutationResult(reject(new SessionExpiredError('/api/x')), undefined, opts)).rejects.toMatchObject({
      extensions: { code: 'UNAUTHENTICATED' },
    });
    await expect(mutationResult(reject(up(500, { code: 'X' })), undefined, opts)).rejects.toMatchObject({
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });
});

describe('business failures become UserError data in mutations', () => {
  it('400 VALIDATION_ERROR keeps field items (renamed to GraphQL paths)', async () => {
    const r = await mutationResult(
      reject(
        up(400, {
          code: 'VALIDATION_ERROR',
          message: 'Ошибка валидации',
          errors: [{ field: 'amount.cost', code: 'REQUIRED', message: 'Обязательное поле' }],
        }),
      ),
      { 'amount.cost': 'amount.amount' },
    );
    expect(r).toEqual({
      __typename: 'UserError',
      code: 'VALIDATION_ERROR',
      message: 'Ошибка валидации',
      field: 'amount.amount',
      fieldErrors: [{ field: 'amount.amount', code: 'REQUIRED', message: 'Обязательное поле' }],
      retryAfterSeconds: null,
    });
  });

  it.each([
    [401, 'BAD_CREDENTIALS', 'Неверный адрес электронной почты или пароль'],
    [403, 'ACCOUNT_SUSPENDED', 'Аккаунт, зарегистрированный на эту почту, заблокирован'],
    [403, 'COMPANY_NOT_VERIFIED', 'Компания не верифицирована'],
    [404, 'USER_NOT_FOUND', 'Пользователь не найден'],
    [409, 'EMAIL_TAKEN', 'Этот адрес электронной почты уже используется'],
    [410, 'LINK_EXPIRED', 'Ссылка устарела'],
    [413, 'FILES_TOO_LARGE', 'Превышен размер файла'],
    [429, 'LOGIN_LIMIT', 'Превышен лимит попыток входа'],
  ])('%i %s → UserError with the Russian message', async (status, code, message) => {
    const r = await mutationResult(reject(up(status, { code, message })));
    expect(r).toMatchObject({ __typename: 'UserError', code, message, fieldErrors: [] });
    expect(leaks(r)).toBe(false);
  });

  it('409 CONFLICT of a deal transition (two accepts at once) → UserError CONFLICT; INVALID_STATE too (issue 3)', async () => {
    const conflict = await mutationResult(
      reject(up(409, { code: 'CONFLICT', message: 'Статус заявки уже изменился, обновите страницу' })),
    );
    expect(conflict).toEqual({
      __typename: 'UserError',
      code: 'CONFLICT',
      message: 'Статус заявки уже изменился, обновите страницу',
      field: null,
      fieldErrors: [],
      retryAfterSeconds: null,
    });
    expect(
      await mutationResult(reject(up(409, { code: 'INVALID_STATE', message: 'Действие недоступно' }))),
    ).toMatchObject({ __typename: 'UserError', code: 'INVALID_STATE' });
    expect(
      await mutationResult(reject(up(409, { code: 'DOCUMENTS_LOCKED', message: 'Документы нельзя изменить' }))),
    ).toMatchObject({ code: 'DOCUMENTS_LOCKED' });
  });

  it('429 RESEND_TOO_EARLY carries retryAfterSeconds', async () => {
    const r = await mutationResult(
      reject(up(429, { code: 'RESEND_TOO_EARLY', message: 'Рано', retryAfterSeconds: 75 })),
    );
    expect(r).toMatchObject({ code: 'RESEND_TOO_EARLY', retryAfterSeconds: 75 });
  });

  it('a business answer without a message gets the generic text (spec core §8 API error)', async () => {
    expect(await mutationResult(reject(up(409, { code: 'CONFLICT' })))).toMatchObject({
      message: 'Что-то пошло не так',
    });
  });

  it('the success value passes through', async () => {
    expect(await mutationResult(() => Promise.resolve(42))).toBe(42);
  });
});

describe('queries', () => {
  it('404 and non-CSRF 403 give null (existence is not revealed)', async () => {
    expect(await nullIfAbsent(reject(up(404, { code: 'NOT_FOUND' })))).toBeNull();
    expect(await nullIfAbsent(reject(up(403, { code: 'FORBIDDEN' })))).toBeNull();
  });
  it('400 becomes BAD_USER_INPUT with the backend message and reason', () => {
    const e = toGraphQLError(up(400, { code: 'BIK_INVALID', message: 'БИК — 9 цифр' }));
    expect(e.message).toBe('БИК — 9 цифр');
    expect(e.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'BIK_INVALID' });
  });
  it('other business answers keep their stable code', () => {
    expect(toGraphQLError(up(409, { code: 'CONFLICT', message: 'Конфликт' })).extensions.code).toBe('CONFLICT');
  });
});

describe('the upstream status of a deliberate 4xx error (spec chat-and-shell §2, §8: the error page shows it)', () => {
  it.each([
    [403, { code: 'FORBIDDEN', message: 'Недостаточно прав' }, 'FORBIDDEN'],
    [404, { code: 'NOT_FOUND', message: 'Группа не найдена' }, 'NOT_FOUND'],
    [400, { code: 'VALIDATION_ERROR', message: 'Ошибка валидации' }, 'BAD_USER_INPUT'],
    [409, { code: 'CONFLICT', message: 'Конфликт' }, 'CONFLICT'],
  ])('%i → extensions.upstreamStatus %i, kept by formatError', (status, body, code) => {
    const e = toGraphQLError(up(status, body));
    expect(e.extensions).toMatchObject({ code, upstreamStatus: status });
    const out = formatError({ message: e.message, extensions: { ...e.extensions } }, e);
    expect(out).toMatchObject({ message: body.message, extensions: { code, upstreamStatus: status } });
  });

  it('a 5xx, a network failure and a session failure carry no status', () => {
    expect(toGraphQLError(up(503, { code: 'UNAVAILABLE' })).extensions.upstreamStatus).toBeUndefined();
    expect(toGraphQLError(new UpstreamUnavailableError('down')).extensions.upstreamStatus).toBeUndefined();
    expect(toGraphQLError(up(401, { code: 'UNAUTHORIZED' })).extensions.upstreamStatus).toBeUndefined();
  });
});

describe('unexpected failures never leak upstream details', () => {
  it.each([
    ['5xx', up(502, { message: 'proxy error at http://10.0.0.5:8080/api/secret', code: 'BAD_GATEWAY' })],
    ['4xx without a code (other than an input refusal)', up(409, { message: 'raw http://x' })],
    ['network', new UpstreamUnavailableError('upstream POST /api/x unreachable')],
    ['bug', new TypeError('cannot read x of undefined')],
  ])('%s → INTERNAL_SERVER_ERROR with the generic text', async (_name, err) => {
    expect(isBusinessFailure(err)).toBe(false);
    const e = (await mutationResult(reject(err)).catch((x: unknown) => x)) as GraphQLError;
    expect(e).toBeInstanceOf(GraphQLError);
    expect(e.message).toBe('Что-то пошло не так');
    expect(e.extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(leaks(e.toJSON())).toBe(false);
  });

  it('formatError masks anything that is not a deliberate GraphQL error and logs the cause', () => {
    const logged: unknown[] = [];
    const cause = new Error('ECONNREFUSED 127.0.0.1:8080');
    const wrapped = new GraphQLError(cause.message, { originalError: cause });
    const out = formatError(
      { message: cause.message, extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['x'] } },
      wrapped,
      (e) => logged.push(e),
    );
    expect(out).toEqual({ message: 'Что-то пошло не так', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(logged).toEqual([cause]);
    const ok = new GraphQLError('Требуется вход в систему', { extensions: { code: 'UNAUTHENTICATED' } });
    expect(
      formatError({ message: ok.message, extensions: { code: 'UNAUTHENTICATED', stacktrace: ['x'] } }, ok),
    ).toEqual({
      message: 'Требуется вход в систему',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });
});

describe('input refused by the HTTP layer (issue 14 defect 6): never INTERNAL_SERVER_ERROR', () => {
  it.each([
    [400, 'BAD_REQUEST', 'Некорректный запрос'],
    [413, 'PAYLOAD_TOO_LARGE', 'Слишком большое значение в запросе'],
    [414, 'PAYLOAD_TOO_LARGE', 'Слишком большое значение в запросе'],
    [431, 'PAYLOAD_TOO_LARGE', 'Слишком большое значение в запросе'],
  ])('%i without a code → UserError %s in a mutation, BAD_USER_INPUT in a query', async (status, code, message) => {
    expect(isBusinessFailure(up(status, {}))).toBe(true);
    expect(await mutationResult(reject(up(status, { message: 'raw http://x' })))).toMatchObject({ message });
    expect(await mutationResult(reject(up(status, {})))).toMatchObject({ __typename: 'UserError', code, message });
    const q = toGraphQLError(up(status, {}));
    expect(q.message).toBe(message);
    expect(q.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: code });
  });

  it('413 with the backend code → BAD_USER_INPUT in a query, the code as reason', () => {
    const q = toGraphQLError(up(413, { code: 'FILE_TOO_LARGE', message: 'Файл слишком большой' }));
    expect(q.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'FILE_TOO_LARGE' });
  });

  it('a 500 without a code stays INTERNAL_SERVER_ERROR', () => {
    expect(toGraphQLError(up(500, {})).extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });
});
