/**
 * Prepared statements of the hot read paths (issue 15: Drizzle's query building — `is()`, selection ordering, SQL
 * assembly — was about a quarter of the backend's CPU per list call, for queries whose SQL text never changes).
 * `preparedFor(db, name, prepare)` answers `prepare(db)` made once per database handle and remembered under `name`;
 * a call then only binds its parameters (Drizzle placeholders).
 *
 * What `prepare` passes to Drizzle's `.prepare(statementName)` decides what PostgreSQL keeps:
 * - a statement name (usually `name`): a named statement per pool connection, parsed and planned once per connection
 *   — for statements whose best plan does not depend on the values (reads by ids, counter sums);
 * - '' (the unnamed statement): the SQL text is still built once, but PostgreSQL parses and plans it for each call's
 *   values — for page queries whose best plan does (a company's 50 000 orders or a few: a generic plan could sort).
 * A `name` must always stand for the same SQL text: encode every shape of a query (sort keys, which filters) in it.
 *
 * Inside a transaction a statement prepared on the pool would run outside it, so for a transaction handle
 * `prepare(tx)` is made for that call (the query is built as before; a named statement is still reused by the
 * transaction's connection). A `name` of null is not remembered either: for shapes too many to keep (e.g. every
 * combination of several sort keys).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

const byHandle = new WeakMap<object, Map<string, unknown>>();

/** `prepare(db)` once per handle and `name` (see the module comment); `name` must always prepare the same SQL text. */
export function preparedFor<P>(db: DbOrTx, name: string | null, prepare: (db: DbOrTx) => P): P {
  if (db instanceof PgTransaction || name === null) return prepare(db);
  let statements = byHandle.get(db);
  if (!statements) {
    statements = new Map();
    byHandle.set(db, statements);
  }
  let p = statements.get(name) as P | undefined;
  if (p === undefined) {
    p = prepare(db);
    statements.set(name, p);
  }
  return p;
}
