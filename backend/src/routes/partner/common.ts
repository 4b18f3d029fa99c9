/** Shared bits of the payment agent's routes (spec core §6, §7 "Payment agent (partner)"). */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';

/** Base path of the agent's calls (spec core §7). */
export const PARTNER_BASE = '/api/secured/partner';
export const ORDER_BASE = `${PARTNER_BASE}/order/exch`;
export const TAGS = ['partner'];

/** Errors every partner route shares, for descriptions. */
export const AUTH_ERRORS =
  '401 UNAUTHORIZED (no session), 403 FORBIDDEN (not a payment agent) or CSRF_INVALID with retryCsrf (state-changing calls without X-XSRF-TOKEN)';
export const SCOPE_ERROR =
  "404 NOT_FOUND 'Заявка не найдена' when the order does not exist or was not sent to the caller's company (not distinguished)";

/** The signed-in payment agent (requireRole('PARTNER') ran before) and its company id; 403 without a company. */
export function partnerOf(request: FastifyRequest): AuthUser & { companyId: number } {
  const user = request.user as AuthUser;
  if (user.companyId === null) throw AppError.forbidden();
  return user as AuthUser & { companyId: number };
}

/** Most JSON numbers one answer names (issue 14 defect 5: the walk and the answer are bounded). */
const MAX_NUMBER_FIELDS = 20;
const NUMBER_MESSAGE = 'Числа передаются строкой, например "1.5"';
const jsonNumbersOf = new WeakMap<FastifyRequest, string[]>();

/**
 * The dotted paths of JSON numbers in `body`, at most `max`: an iterative walk that stops at the `max`-th (bodies are
 * at most 32 levels deep and 1 MB, plugins/input-guard.ts, so it is bounded in time and memory).
 */
export function jsonNumberPaths(body: unknown, max = MAX_NUMBER_FIELDS): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[body, '']];
  while (stack.length && found.length < max) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'number') found.push(path);
    else if (Array.isArray(v))
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push([entries[i][1], path ? `${path}.${entries[i][0]}` : entries[i][0]]);
    }
  }
  return found;
}

/**
 * preValidation for bodies made only of strings (money, percents, rates, dates): notes where the body has JSON numbers
 * before the schema could coerce them to strings — a float has already lost decimal exactness (DESIGN "Money is never
 * a float"). Refuses nothing itself: {@link refuseJsonNumbers} answers after the role check (issue 14 defect 5).
 */
export async function findJsonNumbers(request: FastifyRequest): Promise<void> {
  const found = jsonNumberPaths(request.body);
  if (found.length) jsonNumbersOf.set(request, found);
}

/**
 * preHandler after `requireRole('PARTNER')` of the routes with {@link findJsonNumbers}: 400 VALIDATION_ERROR WRONG_TYPE
 * 'Числа передаются строкой, например "1.5"' naming at most 20 fields when the body had JSON numbers.
 */
export async function refuseJsonNumbers(request: FastifyRequest): Promise<void> {
  const found = jsonNumbersOf.get(request);
  if (!found) return;
  throw AppError.validation(
    found.map((field) => ({ field, code: 'WRONG_TYPE', message: NUMBER_MESSAGE })),
    NUMBER_MESSAGE,
  );
}
