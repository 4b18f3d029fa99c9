/**
 * Business errors and the wire shape of every error answer (DESIGN "Errors"; spec core §8).
 * Every error answer is `{ message, code, errors?, retryCsrf? }`: `message` is Russian text for the user
 * (from the spec where it has one), `code` is a stable machine code.
 */

/** One invalid field inside a VALIDATION_ERROR answer. `field` is a dotted path, e.g. `user.phone`. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** Body of every error answer. */
export interface ErrorBody {
  message: string;
  code: string;
  errors?: FieldError[];
  /** Set on a 403 caused by a missing or wrong anti-forgery token: refresh the token and retry once (spec core §8). */
  retryCsrf?: boolean;
  /** 'Unauthorized' on a 401 for a missing or expired session (spec core §8). */
  error?: string;
}

/** Stable messages of the spec, quoted exactly. */
export const MESSAGES = {
  validation: 'Ошибка валидации',
  emailInvalid: 'Проверьте корректность данных',
  emailTaken: 'Этот адрес электронной почты уже используется',
  accountSuspended: 'Аккаунт, зарегистрированный на эту почту, заблокирован',
  loginLimit: 'Превышен лимит попыток входа',
  linkExpired: 'Ссылка устарела',
  phone: 'Номер телефона — 10 цифр',
  required: 'Обязательное поле',
  fileDuplicate: (name: string) => `Файл с именем ${name} уже загружен`,
  fileTooLarge: 'Превышен размер файла',
  generic: 'Что-то пошло не так',
  unauthorized: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав',
  csrf: 'Недействительный токен защиты от подделки запроса',
  notFound: 'Не найдено',
} as const;

/** An expected failure with an HTTP status, a stable code and a Russian message. Thrown by handlers. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly errors?: FieldError[],
    public readonly extra: Partial<ErrorBody> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}), ...this.extra };
  }

  /** 400 VALIDATION_ERROR with field items. The message is the first item's when there is one item. */
  static validation(errors: FieldError[], message: string = MESSAGES.validation): AppError {
    return new AppError(400, 'VALIDATION_ERROR', message, errors);
  }
  static unauthorized(): AppError {
    return new AppError(401, 'UNAUTHORIZED', MESSAGES.unauthorized, undefined, { error: 'Unauthorized' });
  }
  static forbidden(message: string = MESSAGES.forbidden, code = 'FORBIDDEN'): AppError {
    return new AppError(403, code, message);
  }
  static notFound(message: string = MESSAGES.notFound, code = 'NOT_FOUND'): AppError {
    return new AppError(404, code, message);
  }
  static conflict(message: string, code = 'CONFLICT'): AppError {
    return new AppError(409, code, message);
  }
}
