/**
 * Helpers of the operator administration tests (issue 10; spec core §3 "Operator", §6 roles and rights): test
 * operators with given roles or extra rights, inserted straight into `users` (account type OPER, password
 * DEMO_PASSWORD) and optionally signed in.
 */
import { hashPassword } from '../src/accounts/passwords.js';
import { users } from '../src/db/schema/core.js';
import { DEMO_PASSWORD, type TestApp, type TestClient } from './harness.js';

/** One test operator: login e-mail, names (defaults 'Тест' / 'Оператор'), roles and extra rights (default none). */
export interface TestOperator {
  email: string;
  name?: string;
  surname?: string;
  roles?: (typeof users.$inferInsert)['operatorRoles'];
  rights?: (typeof users.$inferInsert)['rights'];
}

let demoHash: Promise<string> | undefined;
/** The hash of DEMO_PASSWORD, computed once per test file (hashing is slow on purpose). */
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

/**
 * Inserts operators (account type OPER, status ACTIVE, password DEMO_PASSWORD) in one statement.
 * @returns their user ids, in the order given
 */
export async function insertOperators(t: TestApp, operators: readonly TestOperator[]): Promise<number[]> {
  const passwordHash = await demoPasswordHash();
  const rows = await t.db
    .insert(users)
    .values(
      operators.map((o) => ({
        email: o.email,
        passwordHash,
        accountType: 'OPER',
        name: o.name ?? 'Тест',
        surname: o.surname ?? 'Оператор',
        ...(o.roles === undefined ? {} : { operatorRoles: o.roles }),
        ...(o.rights === undefined ? {} : { rights: o.rights }),
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Inserts one operator (see {@link insertOperators}); its user id. */
export async function insertOperator(t: TestApp, operator: TestOperator): Promise<number> {
  const [id] = await insertOperators(t, [operator]);
  return id;
}

/**
 * Inserts one operator and signs it in with DEMO_PASSWORD (t.signedIn).
 * @returns the signed-in client and the user id
 */
export async function signedInOperator(
  t: TestApp,
  operator: TestOperator,
): Promise<{ client: TestClient; id: number }> {
  const id = await insertOperator(t, operator);
  return { client: await t.signedIn(operator.email), id };
}
