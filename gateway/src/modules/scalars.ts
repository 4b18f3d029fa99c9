/**
 * Custom scalars: Decimal (exact decimal string), Date (YYYY-MM-DD), DateTime (UTC ISO 8601).
 * Invalid input is a BAD_USER_INPUT error; values from the backend are normalised on the way out.
 */
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql/index.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function bad(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** Parses a decimal from a string or a safe integer; returns the canonical string. */
export function toDecimal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (Number.isInteger(value)) return String(value);
    return String(value); // a backend float (approximate totals): keep its shortest exact decimal form
  }
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return value.trim();
  throw bad(`Decimal expects a decimal string such as "12500.00"`);
}

/** Validates a calendar date `YYYY-MM-DD`. */
export function toDate(value: unknown): string {
  if (typeof value === 'string') {
    const m = DATE.exec(value);
    if (m) {
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (
        d.getUTCFullYear() === Number(m[1]) &&
        d.getUTCMonth() === Number(m[2]) - 1 &&
        d.getUTCDate() === Number(m[3])
      )
        return value;
    }
  }
  throw bad('Date expects YYYY-MM-DD');
}

/** Normalises an instant to UTC ISO 8601 with milliseconds. */
export function toDateTime(value: unknown): string {
  const d = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (d && !Number.isNaN(d.getTime()) && (typeof value !== 'string' || /^\d{4}-\d{2}-\d{2}T/.test(value)))
    return d.toISOString();
  throw bad('DateTime expects an ISO 8601 instant such as 2026-11-21T10:15:00.000Z');
}

function literal(ast: ValueNode, parse: (v: unknown) => string): string {
  if (ast.kind === Kind.STRING || ast.kind === Kind.INT)
    return parse(ast.kind === Kind.INT ? Number(ast.value) : ast.value);
  throw bad('expected a string');
}

export const Decimal = new GraphQLScalarType({
  name: 'Decimal',
  serialize: toDecimal,
  parseValue: (v) => {
    if (typeof v === 'number' && !Number.isSafeInteger(v))
      throw bad('Decimal input must be a string unless it is an integer');
    return toDecimal(v);
  },
  parseLiteral: (ast) => literal(ast, toDecimal),
});

export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  serialize: (v) => (typeof v === 'string' && v.length > 10 ? toDate(v.slice(0, 10)) : toDate(v)),
  parseValue: toDate,
  parseLiteral: (ast) => literal(ast, toDate),
});

export const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: toDateTime,
  parseValue: toDateTime,
  parseLiteral: (ast) => literal(ast, toDateTime),
});
