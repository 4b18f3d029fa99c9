/**
 * Command line: replaces the reference directories in the configured database (DATABASE_URL, else PGlite under
 * DATA_DIR; see src/config.ts). Spec core §7 "Reference data"; DESIGN "Reference data".
 *
 *   node dist/src/reference/cli.js --dir <path> [--only banks,swift,tnved] [--if-empty]
 *
 * `--dir` defaults to REFERENCE_DATA_DIR (else the demo directory). Without `--if-empty` every directory found is
 * replaced; with it, only empty tables are filled. Exit code 1 on failure.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase, runMigrations } from '../db/client.js';
import { importReferenceData, type ReferenceSet } from './import.js';

/** Parsed command line. */
export interface CliArgs {
  dir?: string;
  only?: ReferenceSet[];
  ifEmpty: boolean;
  help: boolean;
}

const SETS: ReferenceSet[] = ['banks', 'swift', 'tnved'];

/** Parses `argv` (without node and script). @throws Error on an unknown option or set name. */
export function parseCliArgs(argv: string[]): CliArgs {
  const args: CliArgs = { ifEmpty: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) throw new Error(`${a}: value required`);
      return v;
    };
    if (a === '--dir' || a.startsWith('--dir=')) args.dir = resolve(value());
    else if (a === '--only' || a.startsWith('--only=')) {
      const only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = only.filter((s) => !SETS.includes(s as ReferenceSet));
      if (bad.length) throw new Error(`--only: unknown set ${bad.join(', ')} (known: ${SETS.join(', ')})`);
      args.only = only as ReferenceSet[];
    } else if (a === '--if-empty') args.ifEmpty = true;
    else if (a === '--help' || a === '-h') args.help = true;
    else throw new Error(`unknown option ${a}`);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseCliArgs(process.argv.slice(2));
  if (args.help) {
    console.log('usage: cli.js --dir <path> [--only banks,swift,tnved] [--if-empty]');
    return;
  }
  const config = loadConfig({ sessionSecret: 'unused-by-the-importer' });
  const dir = args.dir ?? config.referenceDataDir;
  const handle = await openDatabase(config);
  try {
    await runMigrations(handle);
    const started = Date.now();
    const results = await importReferenceData(handle.db, dir, {
      replace: !args.ifEmpty,
      only: args.only,
      log: (m) => console.log(m),
    });
    for (const r of results)
      console.log(
        `${r.set.padEnd(6)} ${r.status.padEnd(18)} ${String(r.rows).padStart(6)} rows ${String(r.ms).padStart(6)} ms  ${r.source}`,
      );
    console.log(`done in ${Date.now() - started} ms (${handle.driver})`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${resolve(process.argv[1])}`).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
