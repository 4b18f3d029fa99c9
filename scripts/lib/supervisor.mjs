/**
 * Process supervision shared by the launchers (scripts/start.mjs, scripts/start-replicas.mjs; issue 14 defect 8,
 * issue 15; README "Operations"): each named process ("tier") is restarted with the back-off of restart-policy.mjs
 * (1 s, 2 s, 4 s … at most 30 s; from 1 s again after a run of 60 s) whenever it stops on its own, while the others
 * keep running. Each stop and restart is logged as `[start] <name> …`. SIGINT / SIGTERM stop every process (SIGTERM,
 * then SIGKILL after 10 s) and end the launcher. With `pidFile`, `{ "launcher": pid, "<name>": pid | null, … }` (JSON)
 * is written there at every (re)start and stop, for process tools and tests.
 */
import { spawn } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { nextRestart } from './restart-policy.mjs';

/**
 * A supervisor of child processes. `pidFile`: where to write the pids (optional). Returns
 * `{ run(name, cmd, args, { cwd, env }), shutdown(code), waitFor(url, label, timeoutMs) }`:
 * - `run` starts the process and restarts it whenever it stops unless shutting down; returns the first child;
 * - `shutdown` stops every process and exits the launcher with `code` once they are gone;
 * - `waitFor` polls `url` until it answers 2xx; after `timeoutMs` (default 120 s) it logs, shuts down with code 1
 *   and never resolves.
 * SIGINT and SIGTERM of the launcher call `shutdown(0)`.
 */
export function createSupervisor({ pidFile } = {}) {
  /** Supervised processes by name: `{ child, startedAt, failures, timer }`. */
  const tiers = new Map();
  let shuttingDown = false;

  function writePids() {
    if (!pidFile) return;
    const pids = { launcher: process.pid };
    for (const [name, t] of tiers) pids[name] = t.child && t.child.exitCode === null ? t.child.pid : null;
    try {
      // written whole, then renamed: a reader never sees half a file
      writeFileSync(`${pidFile}.tmp`, JSON.stringify(pids));
      renameSync(`${pidFile}.tmp`, pidFile);
    } catch (e) {
      console.error(`[start] cannot write START_PID_FILE ${pidFile}: ${e.message}`);
    }
  }

  function run(name, cmd, args, { cwd, env, stdio = ['ignore', 'inherit', 'inherit'] }) {
    const tier = tiers.get(name) ?? { child: null, startedAt: 0, failures: 0, timer: null };
    tiers.set(name, tier);
    const child = spawn(cmd, args, { cwd, env, stdio });
    tier.child = child;
    tier.startedAt = Date.now();
    let ended = false;
    const onEnd = (how) => {
      if (ended) return;
      ended = true;
      writePids();
      if (shuttingDown) return;
      const next = nextRestart(tier.failures, Date.now() - tier.startedAt);
      tier.failures = next.failures;
      const delay = next.delayMs;
      console.error(
        `[start] ${name} stopped (${how}); restarting in ${delay / 1000} s (restart ${tier.failures} in a row)`,
      );
      tier.timer = setTimeout(() => {
        tier.timer = null;
        if (shuttingDown) return;
        const restarted = run(name, cmd, args, { cwd, env, stdio });
        console.error(`[start] ${name} restarted (pid ${restarted.pid})`);
      }, delay);
    };
    child.on('exit', (code, signal) => onEnd(signal ?? `exit code ${code}`));
    child.on('error', (e) => onEnd(`error: ${e.message}`));
    writePids();
    return child;
  }

  function shutdown(code = 0) {
    if (shuttingDown) return;
    shuttingDown = true;
    const running = [];
    for (const t of tiers.values()) {
      if (t.timer) clearTimeout(t.timer);
      if (t.child && t.child.exitCode === null && t.child.signalCode === null) running.push(t.child);
    }
    for (const c of running) c.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }, 10_000);
    killer.unref();
    Promise.all(
      running.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)))),
    ).then(() => process.exit(code));
  }
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  async function waitFor(url, label, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(url);
        if (res.ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    console.error(`[start] ${label} did not become healthy at ${url}; stopping`);
    shutdown(1);
    await new Promise(() => {});
  }

  return { run, shutdown, waitFor };
}
