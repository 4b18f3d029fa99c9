/** The error page's status and message of a failed request (spec chat-and-shell §2, §8). */
import { describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '../relay/environment';
import { errorPageOf } from './errorPageOf';

describe('errorPageOf', () => {
  it('the backend status from extensions.upstreamStatus with its message (the gateway answered 200)', () => {
    const e = new GraphQLRequestError('Недостаточно прав', 200, [
      {
        message: 'Недостаточно прав',
        path: ['viewer', 'unreadStatistic'],
        extensions: { code: 'FORBIDDEN', upstreamStatus: 403 },
      },
    ]);
    expect(errorPageOf(e)).toEqual({ status: 403, message: 'Недостаточно прав' });
  });

  it('picks the error that has a status', () => {
    const e = new GraphQLRequestError('first', 200, [
      { message: 'first', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      { message: 'Группа не найдена', extensions: { code: 'NOT_FOUND', upstreamStatus: 404 } },
    ]);
    expect(errorPageOf(e)).toEqual({ status: 404, message: 'Группа не найдена' });
  });

  it('a failed HTTP answer keeps its status; a masked error or a crash is 500', () => {
    expect(errorPageOf(new GraphQLRequestError('Bad response 503', 503))).toEqual({
      status: 503,
      message: 'Bad response 503',
    });
    expect(
      errorPageOf(
        new GraphQLRequestError('Что-то пошло не так', 200, [
          { message: 'Что-то пошло не так', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        ]),
      ),
    ).toEqual({ status: 500, message: 'Что-то пошло не так' });
    expect(errorPageOf(new TypeError('x is undefined'))).toEqual({ status: 500, message: 'x is undefined' });
    expect(errorPageOf('string')).toEqual({ status: 500 });
    expect(
      errorPageOf(new GraphQLRequestError('m', 200, [{ message: 'm', extensions: { upstreamStatus: 'bad' } }])),
    ).toEqual({ status: 500, message: 'm' });
  });
});
