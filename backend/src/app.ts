/**
 * Builds the Fastify application of the REST backend (DESIGN tier 1). No listening, no process wiring:
 * server.ts listens, tests use `app.inject` or listen on a random port.
 */
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { FakeCompanyRegistry, type CompanyRegistry } from './accounts/company-registry.js';
import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import { createMailer } from './mail/index.js';
import type { Mailer } from './mail/mailer.js';
import authPlugin from './plugins/auth.js';
import csrfPlugin from './plugins/csrf.js';
import errorsPlugin from './plugins/errors.js';
import inputGuardPlugin from './plugins/input-guard.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import { logSerializers } from './observability/log.js';
import observabilityPlugin from './observability/plugin.js';
import { loadObservabilityConfig, requestIdOptions } from '@platform/observability';
import sessionPlugin from './plugins/session.js';
import { createSignatureVerifier, type SignatureVerifier } from './signature/index.js';
import accountRoutes from './routes/accounts/index.js';
import clientDealRoutes from './routes/client-deal/index.js';
import operatorRoutes from './routes/operator/index.js';
import orderRoutes from './routes/orders/index.js';
import referenceRoutes from './routes/reference/index.js';
import { resolveChatSessionToken } from './chat/session-token.js';
import { MAX_FILE_BYTES } from '@platform/domain/limits';
import { transformDocument, transformRoute } from './openapi-transform.js';
import type { SharedSchemaCompilers } from './plugins/schema-compilers.js';

/** Per-file upload limit (bytes): spec core §5/§9, 50 MB (@platform/domain/limits). */
export { MAX_FILE_BYTES };

/** The app clock; tests replace `now` to move time (expiry, lockouts, links). */
export interface Clock {
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbh: DbHandle;
    clock: Clock;
    mailer: Mailer;
    /** Company registry adapter used by registration (src/accounts/company-registry.ts). */
    companyRegistry: CompanyRegistry;
    /** Verifies qualified electronic signatures (src/signature; issue 8) against config.trustedCaDir. */
    signatureVerifier: SignatureVerifier;
  }
}

export interface BuildOptions {
  config: Config;
  dbh: DbHandle;
  mailer?: Mailer;
  clock?: Clock;
  /** The company registry; default: the fake demo registry (the real one is an external service). */
  companyRegistry?: CompanyRegistry;
  /** The signature verifier; default: one over config.trustedCaDir (src/signature/verifier.ts). */
  signatureVerifier?: SignatureVerifier;
  logger?: boolean;
  /**
   * Route schema compilers shared with other apps of this process (src/plugins/schema-compilers.ts): the test harness
   * builds hundreds of apps with the same routes. Default: Fastify's own, per app.
   */
  schemaCompilers?: SharedSchemaCompilers;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: process.env.LOG_LEVEL ?? 'info', serializers: logSerializers } : false,
    // No "incoming request" / "request completed" lines per call (issue 15: two log writes per REST call on the hot path;
    // the metrics and traces time every request). Errors, warnings and the audit log stay. LOG_REQUESTS=true: back on.
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== 'true' }),
    ...requestIdOptions, // X-Request-Id from the gateway (src/observability/request-id.ts)
    // X-Forwarded-For/-Proto/-Host believed only from TRUSTED_PROXIES (default loopback: the gateway on this host), so
    // behind an HTTPS gateway `request.protocol` is https and the Secure session cookie is saved (issue 14).
    trustProxy: opts.config.trustedProxies,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false } },
    ...(opts.schemaCompilers
      ? { schemaController: { compilersFactory: opts.schemaCompilers.compilersFactory() } }
      : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', opts.config);
  app.decorate('dbh', opts.dbh);
  app.decorate('mailer', opts.mailer ?? createMailer(opts.config, opts.dbh.db));
  app.decorate('companyRegistry', opts.companyRegistry ?? new FakeCompanyRegistry());
  app.decorate('signatureVerifier', opts.signatureVerifier ?? (await defaultSignatureVerifier(app, opts.config)));
  await app.register(
    fp(
      async (a) => {
        a.decorate('clock', opts.clock ?? { now: () => new Date() });
      },
      { name: 'clock' },
    ),
  );

  await app.register(errorsPlugin);
  // Malformed input → 4xx before any handler: JSON depth, NUL characters, integer bounds (issue 14; plugins/input-guard.ts).
  await app.register(inputGuardPlugin);
  // Request ids, traces, metrics at GET /metrics (issue 12; src/observability/).
  const observability = opts.config.observability ?? loadObservabilityConfig('platform-backend');
  await app.register(observabilityPlugin, { config: observability, dbh: opts.dbh });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Платформа валютных платежей — REST API',
        version: '0.1.0',
        description:
          'The system of record (spec core §7). Errors: `{ message, code, errors?, retryCsrf? }`. ' +
          'State-changing calls need the `X-XSRF-TOKEN` header from GET /api/public/csrf. Money: decimal strings with ISO 4217 currency; times: UTC ISO 8601; API dates: YYYY-MM-DD.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'SESSION' } } },
    },
    // String enums, operationIds, a schema for every response body (issue 15; src/openapi-transform.ts).
    transform: transformRoute,
    transformObject: transformDocument,
  });
  // The UI and the document (/api/docs, /api/docs/json, /api/docs/yaml) only when configured on (OPENAPI_DOCS; off in
  // production by default, issue 14); @fastify/swagger stays registered for app.swagger() (openapi.ts, tests).
  if (opts.config.openApiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionPlugin, { config: opts.config, db: opts.dbh.db });
  await app.register(csrfPlugin, { config: opts.config });
  await app.register(authPlugin, { db: opts.dbh.db });
  // Rate limit of the public calls per client address: app.publicRateLimit(bucket) (issue 13; plugins/rate-limit.ts).
  await app.register(rateLimitPlugin, { config: opts.config });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10 } });

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await opts.dbh.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  await app.register(accountRoutes);
  await app.register(referenceRoutes);
  await app.register(orderRoutes);
  await app.register(operatorRoutes);
  await app.register(clientDealRoutes);
  await app.register(import('./routes/partner/index.js'));
  await app.register(import('./routes/verification/index.js'));
  await app.register(import('./routes/chat/index.js'));
  await app.register(import('./routes/agent/index.js'));
  await app.register(import('./routes/api-tokens/index.js'));
  await app.register(import('./routes/reports/index.js'));
  await app.register(import('./routes/public/calculator.js'));
  await app.register(import('./chat/stream/index.js'));
  // The stream accepts the chat session token (GET /api/secured/chat/session-token) instead of the cookie.
  app.chatRealtime.tokenResolver = (token, now) => resolveChatSessionToken(opts.dbh.db, token, now);
  await app.ready();
  return app;
}

/**
 * The verifier over config.trustedCaDir (TRUSTED_CA_DIR). Logs a warning when nothing is trusted (production without
 * TRUSTED_CA_DIR: every signature is refused with CERTIFICATE_UNTRUSTED) and when GOST signatures cannot be checked.
 */
async function defaultSignatureVerifier(app: FastifyInstance, config: Config): Promise<SignatureVerifier> {
  const verifier = await createSignatureVerifier({
    trustedCaDir: config.trustedCaDir,
    onWarning: (m) => app.log.warn(m),
  });
  if (verifier.trustedRootCount === 0) {
    app.log.warn(
      `No trusted root CA certificates (TRUSTED_CA_DIR=${config.trustedCaDir ?? 'unset'}): every qualified signature will be refused (CERTIFICATE_UNTRUSTED). See backend/trust/README.md`,
    );
  }
  if (!verifier.gostSupported)
    app.log.warn(
      'OpenSSL GOST engine not found (Debian: libengine-gost-openssl): GOST R 34.10-2012 signatures will be refused',
    );
  return verifier;
}
