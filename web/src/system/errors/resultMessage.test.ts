// @vitest-environment jsdom
/**
 * The one result→message place (resultMessage.ts, spec core §8): a refusal's text, the error toast and the refetch
 * after a stale-state code, the success toast, and a form's view of a VALIDATION_ERROR.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../toaster';
import {
  CONFLICT_FALLBACK,
  REFUSAL_FALLBACK,
  fieldIn,
  fieldProblems,
  isStaleCode,
  placeFieldErrors,
  reportResult,
  showUserError,
  userErrorText,
} from './resultMessage';
import type { ResultMember, UserErrorData } from './userError';

afterEach(() => vi.restoreAllMocks());

/** A read UserError (what readUserError returns). */
function refusal(over: Partial<UserErrorData> = {}): UserErrorData {
  return {
    code: 'VALIDATION_ERROR',
    message: 'Ошибка валидации',
    field: null,
    fieldErrors: [],
    retryAfterSeconds: null,
    ...over,
  } as UserErrorData;
}

/** The masked UserError member as Relay leaves it after `...userErrorFragment @alias(as: "userError")`. */
function userErrorMember(e: UserErrorData): ResultMember {
  return { __typename: 'UserError', userError: { __fragments: { userErrorFragment: e } } as never };
}

describe('userErrorText', () => {
  it("is the server's message, else the CONFLICT fallback, else the generic text", () => {
    expect(userErrorText({ code: 'CONFLICT', message: 'Заявку уже изменили' })).toBe('Заявку уже изменили');
    expect(userErrorText({ code: 'CONFLICT', message: '' })).toBe(CONFLICT_FALLBACK);
    expect(userErrorText({ code: 'X', message: '' })).toBe(REFUSAL_FALLBACK);
  });
});

describe('stale-state codes reload the object (spec core §4, §8)', () => {
  it('refetches after CONFLICT and INVALID_STATE, not after validation errors', () => {
    expect(isStaleCode('CONFLICT')).toBe(true);
    expect(isStaleCode('INVALID_STATE')).toBe(true);
    expect(isStaleCode('VALIDATION_ERROR')).toBe(false);
  });
  it('covers the partner documents and the verification refusals too', () => {
    for (const code of ['NOT_FOUND', 'DOCUMENTS_LOCKED', 'DOCUMENT_SUPERSEDED', 'ALREADY_VERIFIED'])
      expect(isStaleCode(code)).toBe(true);
  });
  it('showUserError toasts the text and refetches only for a stale code', () => {
    const toast = vi.spyOn(toaster, 'create');
    const refetch = vi.fn();
    showUserError({ code: 'CONFLICT', message: '' }, refetch);
    showUserError({ code: 'COMMENT_REQUIRED', message: 'Укажите комментарий' }, refetch);
    expect(toast.mock.calls.map(([t]) => [t.type, t.title])).toEqual([
      ['error', CONFLICT_FALLBACK],
      ['error', 'Укажите комментарий'],
    ]);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

describe('reportResult', () => {
  it('success: the success toast and onSuccess; true', () => {
    const toast = vi.spyOn(toaster, 'create');
    const onSuccess = vi.fn();
    expect(reportResult({ __typename: 'AcceptOfferSuccess' }, { success: 'Предложение принято', onSuccess })).toBe(
      true,
    );
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Предложение принято' }));
    expect(onSuccess).toHaveBeenCalledOnce();
  });
  it('UserError: its message as an error toast, refetch for a stale code; false', () => {
    const toast = vi.spyOn(toaster, 'create');
    const refetch = vi.fn();
    const member = userErrorMember(refusal({ code: 'CONFLICT', message: 'Другое предложение уже принято' }));
    expect(reportResult(member, { success: 'Предложение принято', refetch })).toBe(false);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', title: 'Другое предложение уже принято' }),
    );
    expect(refetch).toHaveBeenCalledOnce();
  });
  it('an unknown member or no result: nothing shown; false', () => {
    const toast = vi.spyOn(toaster, 'create');
    expect(reportResult({ __typename: '%other' }, { success: 'x' })).toBe(false);
    expect(reportResult(null, { success: 'x' })).toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('placeFieldErrors', () => {
  it('places server field errors on the form fields, else above the form', () => {
    const e = refusal({
      fieldErrors: [{ field: 'checkAccount', code: 'X', message: 'Номер счёта не соответствует БИК банка' }],
    });
    expect(placeFieldErrors(e, fieldIn(['bankBik', 'checkAccount'] as const))).toEqual({
      byField: { checkAccount: 'Номер счёта не соответствует БИК банка' },
      formMessage: null,
    });
    expect(
      placeFieldErrors(refusal({ message: 'Такие реквизиты уже добавлены' }), fieldIn(['bankBik'] as const)),
    ).toEqual({
      byField: {},
      formMessage: 'Такие реквизиты уже добавлены',
    });
  });
  it('keeps the first message per field and shows the refusal above the form when a problem has no field', () => {
    const e = refusal({
      fieldErrors: [
        { field: 'order.amount.cost', code: 'A', message: 'Сумма больше лимита' },
        { field: 'order.amount.cost', code: 'B', message: 'второе' },
        { field: 'order.unknown', code: 'C', message: 'не на форме' },
      ],
    });
    const fieldOf = (f: string) => (f === 'order.amount.cost' ? 'amount' : null);
    expect(placeFieldErrors(e, fieldOf)).toEqual({
      byField: { amount: 'Сумма больше лимита' },
      formMessage: 'Ошибка валидации',
    });
  });
  it('an error about one field (`field`, no fieldErrors) goes under that field', () => {
    const e = refusal({ code: 'EMAIL_TAKEN', message: 'Адрес уже занят', field: 'email' });
    expect(fieldProblems(e)).toEqual([{ field: 'email', message: 'Адрес уже занят' }]);
    expect(placeFieldErrors(e, fieldIn(['email'] as const))).toEqual({
      byField: { email: 'Адрес уже занят' },
      formMessage: null,
    });
  });
});
