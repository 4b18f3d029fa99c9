/** Schemas shared by many routes (docs/rest-api.md "Conventions"). */
import { Type } from 'typebox';

/** Every error answer: `{ message, code, errors?, retryCsrf?, error? }`. */
export const ErrorSchema = Type.Object(
  {
    message: Type.String({ description: 'Russian text for the user' }),
    code: Type.String({ description: 'Stable machine code' }),
    errors: Type.Optional(
      Type.Array(Type.Object({ field: Type.String(), code: Type.String(), message: Type.String() })),
    ),
    retryCsrf: Type.Optional(Type.Boolean()),
    error: Type.Optional(Type.String()),
    retryAfterSeconds: Type.Optional(Type.Integer()),
  },
  { $id: undefined, description: 'Error answer' },
);

/** Money: decimal string amount with ISO 4217 currency. */
export const MoneySchema = Type.Object({
  cost: Type.String({ pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Decimal string, up to 2 decimals' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code' }),
});

/** Page request of spec core §7: pageSize 10 by default. */
export const PageableSchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  sortFields: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String(),
        direction: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
      }),
    ),
  ),
});

/** Page answer: `{ content, totalElements, page, pageSize, last }`. */
export const pageOf = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    totalElements: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    last: Type.Boolean(),
  });
