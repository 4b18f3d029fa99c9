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

/**
 * preValidation for bodies made only of strings (money, percents, rates, dates): a JSON number anywhere is refused
 * with 400 WRONG_TYPE before the schema could coerce it to a string — a float has already lost decimal exactness
 * (DESIGN "Money is never a float").
 */
export async function refuseJsonNumbers(request: FastifyRequest): Promise<void> {
  // Without a session the auth pre-handler answers 401 first; nothing to check here.
  if (!request.session?.userId) return;
  const found: string[] = [];
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'number') found.push(path);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, path ? `${path}.${i}` : String(i)));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(request.body, '');
  if (found.length) {
    const message = 'Числа передаются строкой, например "1.5"';
    throw AppError.validation(
      found.map((field) => ({ field, code: 'WRONG_TYPE', message })),
      message,
    );
  }
}
