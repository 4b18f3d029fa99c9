/** Starts the REST backend: opens the database, prepares it, listens on BACKEND_PORT. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { startExpiryJob } from './deal/expiry-job.js';

const config = loadConfig();
const dbh = await openDatabase(config);
await prepareDatabase(dbh, {
  referenceDataDir: config.referenceDataDir,
  seed: process.env.SEED !== 'false',
  log: (m) => console.log(`[backend] ${m}`),
});
const app = await buildApp({ config, dbh, logger: true });
await app.listen({ port: config.port, host: config.host });
// Offer expiry (spec core §4 exits), stopped before the app closes.
const stopExpiry = startExpiryJob(dbh.db, app.clock, {
  log: (m, e) => (e ? app.log.error({ err: e }, m) : app.log.info(m)),
});
console.log(`[backend] REST API on http://${config.host}:${config.port}/api (docs: /api/docs)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopExpiry();
    await app.close();
    await dbh.close();
    process.exit(0);
  });
}
