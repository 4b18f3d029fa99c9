#!/usr/bin/env node
/**
 * Post-build step (issue 13 "brotli or gzip on every text response, precompressed at build time"): writes `<file>.br`
 * (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file of web/dist of at least 1 KiB, so the
 * gateway (@fastify/static `preCompressed`) sends them without compressing on each request. Prints the totals.
 * Usage: `node web/scripts/precompress.mjs [directory]` (default web/dist).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for await (const path of files(dist)) {
  if ((await stat(path)).size < MIN_BYTES) continue;
  const body = await readFile(path);
  const b = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  await writeFile(`${path}.br`, b);
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
  raw += body.length;
  br += b.length;
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB brotli`);
