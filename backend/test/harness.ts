/**
 * Test harness for backend route tests: an app on its own copy of the prepared template database,
 * a movable clock, a mail recorder and an HTTP client with a cookie jar and the anti-forgery header.
 *
 *   for (const driver of DRIVERS) describe(`… [${driver}]`, () => { let t: TestApp; beforeAll(async () => { t = await createTestApp({ driver }) }); afterAll(() => t.close()); … })
 *
 * DRIVERS is ['pglite'] plus 'postgres' when DATABASE_URL is set (spec: PGlite always, PostgreSQL too).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type Clock } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, schema, type Db, type DbHandle } from '../src/db/client.js';
import type { Mail, Mailer } from '../src/mail/mailer.js';
import type { SignatureVerifier } from '../src/signature/types.js';
import { SharedSchemaCompilers } from '../src/plugins/schema-compilers.js';
import { ensurePgliteTemplate, ensurePgTemplate, TEST_REFERENCE_DIR, urlForDatabase } from './template.js';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
export const DEMO_PASSWORD = 'Demo-2026!';

/**
 * A clock tests can move: `clock.advance(ms)`, `clock.set(date)`; `clock.freeze()` stops it (every now() answers the
 * same millisecond until `advance`, `set` or `unfreeze`), `clock.unfreeze()` lets it run on from where it stood.
 */
export class TestClock implements Clock {
  private offset = 0;
  private frozenAt: number | null = null;
  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offset);
  }
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offset += ms;
  }
  set(d: Date): void {
    if (this.frozenAt !== null) this.frozenAt = d.getTime();
    else this.offset = d.getTime() - Date.now();
  }
  /** Stops the clock at `at` (default: now). */
  freeze(at: Date = this.now()): void {
    this.frozenAt = at.getTime();
  }
  /** Lets a frozen clock run again from the time it shows. */
  unfreeze(): void {
    if (this.frozenAt === null) return;
    this.offset = this.frozenAt - Date.now();
    this.frozenAt = null;
  }
}

/** Records mails instead of sending them. */
export class RecordingMailer implements Mailer {
  readonly mails: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.mails.push(mail);
  }
  /** The last mail to `to`, or undefined. */
  last(to: string): Mail | undefined {
    return [...this.mails].reverse().find((m) => m.to === to);
  }
  /** The `token` query parameter of the first link in the last mail to `to`. */
  lastToken(to: string): string | undefined {
    const m = this.last(to);
    const match = m && /[?&]token=([A-Za-z0-9_\-.%]+)/.exec(m.text);
    return match ? decodeURIComponent(match[1]) : undefined;
  }
}

export interface TestApp {
  app: FastifyInstance;
  dbh: DbHandle;
  db: Db;
  config: Config;
  clock: TestClock;
  mailer: RecordingMailer;
  /** A new anonymous HTTP client with its own cookie jar. */
  client(): TestClient;
  /** A client signed in as `email` (password Demo-2026! by default). */
  signedIn(email: string, password?: string, userType?: string): Promise<TestClient>;
  /** Every row of every table except sessions, for "nothing changed" assertions. */
  snapshot(): Promise<Record<string, unknown[]>>;
  close(): Promise<void>;
}

export interface TestRequest {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the anti-forgery header on unsafe methods (default true). */
  csrf?: boolean;
  query?: Record<string, string>;
  payload?: Buffer | string;
}

/**
 * Fails the calling test when the app answered an error its route does not declare (src/plugins/errors.ts
 * undeclaredError; routes/schemas.ts errorResponses). With ERROR_CONTRACT_LOG=<file> they are appended to the file
 * instead (one per line), to list what a route is missing.
 */
export function checkErrorContract(app: FastifyInstance): void {
  const found = app.undeclaredErrors.splice(0);
  if (!found.length) return;
  if (process.env.ERROR_CONTRACT_LOG)
    appendFileSync(process.env.ERROR_CONTRACT_LOG, found.map((f) => `${f}\n`).join(''));
  else throw new Error(`Error answer not declared in the route's schema.response: ${found.join('; ')}`);
}

/** HTTP client over app.inject with a cookie jar; fetches the anti-forgery token on first unsafe call. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  token: string | undefined;
  constructor(private readonly app: FastifyInstance) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired = (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
      // A new anti-forgery token (the secret is rotated at sign-in, issue 14): send it from now on, as the web app does.
      if (c.name === 'XSRF-TOKEN' && !expired && c.value) this.token = c.value;
    }
  }

  async fetchCsrf(): Promise<string> {
    const res = await this.request('GET', '/api/public/csrf');
    this.token = (res.json() as { token: string }).token;
    return this.token;
  }

  async request(method: string, url: string, opts: TestRequest = {}): Promise<LightMyRequestResponse> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (unsafe && opts.csrf !== false) {
      if (!this.token) await this.fetchCsrf();
      headers['x-xsrf-token'] = this.token!;
    }
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      query: opts.query,
      headers,
      ...(opts.payload !== undefined
        ? { payload: opts.payload }
        : opts.body !== undefined
          ? { payload: JSON.stringify(opts.body), headers: { ...headers, 'content-type': 'application/json' } }
          : {}),
    });
    this.absorb(res);
    checkErrorContract(this.app);
    return res;
  }

  get(url: string, opts?: TestRequest) {
    return this.request('GET', url, opts);
  }
  post(url: string, body?: unknown, opts: TestRequest = {}) {
    return this.request('POST', url, { ...opts, body: body ?? opts.body });
  }
  put(url: string, body?: unknown, opts: TestRequest = {}) {
    return this.request('PUT', url, { ...opts, body: body ?? opts.body });
  }
  delete(url: string, opts?: TestRequest) {
    return this.request('DELETE', url, opts);
  }

  /** POST /api/public/common/login with the Basic header (spec core §7). */
  async signIn(email: string, password = DEMO_PASSWORD, userType?: string): Promise<LightMyRequestResponse> {
    const basic = Buffer.from(`${email}:${password}`).toString('base64');
    return this.request('POST', '/api/public/common/login', {
      headers: { authorization: `Basic ${basic}` },
      body: userType ? { userType } : {},
    });
  }

  /** Multipart upload of one file part named `file`. */
  async upload(
    url: string,
    name: string,
    content: Buffer,
    contentType = 'application/octet-stream',
  ): Promise<LightMyRequestResponse> {
    const boundary = `----test${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return this.request('POST', url, {
      payload: Buffer.concat([head, content, tail]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }
}

/** Sign-in rate limits no ordinary test reaches (config.authRateLimit; issue 14). */
export const RELAXED_AUTH_RATE_LIMIT: Config['authRateLimit'] = {
  login: { max: 100_000, windowSeconds: 60 },
  loginEmail: { max: 100_000, windowSeconds: 60 },
  emailCheck: { max: 100_000, windowSeconds: 60 },
  emailCheckEmail: { max: 100_000, windowSeconds: 60 },
  passwordReset: { max: 100_000, windowSeconds: 60 },
  passwordResetEmail: { max: 100_000, windowSeconds: 60 },
  callbackContact: { max: 100_000, windowSeconds: 60 },
};

let pgCounter = 0;

/**
 * A Blob over bytes already in memory whose arrayBuffer() answers them as they are. PGlite reads `loadDataDir` only
 * through arrayBuffer() (and its type, to decide whether to gunzip); Node 20's own Blob.arrayBuffer() reads a large
 * blob back in small chunks and concatenates them, which cost about 1.5 s of CPU per test database for the ~150 MB
 * template tarball (43 % of PGlite's start-up in a CPU profile, issue 15 "suite time"). PGlite does not write into the
 * buffer (it untars it into its in-memory file system), so every test database of the process shares one copy.
 */
class InMemoryBlob extends Blob {
  constructor(private readonly data: ArrayBuffer) {
    super([]);
  }
  override get size(): number {
    return this.data.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.data);
  }
}

/** The PGlite template's tarball, gunzipped once per worker process (file path → bytes). */
let pgliteTemplateBytes: { file: string; bytes: ArrayBuffer } | undefined;

async function pgliteTemplate(): Promise<Blob> {
  const file = await ensurePgliteTemplate();
  if (pgliteTemplateBytes?.file !== file) {
    const tar = gunzipSync(readFileSync(file));
    pgliteTemplateBytes = {
      file,
      bytes: tar.buffer.slice(tar.byteOffset, tar.byteOffset + tar.byteLength) as ArrayBuffer,
    };
  }
  return new InMemoryBlob(pgliteTemplateBytes.bytes);
}

/** Opens a private copy of the prepared template database. */
export async function openTestDatabase(driver: Driver = 'pglite'): Promise<DbHandle> {
  if (driver === 'pglite') return openPglite({ loadDataDir: await pgliteTemplate() });
  const url = process.env.DATABASE_URL!;
  const template = await ensurePgTemplate(url);
  const name = `platform_t_${process.pid}_${Date.now()}_${pgCounter++}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const handle = openPostgres(urlForDatabase(url, name));
  const close = handle.close;
  handle.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists "${name}"`);
    await a.end();
  };
  return handle;
}

/** All tables of the schema, for snapshots. */
export function allTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

/**
 * Every table's rows (by primary key order) except `except`: by default the session store and the sign-in throttle
 * (issue 14: every sign-in reserves an attempt in `login_throttle`), which change whenever someone signs in.
 */
export async function snapshotDb(
  db: Db,
  except: string[] = ['sessions', 'login_throttle'],
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of allTables()) {
    const name = getTableConfig(table).name;
    // Reference directories are read-only and large; they are compared by their own tests.
    if (except.includes(name) || name.startsWith('ref_')) continue;
    const res = await db.execute(sql`select * from ${table} order by 1`);
    out[name] = (res as unknown as { rows: unknown[] }).rows;
  }
  return out;
}

/** Route validators and serializers compiled once per worker for every app it builds (src/plugins/schema-compilers.ts). */
export const sharedSchemaCompilers = new SharedSchemaCompilers();

/**
 * An app for route tests. `trustedCaDir` (e.g. createTestPki().dir from ./certificates.ts) sets the signature trust
 * store (default: the demo CA generated into the app's DATA_DIR, src/signature/demo-ca.ts); `signatureVerifier` replaces the verifier entirely.
 */
export async function createTestApp(
  opts: {
    driver?: Driver;
    config?: Partial<Config>;
    trustedCaDir?: string;
    signatureVerifier?: SignatureVerifier;
  } = {},
): Promise<TestApp> {
  const dbh = await openTestDatabase(opts.driver ?? 'pglite');
  const config = loadConfig({
    dataDir: `/tmp/platform-test-${process.pid}`,
    sessionSecret: randomBytes(32).toString('hex'),
    referenceDataDir: TEST_REFERENCE_DIR,
    publicUrl: 'http://localhost:4000',
    // Rate-limit counters in memory unless a test asks for Redis: apps of parallel test files must not share them.
    redisUrl: undefined,
    // Upload quota out of the way (tests upload many files per user); test/upload-quota.test.ts sets its own (issue 14).
    uploadQuota: { files: 10_000, bytes: 1024 ** 4 },
    // Sign-in rate limits out of the way (tests sign in often from one address); tests of the limits set their own.
    authRateLimit: RELAXED_AUTH_RATE_LIMIT,
    ...(opts.trustedCaDir ? { trustedCaDir: opts.trustedCaDir } : {}),
    ...opts.config,
    // No sweep of expired sessions unless a test asks (issue 14): tests move the clock days ahead and back.
    chatStream: { sessionSweepMs: 0, ...opts.config?.chatStream },
  });
  const clock = new TestClock();
  const mailer = new RecordingMailer();
  const app = await buildApp({
    config,
    dbh,
    clock,
    mailer,
    signatureVerifier: opts.signatureVerifier,
    schemaCompilers: sharedSchemaCompilers,
  });
  const t: TestApp = {
    app,
    dbh,
    db: dbh.db,
    config,
    clock,
    mailer,
    client: () => new TestClient(app),
    async signedIn(email, password = DEMO_PASSWORD, userType) {
      const c = new TestClient(app);
      const res = await c.signIn(email, password, userType);
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return c;
    },
    snapshot: () => snapshotDb(dbh.db),
    async close() {
      await app.close();
      await dbh.close();
    },
  };
  return t;
}
