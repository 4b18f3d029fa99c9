/**
 * Callback requests from the public site (spec core §2 "callback modal", §7 Public
 * "POST /api/public/common/user/callback, /callback/{type}, /callback/agent"; docs/rest-api.md "Public").
 * The three calls take the same body; the kind of request is GENERAL, AGENT or the `{type}` of the path. Rate-limited per
 * client address together with the card lead (issue 13; plugins/rate-limit.ts, bucket `forms`), and per phone and per
 * e-mail given (issue 14, bucket `callbackContact`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Db } from '../../db/client.js';
import { callbackRequests } from '../../db/schema/accounts.js';
import { checkEmail, checkPhone, normalizeEmail, type FieldIssue } from '@platform/domain/validation/rules';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS } from '../schemas.js';
import { RATE_LIMIT_ERRORS } from '../../plugins/rate-limit.js';
import { assertNoIssues } from './common.js';
import { emailKey } from './email.js';

const CallbackBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'How to address the caller' }),
    phone: Type.String({ maxLength: 20, description: '10 digits (spec core §5)' }),
    email: Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()])),
    comment: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  },
  { description: 'Callback request' },
);
type CallbackInput = Static<typeof CallbackBody>;

const responses = {
  201: Type.Object({ id: Type.Integer() }),
  ...errorResponses(INPUT_ERRORS, CSRF_ERRORS, RATE_LIMIT_ERRORS),
};
const errorsText =
  "Errors: 400 VALIDATION_ERROR (REQUIRED, PHONE_INVALID 'Номер телефона — 10 цифр', EMAIL_INVALID 'Проверьте корректность данных'); 403 CSRF_INVALID; 429 RATE_LIMITED 'Слишком много запросов. Попробуйте позже.' with retryAfterSeconds and Retry-After (per client address, shared by the callback and lead forms; and per phone and per e-mail given: plugins/rate-limit.ts).";

/** `{type}` of /callback/{type} → stored kind: upper case, hyphens as underscores (`card-debit` → CARD_DEBIT). */
export function callbackKind(type: string): string {
  return type.toUpperCase().replace(/-/g, '_');
}

export default async function callbackRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  // Per phone and per e-mail given, whatever the address (issue 14): one contact cannot be flooded from many addresses.
  const contactLimit = app.rateLimitBy('callbackContact', (request) => {
    const body = request.body as Partial<CallbackInput> | undefined;
    const phone = typeof body?.phone === 'string' ? body.phone.replace(/\D/g, '') : '';
    return [phone && `phone:${phone}`, emailKey(body) && `email:${emailKey(body)}`];
  });

  async function store(type: string, body: CallbackInput): Promise<{ id: number }> {
    const name = body.name.trim();
    const email = body.email?.trim() ? normalizeEmail(body.email) : null;
    const comment = body.comment?.trim() ? body.comment.trim() : null;
    const issues: FieldIssue[] = [];
    if (!name) issues.push({ field: 'name', code: 'REQUIRED', message: 'Обязательное поле' });
    const phone = checkPhone(body.phone);
    if (phone) issues.push({ field: 'phone', ...phone });
    const mail = email ? checkEmail(email) : null;
    if (mail) issues.push({ field: 'email', ...mail });
    assertNoIssues(issues);
    const [row] = await db
      .insert(callbackRequests)
      .values({ type, name, phone: body.phone, email, comment, createdAt: app.clock.now() })
      .returning({ id: callbackRequests.id });
    return { id: row.id };
  }

  app.post(
    '/api/public/common/user/callback',
    {
      onRequest: app.publicRateLimit('forms'),
      preHandler: contactLimit,
      schema: {
        tags: ['public'],
        summary: 'Ask for a callback (spec core §7 Public)',
        description: `Body \`{ name, phone, email?, comment? }\` → 201 \`{ id }\`. ${errorsText}`,
        body: CallbackBody,
        response: responses,
      },
    },
    async (request, reply) => reply.status(201).send(await store('GENERAL', request.body)),
  );

  app.post(
    '/api/public/common/user/callback/agent',
    {
      onRequest: app.publicRateLimit('forms'),
      preHandler: contactLimit,
      schema: {
        tags: ['public'],
        summary: 'Ask for a callback about becoming a referral partner (spec core §7 Public; §1 recruitment pages)',
        description: `Body \`{ name, phone, email?, comment? }\` → 201 \`{ id }\`. ${errorsText}`,
        body: CallbackBody,
        response: responses,
      },
    },
    async (request, reply) => reply.status(201).send(await store('AGENT', request.body)),
  );

  app.post(
    '/api/public/common/user/callback/:type',
    {
      onRequest: app.publicRateLimit('forms'),
      preHandler: contactLimit,
      schema: {
        tags: ['public'],
        summary: 'Ask for a callback on a topic (spec core §7 Public "/callback/{type}")',
        description: `\`type\`: the page or topic, Latin letters, digits, \`-\` and \`_\` (e.g. partner, cards). Body \`{ name, phone, email?, comment? }\` → 201 \`{ id }\`. ${errorsText}`,
        params: Type.Object({ type: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,39}$' }) }),
        body: CallbackBody,
        response: responses,
      },
    },
    async (request, reply) => reply.status(201).send(await store(callbackKind(request.params.type), request.body)),
  );
}
