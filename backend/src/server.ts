/** Starts the REST backend: opens the database, prepares it, listens on BACKEND_PORT. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { startExpiryJob } from './deal/expiry-job.js';
import { startUploadExpiryJob } from './files/quota.js';
import { startStatusCountsCompaction } from './db/status-counts.js';
import { seedWorldOnFirstStart, ShiftableClock } from './seed/world/index.js';

const config = loadConfig();
const dbh = await openDatabase(config);
const log = (m: string) => console.log(`[backend] ${m}`);
const prepared = await prepareDatabase(dbh, {
  referenceDataDir: config.referenceDataDir,
  seed: process.env.SEED !== 'false',
  log,
});
// Real time, except while the demo world is seeded (before listening): it moves the clock over the last weeks.
const clock = new ShiftableClock();
const app = await buildApp({ config, dbh, clock, logger: true });
// The demo world (README "Set-up"): only on the first start of an empty database, and not with DEMO_WORLD=false.
await seedWorldOnFirstStart(app, clock, prepared, log);
await app.listen({ port: config.port, host: config.host });
// Offer expiry (spec core §4 exits), stopped before the app closes.
const stopExpiry = startExpiryJob(dbh.db, app.clock, {
  log: (m, e) => (e ? app.log.error({ err: e }, m) : app.log.info(m)),
});
// Unattached uploads older than a day are deleted, rows and contents (issue 14; files/quota.ts).
const stopUploadExpiry = startUploadExpiryJob(dbh.db, config.dataDir, app.clock, {
  log: (m, e) => (e ? app.log.error({ err: e }, m) : app.log.info(m)),
});
// The order status counters' deltas folded every minute (issue 15; db/status-counts.ts).
const stopCompaction = startStatusCountsCompaction(dbh.db, {
  log: (m, e) => app.log.error({ err: e }, m),
});
console.log(`[backend] REST API on http://${config.host}:${config.port}/api (docs: /api/docs)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopExpiry();
    stopUploadExpiry();
    stopCompaction();
    await app.close();
    await dbh.close();
    process.exit(0);
  });
}
