/**
 * Writes the backend's OpenAPI 3 document (the same one /api/docs serves) to a file or stdout, for the gateway's
 * generated REST contract (issue 9: gateway/src/generated/rest.ts is generated from it at build time).
 *
 *   node dist/src/openapi.js [out-file]      (npm run openapi -w backend writes backend/openapi.json)
 *
 * The app is built on an empty in-memory PGlite database (the chat stream reads its event counter on start).
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openPglite, runMigrations } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { SignatureVerifier } from './signature/types.js';

const NOT_USED = () => {
  throw new Error('not used while generating the OpenAPI document');
};

/** The OpenAPI document of every route, as JSON text (2-space indented, trailing newline). */
export async function openApiDocument(): Promise<string> {
  const dbh = await openPglite();
  await runMigrations(dbh);
  const app = await buildApp({
    config: loadConfig({ dataDir: '/tmp/platform-openapi', sessionSecret: 'x'.repeat(64) }),
    dbh,
    signatureVerifier: { verify: NOT_USED } satisfies SignatureVerifier,
    mailer: { send: NOT_USED } satisfies Mailer,
  });
  try {
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await dbh.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await openApiDocument();
  if (process.argv[2]) writeFileSync(process.argv[2], text);
  else process.stdout.write(text);
}
