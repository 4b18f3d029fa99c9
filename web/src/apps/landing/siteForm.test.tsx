// @vitest-environment jsdom
/** The public forms' error handling (spec core §5 messages from the server; issue 13 rate limit). */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublicCallError } from './publicGraphql';
import { callFailedMessage, errorsOfUserError, FieldErrorText } from './siteForm';

const FIELDS = ['name', 'phone'] as const;

describe('public site forms', () => {
  it('puts each server field error on its field, unknown fields on the form', () => {
    expect(
      errorsOfUserError(
        {
          code: 'VALIDATION_ERROR',
          message: 'Ошибка валидации',
          fieldErrors: [
            { field: 'input.phone', message: 'Номер телефона — 10 цифр' },
            { field: 'input.city', message: 'Слишком длинно' },
          ],
        },
        FIELDS,
      ),
    ).toEqual({ phone: 'Номер телефона — 10 цифр', form: 'Слишком длинно' });
  });

  it('an error without field errors is the form message; RATE_LIMITED in the page language', () => {
    const limited = { code: 'RATE_LIMITED', message: 'Слишком много запросов. Попробуйте позже.', fieldErrors: [] };
    expect(errorsOfUserError(limited, FIELDS, 'Too many requests. Please try again later.')).toEqual({
      form: 'Too many requests. Please try again later.',
    });
    expect(errorsOfUserError(limited, FIELDS)).toEqual({ form: 'Слишком много запросов. Попробуйте позже.' });
    expect(errorsOfUserError({ code: 'CONFLICT', message: 'Конфликт', fieldErrors: [] }, FIELDS, 'x')).toEqual({
      form: 'Конфликт',
    });
  });

  it('a failed call says why, or the generic text', () => {
    expect(callFailedMessage(new PublicCallError('Сервис недоступен', 502))).toBe('Сервис недоступен');
    expect(callFailedMessage(new TypeError('fetch failed'))).toBe('Что-то пошло не так');
  });

  it('renders the error line as an alert only when there is a message', () => {
    const { rerender } = render(<FieldErrorText id="f-error" message={undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FieldErrorText id="f-error" message="Обязательное поле" />);
    expect(screen.getByRole('alert').textContent).toBe('Обязательное поле');
    expect(screen.getByRole('alert').id).toBe('f-error');
  });
});
