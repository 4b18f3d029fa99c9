/**
 * Reading V8 CPU profiles (`node --cpu-prof`, `.cpuprofile` JSON) for tests/bench/page-cpu.mjs: self time by
 * function and by file/package within a time window, so the hot path of a load run can be read without DevTools.
 * Not a benchmark itself (tests/bench/run.mjs runs only the files directly under tests/bench/).
 */
import { readFileSync } from 'node:fs';

/** Microseconds of the system's monotonic clock (what V8 stamps profile samples with on Linux). */
export function monotonicMicros() {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Short label of a script URL: `pkg <name>` under node_modules, the repo-relative path otherwise. */
export function fileLabel(url, root) {
  if (!url) return '(native)';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 14).split('/');
    return `pkg ${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (path.startsWith('node:')) return path;
  return root && path.startsWith(root) ? path.slice(root.length + 1) : path;
}

/**
 * Self time of a profile between `fromUs` and `toUs` (monotonic µs; whole profile when omitted).
 * Returns `{ totalUs, idleUs, gcUs, byFunction: [{ key, us }], byFile: [{ key, us }] }`, busiest first; `totalUs`
 * counts every non-idle sample (µs).
 */
export function summariseProfile(file, { fromUs = -Infinity, toUs = Infinity, root } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (t < fromUs || t > toUs) continue;
    // a sample stands for the interval up to the next one; the delta to the previous one is close enough
    const next = profile.timeDeltas[i + 1] ?? dt;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + next);
  }
  const byFunction = new Map();
  const byFile = new Map();
  let totalUs = 0;
  let idleUs = 0;
  let gcUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idleUs += us;
      continue;
    }
    totalUs += us;
    if (name === '(garbage collector)') gcUs += us;
    // V8's own entries — (garbage collector), (program) — have no script; anonymous functions keep their file.
    const special = name.startsWith('(') && !callFrame.url;
    const file = special ? name : fileLabel(callFrame.url, root);
    const key = special ? name : `${name} ${file}:${callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  }
  const sorted = (m) => [...m].map(([key, us]) => ({ key, us })).sort((a, b) => b.us - a.us);
  return { totalUs, idleUs, gcUs, byFunction: sorted(byFunction), byFile: sorted(byFile) };
}

/** Prints the `top` busiest functions and files of a summary, as ms per page and % of the busy time. */
export function printSummary(label, s, pages, top = 20) {
  const ms = (us) => (us / 1000 / pages).toFixed(3);
  const pct = (us) => ((100 * us) / Math.max(1, s.totalUs)).toFixed(1);
  console.log(`\n${label}: ${ms(s.totalUs)} ms busy per page in the profile (GC ${pct(s.gcUs)} %)`);
  console.log('  by file / package (ms per page, % of busy):');
  for (const r of s.byFile.slice(0, top))
    console.log(`    ${ms(r.us).padStart(7)}  ${pct(r.us).padStart(5)} %  ${r.key}`);
  console.log('  by function (self):');
  for (const r of s.byFunction.slice(0, top))
    console.log(`    ${ms(r.us).padStart(7)}  ${pct(r.us).padStart(5)} %  ${r.key}`);
}
