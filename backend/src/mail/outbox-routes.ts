/**
 * The developer outbox (docs/rest-api.md "Developer outbox"): mails stored by the OutboxMailer (./index.ts) when no
 * SMTP server is configured. Registered only when `!config.production` (see routes/accounts/index.ts).
 * - GET /api/dev/outbox: an HTML page, newest first, every link clickable; all mail text is HTML-escaped.
 * - GET /api/dev/outbox.json: `[{ id, to, subject, text, createdAt }]`, newest first.
 */
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { mailOutbox } from '../db/schema/accounts.js';
import { escapeHtml } from './templates.js';
import { linksIn } from './index.js';

/** How many mails the outbox shows. */
export const OUTBOX_LIMIT = 200;

/** Renders a mail text as HTML: escaped, line breaks kept, http(s) links turned into anchors. */
export function renderMailText(text: string): string {
  const parts: string[] = [];
  let rest = text;
  for (const link of linksIn(text)) {
    const i = rest.indexOf(link);
    parts.push(escapeHtml(rest.slice(0, i)));
    parts.push(`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`);
    rest = rest.slice(i + link.length);
  }
  parts.push(escapeHtml(rest));
  return parts.join('').replace(/\n/g, '<br>');
}

export default async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const db = app.dbh.db;
  const list = () => db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(OUTBOX_LIMIT);

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Developer outbox page (docs/rest-api.md "Developer outbox"; never in production)',
        description:
          'HTML list of the mails stored without SMTP_URL, newest first, with clickable links. Absent in production.',
        produces: ['text/html'],
      },
    },
    async (_request, reply) => {
      const mails = await list();
      const rows = mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2>` +
            `<p class="meta">Кому: ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt.toISOString())} · №${m.id}</p>` +
            `<div class="text">${renderMailText(m.text)}</div></article>`,
        )
        .join('\n');
      const page =
        `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Исходящая почта (разработка)</title>` +
        `<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto}article{border-bottom:1px solid #ddd;padding:1rem 0}.meta{color:#666}</style></head>` +
        `<body><h1>Исходящая почта</h1><p>Письма, сохранённые без SMTP-сервера: ${mails.length}</p>` +
        (rows || '<p>Писем нет.</p>') +
        `</body></html>`;
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );

  app.get(
    '/api/dev/outbox.json',
    {
      schema: {
        tags: ['dev'],
        summary: 'Developer outbox as JSON (docs/rest-api.md "Developer outbox"; never in production)',
        description: 'Mails stored without SMTP_URL, newest first (at most 200).',
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.Integer(),
              to: Type.String(),
              subject: Type.String(),
              text: Type.String(),
              createdAt: Type.String({ description: 'UTC ISO 8601' }),
            }),
          ),
        },
      },
    },
    async () =>
      (await list()).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
  );
}
