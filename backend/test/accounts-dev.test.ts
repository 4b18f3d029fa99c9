/**
 * Mail transport selection, the developer outbox (docs/rest-api.md "Developer outbox"; never in production)
 * and the injectable company registry of buildApp.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanyRecord, CompanyRegistry } from '../src/accounts/company-registry.js';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DbHandle } from '../src/db/client.js';
import { mailOutbox } from '../src/db/schema/accounts.js';
import { createMailer, OutboxMailer, SmtpMailer } from '../src/mail/index.js';
import { DRIVERS, openTestDatabase, TestClient, TestClock } from './harness.js';
import { TEST_REFERENCE_DIR } from './template.js';

function config(over: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      dataDir: `/tmp/platform-test-${process.pid}`,
      sessionSecret: randomBytes(32).toString('hex'),
      referenceDataDir: TEST_REFERENCE_DIR,
      publicUrl: 'http://localhost:4000',
    }),
    smtpUrl: undefined,
    production: false,
    ...over,
  };
}

for (const driver of DRIVERS) {
  describe(`developer outbox and injected adapters [${driver}]`, () => {
    const open: Array<{ close(): Promise<void> }> = [];
    afterEach(async () => {
      while (open.length) await open.pop()!.close();
    });

    async function app(over: Partial<Config> = {}, registry?: CompanyRegistry) {
      const dbh: DbHandle = await openTestDatabase(driver);
      const a = await buildApp({ config: config(over), dbh, clock: new TestClock(), companyRegistry: registry });
      open.push({
        close: async () => {
          await a.close();
          await dbh.close();
        },
      });
      return { a, dbh, c: new TestClient(a) };
    }

    it('picks SMTP when SMTP_URL is set and the outbox otherwise', async () => {
      const dbh = await openTestDatabase(driver);
      open.push(dbh);
      expect(createMailer(config({ smtpUrl: 'smtp://127.0.0.1:2525' }), dbh.db)).toBeInstanceOf(SmtpMailer);
      expect(createMailer(config(), dbh.db)).toBeInstanceOf(OutboxMailer);
    });

    it('stores mails without SMTP and lists them newest first, as JSON and as an escaped HTML page with links', async () => {
      const { a, dbh, c } = await app();
      const lines: string[] = [];
      expect(a.mailer).toBeInstanceOf(OutboxMailer);
      await new OutboxMailer(dbh.db, (l) => lines.push(l)).send({
        to: 'x@example.com',
        subject: '<script>alert(1)</script>',
        text: 'Ссылка: http://localhost:4000/a?token=1&x="y"\nконец',
      });
      expect(lines[0]).toContain('http://localhost:4000/a?token=1&x=');
      const sent = await c.post('/api/public/common/email/send-confirmation', { email: 'outbox@example.com' });
      expect(sent.statusCode).toBe(200);

      const json = await c.get('/api/dev/outbox.json');
      expect(json.statusCode).toBe(200);
      const mails = json.json();
      expect(mails.map((m: { to: string }) => m.to)).toEqual(['outbox@example.com', 'x@example.com']);
      expect(mails[0].text).toMatch(/http:\/\/localhost:4000\/client\/auth\/registration\?token=[A-Za-z0-9_-]+/);
      expect(mails[0]).toEqual({
        id: expect.any(Number),
        to: 'outbox@example.com',
        subject: 'Подтверждение адреса электронной почты',
        text: expect.any(String),
        createdAt: expect.any(String),
      });

      const page = await c.get('/api/dev/outbox');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).not.toContain('<script>alert(1)</script>');
      expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.body).toContain(
        '<a href="http://localhost:4000/a?token=1&amp;x=">http://localhost:4000/a?token=1&amp;x=</a>&quot;y&quot;<br>конец',
      );
      expect(page.body).toMatch(/<a href="http:\/\/localhost:4000\/client\/auth\/registration\?token=[A-Za-z0-9_-]+">/);
      expect(page.body.indexOf('outbox@example.com')).toBeLessThan(page.body.indexOf('x@example.com'));
      // the token from the page confirms the address
      const token = /registration\?token=([A-Za-z0-9_-]+)/.exec(mails[0].text)![1];
      expect((await c.post('/api/public/common/email/confirm', { token })).statusCode).toBe(200);
      expect(await dbh.db.select().from(mailOutbox)).toHaveLength(2);
    });

    it('documents every accounts route with its answers in the OpenAPI description', async () => {
      const { c } = await app();
      const doc = (await c.get('/api/docs/json')).json() as {
        paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
      };
      const routes: Array<[string, string, string[]]> = [
        ['/api/public/common/email/check', 'post', ['200', '400', '403', '409']],
        ['/api/public/common/email/check/status', 'post', ['200', '400', '404']],
        ['/api/public/common/email/send-confirmation', 'post', ['200', '400', '409', '429']],
        ['/api/public/common/email/check/check-confirmed', 'post', ['200', '400']],
        ['/api/public/common/email/confirm', 'post', ['200', '410']],
        ['/api/public/common/email/confirm/change', 'post', ['200', '404', '429']],
        ['/api/public/common/password/reset/mail', 'post', ['200', '404', '429']],
        ['/api/public/common/password/reset', 'post', ['204', '400', '410']],
        ['/api/public/client/registration/companies', 'get', ['200', '400']],
        ['/api/public/client/registration', 'post', ['201', '400', '409', '410']],
        ['/api/public/common/user/callback', 'post', ['201', '400']],
        ['/api/public/common/user/callback/agent', 'post', ['201', '400']],
        ['/api/public/common/user/callback/{type}', 'post', ['201', '400']],
        ['/api/secured/common/current/user', 'get', ['200', '401']],
        ['/api/secured/common/current/user', 'put', ['200', '400', '401']],
        ['/api/secured/common/password/change', 'post', ['204', '400', '401']],
        ['/api/secured/common/email/request-changed', 'post', ['200', '401', '409']],
        ['/api/secured/common/partners/checklist/{id}', 'get', ['200', '401', '403', '404']],
        ['/api/secured/client/info', 'get', ['200', '401', '403']],
        ['/api/secured/client/checklist', 'get', ['200', '401', '403', '404']],
        ['/api/secured/client/checklist', 'put', ['200', '400', '401', '403']],
      ];
      for (const [path, method, statuses] of routes) {
        const op = doc.paths[path]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(op.summary).toMatch(/spec core §\d/);
        for (const s of statuses) expect(Object.keys(op.responses), `${method} ${path} ${s}`).toContain(s);
      }
    });

    it('has no outbox in production', async () => {
      const { c } = await app({ production: true });
      expect((await c.get('/api/dev/outbox')).statusCode).toBe(404);
      expect((await c.get('/api/dev/outbox.json')).statusCode).toBe(404);
    });

    it('answers 502 MAIL_FAILED and forgets the link when the transport fails, so a retry is not throttled', async () => {
      const dbh = await openTestDatabase(driver);
      let fail = true;
      const a = await buildApp({
        config: config(),
        dbh,
        clock: new TestClock(),
        mailer: {
          async send() {
            if (fail) throw new Error('smtp down');
          },
        },
      });
      open.push({
        close: async () => {
          await a.close();
          await dbh.close();
        },
      });
      const c = new TestClient(a);
      const res = await c.post('/api/public/common/email/send-confirmation', { email: 'down@example.com' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        code: 'MAIL_FAILED',
        message: 'Не удалось отправить письмо. Повторите попытку позже',
      });
      expect((await c.post('/api/public/common/email/check/status', { email: 'down@example.com' })).json().status).toBe(
        'NEW',
      );
      fail = false;
      expect(
        (await c.post('/api/public/common/email/send-confirmation', { email: 'down@example.com' })).statusCode,
      ).toBe(200);
    });

    it('uses the company registry given to buildApp, and answers 503 when it is unavailable', async () => {
      const record: CompanyRecord = {
        ogrn: '1027700132195',
        inn: '7707083893',
        kpp: '773601001',
        fullName: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО «ТЕСТ»',
        shortName: 'ПАО «Тест»',
        registrationAuthority: null,
        registrationAuthorityAddress: null,
        registrationDate: null,
        okved: null,
        legalAddress: 'г. Москва',
        actualAddress: null,
        ceo: null,
        liquidated: false,
      };
      const registry: CompanyRegistry = {
        search: async (q) => (q === 'тест' ? [record] : []),
        byOgrn: async () => null,
      };
      const { c } = await app({}, registry);
      const res = await c.get('/api/public/client/registration/companies', { query: { query: 'тест' } });
      expect(res.json()).toEqual([
        {
          ogrn: '1027700132195',
          inn: '7707083893',
          kpp: '773601001',
          shortName: 'ПАО «Тест»',
          fullName: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО «ТЕСТ»',
          legalAddress: 'г. Москва',
          ceo: null,
          liquidated: false,
        },
      ]);
      const down = await app(
        {},
        {
          search: async () => {
            throw new Error('timeout');
          },
          byOgrn: async () => {
            throw new Error('timeout');
          },
        },
      );
      const unavailable = await down.c.get('/api/public/client/registration/companies', { query: { query: '7707' } });
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json().code).toBe('REGISTRY_UNAVAILABLE');
    });
  });
}
