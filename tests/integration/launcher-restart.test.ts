/**
 * The launcher `scripts/start.mjs` (`npm start`) supervises the tiers (issue 14 defect 8; README "Operations"): when
 * the backend process dies, the gateway stays up and reports /health 503 degraded, and the backend is restarted with
 * back-off (1 s first) until /health is ok again; SIGTERM to the launcher stops every tier. Runs the BUILT platform
 * (`npm run build` first, as `npm test` does) on a fresh embedded database without the demo world.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
  });
}

async function health(base: string): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

/** Polls `check` every 200 ms until it returns a value other than undefined, or fails after `ms`. */
async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('launcher: a crashed tier is restarted, the other stays up', () => {
  let dataDir: string;
  let pidFile: string;
  let base: string;
  let launcher: ChildProcess;
  let output = '';
  const pids = (): { launcher: number; backend: number | null; gateway: number | null } =>
    JSON.parse(readFileSync(pidFile, 'utf8'));

  beforeAll(async () => {
    for (const built of ['backend/dist/src/server.js', 'gateway/dist/src/server.js'])
      if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
    dataDir = mkdtempSync(join(tmpdir(), 'launcher-test-'));
    pidFile = join(dataDir, 'pids.json');
    const port = await freePort();
    const backendPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    launcher = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        BACKEND_PORT: String(backendPort),
        BACKEND_URL: `http://127.0.0.1:${backendPort}`,
        PUBLIC_URL: base,
        DEMO_WORLD: 'false',
        LOG_LEVEL: 'silent',
        START_PID_FILE: pidFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    launcher.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    launcher.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await until('the platform to start', 170_000, async () =>
      (await health(base))?.status === 200 ? true : undefined,
    );
  }, 180_000);

  afterAll(async () => {
    if (launcher?.pid && launcher.exitCode === null) {
      try {
        process.kill(-launcher.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the gateway up while the backend is down and brings the backend back', async () => {
    const first = pids();
    expect(first.launcher).toBe(launcher.pid);
    expect(first.backend).toEqual(expect.any(Number));
    expect(first.gateway).toEqual(expect.any(Number));

    process.kill(first.backend!, 'SIGKILL');
    // The gateway still answers, degraded, while the backend is away.
    const degraded = await until('/health degraded', 30_000, async () => {
      const h = await health(base);
      return h && h.status === 503 ? h : undefined;
    });
    expect(degraded.body).toEqual({ status: 'degraded', backend: 'unavailable' });

    // Back after the back-off (1 s) and the backend's start.
    const ok = await until('/health ok again', 90_000, async () => {
      const h = await health(base);
      return h && h.status === 200 ? h : undefined;
    });
    expect(ok.body).toEqual({ status: 'ok', backend: 'ok' });
    const second = pids();
    expect(second.backend).toEqual(expect.any(Number));
    expect(second.backend).not.toBe(first.backend);
    expect(second.gateway).toBe(first.gateway);
    expect(alive(first.gateway!)).toBe(true);
    expect(output).toContain('[start] backend stopped (SIGKILL); restarting in 1 s (restart 1 in a row)');
    expect(output).toMatch(/\[start\] backend restarted \(pid \d+\)/);
    // The restarted backend serves requests through the gateway (the OpenAPI document is proxied to it).
    const doc = await fetch(`${base}/api/docs/json`);
    expect(doc.status).toBe(200);
    expect(((await doc.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  }, 150_000);

  it('stops every tier on SIGTERM', async () => {
    const { backend, gateway } = pids();
    const before = output.length;
    const exited = new Promise<number | null>((r) => launcher.once('exit', (code) => r(code)));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until('the tiers to stop', 15_000, async () => (!alive(backend!) && !alive(gateway!) ? true : undefined));
    expect(output.slice(before)).not.toContain('restarting in');
  }, 30_000);
});
