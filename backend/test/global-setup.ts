/** Vitest global setup: builds the database templates once per run (see template.ts). */
import { ensurePgliteTemplate, ensurePgTemplate } from './template.js';

export default async function setup(): Promise<void> {
  const log = (m: string) => console.log(`[test-template] ${m}`);
  await ensurePgliteTemplate(log);
  if (process.env.DATABASE_URL) await ensurePgTemplate(process.env.DATABASE_URL, log);
}
