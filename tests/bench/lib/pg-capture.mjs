/**
 * Preload for the backend (`node --import tests/bench/lib/pg-capture.mjs backend/dist/src/server.js`) used by
 * tests/bench/data-scale.mjs --explain: appends every SQL statement the backend sends through `pg` (text and bound
 * values, one JSON object a line) to the file named by PG_CAPTURE_FILE, so that the benchmark can run EXPLAIN
 * (ANALYZE, BUFFERS) on exactly the queries of each call. Does nothing without PG_CAPTURE_FILE. Not a benchmark.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.PG_CAPTURE_FILE;
if (file) {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, values, callback) {
    try {
      const text = typeof config === 'string' ? config : config?.text;
      const vals = typeof config === 'string' || Array.isArray(values) ? values : config?.values;
      if (text) appendFileSync(file, `${JSON.stringify({ text, values: vals ?? [] })}\n`);
    } catch {
      // capturing must never break the query
    }
    return original.call(this, config, values, callback);
  };
}
