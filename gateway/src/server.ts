/**
 * Starts the gateway from the environment (see config.ts) and stops it cleanly on SIGINT/SIGTERM.
 */
import { buildGateway } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const gateway = await buildGateway({ ...config, logger: config.logger ?? true });
gateway.app.log.info(`gateway on ${gateway.url} (backend ${config.backendUrl}, web ${config.webDist})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    gateway.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
