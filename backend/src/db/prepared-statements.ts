/**
 * Prepared statements of the hot read paths (issue 15: Drizzle's query building — `is()`, selection ordering, SQL
 * assembly — was about a quarter of the backend's CPU per list call, for queries whose SQL text never changes).
 * `preparedFor(db, name, prepare)` answers `prepare(db)` made once per database handle and remembered under `name`;
 * a call then only binds its parameters (Drizzle placeholders). PostgreSQL keeps a named statement per pool
 * connection, so the parse and plan are also done once per connection.
 *
 * Inside a transaction a statement prepared on the pool would run outside it, so for a transaction handle
 * `prepare(tx)` is made for that call (the query is built as before; the named statement is still reused by the
 * transaction's connection).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

const byHandle = new WeakMap<object, Map<string, unknown>>();

/** `prepare(db)` once per handle and `name` (see the module comment); `name` must always prepare the same SQL text. */
export function preparedFor<P>(db: DbOrTx, name: string, prepare: (db: DbOrTx) => P): P {
  if (db instanceof PgTransaction) return prepare(db);
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
