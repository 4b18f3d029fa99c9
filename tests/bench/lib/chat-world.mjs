/**
 * Helpers of the subscription benchmark (tests/bench/subscriptions.mjs): a fresh PostgreSQL database, the built
 * backend and gateway started as separate processes, and a chat world of many users written through the backend's own
 * code (backend/dist: its Drizzle schema, password hashing and session store). Not a benchmark itself.
 *
 * The fast path (brief of issue 15): users, chat groups, memberships and sessions are inserted directly (signing in
 * 1 000 users through the sign-in route costs a scrypt hash each and trips the sign-in throttle). Sessions are stored
 * with the backend's `DbSessionStore` (plugins/session.ts) and their SESSION cookie is signed like @fastify/session
 * signs it (`@fastify/cookie` sign with SESSION_SECRET), so the backend and the gateway see ordinary signed-in users.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sign } from '@fastify/cookie';
import pg from 'pg';
import { freePort, root } from './platform.mjs';

const backendDist = join(root, 'backend', 'dist', 'src');

/** The first free port of BENCH_PORTS (tests/bench/lib/platform.mjs) that is not in `taken`. */
export { freePort };

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Drops and creates database `name` on the PostgreSQL server of `adminUrl` (a URL of a maintenance database such as
 * template1; never the CI's `test` or `postgres`). Answers the new database's URL.
 */
export async function freshDatabase(adminUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` (end of the run). */
export async function dropDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * Spawns `node <script>` as its own process group through a shell that raises the open-file limit first
 * (`ulimit -n <nofile>`; 10 000 sockets need more than the usual 1 024). Output goes to `logFile` (appended).
 * Answers the ChildProcess; its pid is the node process itself (the shell `exec`s it).
 */
export function spawnNode(script, { cwd, env, logFile, nofile = 65536, nodeArgs = [] }) {
  const args = [...nodeArgs, script].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const cmd = `ulimit -n ${nofile} 2>/dev/null || ulimit -n $(ulimit -Hn); exec '${process.execPath}' ${args} >>'${logFile}' 2>&1`;
  return spawn('/bin/sh', ['-c', cmd], { cwd, env, stdio: 'ignore', detached: true });
}

/** Ends the process group of `child` (SIGTERM, then SIGKILL after `graceMs` ms) and waits for its exit. */
export async function stopProcess(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 2xx (every 250 ms, at most `ms`). */
export async function waitOk(url, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

/** Resident set size of process `pid` in bytes (VmRSS of /proc/<pid>/status), or null when gone. */
export function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Total CPU time (user + system) of process `pid` so far, in seconds (/proc/<pid>/stat, clock ticks of 1/100 s). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Writes the chat world of the benchmark into the (migrated) database `databaseUrl` through the backend's own schema,
 * password hashing and session store:
 *  - `users` users (data role PARTNER, e-mail bench-u<i>@example.com, ACTIVE, one password for all);
 *  - one sender user (bench-sender@example.com);
 *  - ceil(users / groupSize) chat groups of type ECVP_PARTNER, group k holding users k·groupSize … (k+1)·groupSize − 1
 *    and the sender;
 *  - one stored session per user and for the sender, signed with `sessionSecret`.
 * Answers `{ users: [{ id, cookie, groupIndex }], sender: { id, cookie }, groups: [{ id, memberIds }] }`; `cookie`
 * is a ready `SESSION=…` Cookie header value.
 */
export async function seedChatWorld({ databaseUrl, sessionSecret, users: count, groupSize }) {
  const { openPostgres } = await import(join(backendDist, 'db', 'client.js'));
  const schema = await import(join(backendDist, 'db', 'schema', 'index.js'));
  const { hashPassword } = await import(join(backendDist, 'accounts', 'passwords.js'));
  const { DbSessionStore } = await import(join(backendDist, 'plugins', 'session.js'));
  const dbh = openPostgres(databaseUrl);
  const db = dbh.db;
  try {
    const passwordHash = await hashPassword('Bench-2026!');
    const tag = randomBytes(3).toString('hex');
    const userRows = Array.from({ length: count }, (_, i) => ({
      email: `bench-${tag}-u${i}@example.com`,
      passwordHash,
      accountType: 'PARTNER',
      name: `Участник ${i}`,
      surname: 'Нагрузочный',
    }));
    const ids = [];
    for (let i = 0; i < userRows.length; i += 500) {
      const rows = await db
        .insert(schema.users)
        .values(userRows.slice(i, i + 500))
        .returning({ id: schema.users.id });
      ids.push(...rows.map((r) => r.id));
    }
    const [senderRow] = await db
      .insert(schema.users)
      .values({ email: `bench-${tag}-sender@example.com`, passwordHash, accountType: 'PARTNER', name: 'Отправитель' })
      .returning({ id: schema.users.id });
    const now = new Date();
    const groups = [];
    for (let k = 0; k * groupSize < count; k++) {
      const memberIds = ids.slice(k * groupSize, (k + 1) * groupSize);
      const [g] = await db
        .insert(schema.chatGroups)
        .values({ type: 'ECVP_PARTNER', name: `Нагрузка ${k}`, createdBy: senderRow.id, createdAt: now })
        .returning({ id: schema.chatGroups.id });
      await db.insert(schema.chatMembers).values(
        [...memberIds, senderRow.id].map((userId) => ({
          groupId: g.id,
          userId,
          role: userId === senderRow.id ? 'OWNER' : 'PARTICIPANT',
          joinedAt: now,
        })),
      );
      groups.push({ id: g.id, memberIds });
    }
    const store = new DbSessionStore(db, () => new Date(), 30 * 60 * 1000);
    const save = (sid, data) => new Promise((res, rej) => store.set(sid, data, (e) => (e ? rej(e) : res())));
    const session = async (userId) => {
      const sid = randomBytes(24).toString('base64url');
      await save(sid, {
        cookie: { originalMaxAge: 30 * 60 * 1000, path: '/', httpOnly: true, sameSite: 'lax', secure: false },
        userId,
        absoluteExpiresAt: new Date(Date.now() + 12 * 3600 * 1000).toISOString(),
      });
      return `SESSION=${encodeURIComponent(sign(sid, sessionSecret))}`;
    };
    const users = [];
    for (let i = 0; i < ids.length; i += 50) {
      const chunk = ids.slice(i, i + 50);
      const cookies = await Promise.all(chunk.map((id) => session(id)));
      chunk.forEach((id, j) => users.push({ id, cookie: cookies[j], groupIndex: Math.floor((i + j) / groupSize) }));
    }
    const sender = { id: senderRow.id, cookie: await session(senderRow.id) };
    // the planner's statistics of the new rows, as autovacuum would keep them on a running server (a CI machine's
    // PostgreSQL may run with autovacuum off: without them the chat statements are planned for empty tables)
    await dbh.pool.query('vacuum analyze');
    return { users, sender, groups };
  } finally {
    await dbh.close();
  }
}

/**
 * The anti-forgery pair of a session (backend plugins/csrf.ts): GET /api/public/csrf with the session cookie answers
 * the `_csrf` secret cookie and the XSRF-TOKEN token. Answers the headers for state-changing calls of that session.
 */
export async function csrfHeaders(backendUrl, sessionCookie) {
  const res = await fetch(`${backendUrl}/api/public/csrf`, { headers: { cookie: sessionCookie } });
  if (!res.ok) throw new Error(`GET /api/public/csrf: ${res.status}`);
  const jar = new Map();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
  }
  const token = jar.get('XSRF-TOKEN');
  if (!token || !jar.get('_csrf')) throw new Error('GET /api/public/csrf gave no token');
  return {
    cookie: `${sessionCookie}; _csrf=${jar.get('_csrf')}; XSRF-TOKEN=${token}`,
    'x-xsrf-token': decodeURIComponent(token),
  };
}
