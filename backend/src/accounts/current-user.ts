/**
 * The CurrentUser answer (spec core §3 "Current user"; docs/rest-api.md "CurrentUser").
 */
import { eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { DbOrTx } from '../db/client.js';
import { companies, users } from '../db/schema/core.js';
import { authUserOfRows, companyVerified, loadedRowsOf, type AuthUser } from '../plugins/auth.js';

export const CompanySummarySchema = Type.Object({
  id: Type.Integer(),
  shortName: Type.String(),
  fullName: Type.String(),
  inn: Type.String(),
  ogrn: Type.String(),
  status: Type.Union([Type.Literal('NEW'), Type.Literal('VERIFIED'), Type.Literal('SUSPENDED')], {
    description: 'NEW, VERIFIED or SUSPENDED (spec core §3 client status)',
  }),
  verified: Type.Boolean({ description: 'Verified by qualified electronic signature (spec core §6)' }),
});

/** The referral partner acting for the client by re-login (issue 11; spec core §3 "Current user: originalUser"). */
export const OriginalUserSchema = Type.Object(
  {
    userId: Type.Integer({ description: "The partner's user id" }),
    email: Type.String(),
    name: Type.String(),
    surname: Type.String(),
    patronymic: Type.Union([Type.String(), Type.Null()]),
    accountType: Type.Literal('AGENT', { description: 'Data role of the acting user: AGENT (referral partner)' }),
    companyName: Type.Union([Type.String(), Type.Null()], { description: "The partner company's short name" }),
  },
  { description: "Who acts for this client (re-login); null in the user's own session" },
);

export const CurrentUserSchema = Type.Object(
  {
    userId: Type.Integer(),
    email: Type.String(),
    name: Type.String(),
    surname: Type.String(),
    patronymic: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()], { description: '10 digits' }),
    account: Type.Object({
      type: Type.Union([Type.Literal('CLIENT'), Type.Literal('PARTNER'), Type.Literal('AGENT'), Type.Literal('OPER')]),
      status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('USER_SUSPENDED')]),
    }),
    verified: Type.Boolean(),
    userRights: Type.Array(Type.String()),
    originalUser: Type.Union([OriginalUserSchema, Type.Null()]),
    reLoggedRights: Type.Array(Type.String(), {
      description: "Re-login rights: ['AGENT'] while a referral partner acts for the client, else empty (spec core §6)",
    }),
    company: Type.Union([CompanySummarySchema, Type.Null()]),
  },
  { description: 'The signed-in user (spec core §3 "Current user")' },
);
export type CurrentUser = Static<typeof CurrentUserSchema>;

/**
 * Builds the CurrentUser of `userId`; throws when the user does not exist. `relogin`: the re-login state of the
 * session (issue 11: the request's AuthUser), which fills `originalUser` and `reLoggedRights`. When `relogin` is the
 * request's AuthUser of `userId` (loaded by the auth hook), its rows are reused: no query unless re-logged (issue 15).
 */
export async function currentUser(
  db: DbOrTx,
  userId: number,
  relogin?: { originalUserId: number | null; reLoggedRights: string[] } | null,
): Promise<CurrentUser> {
  // The request's own user (GET current user): built from the rows the auth hook read already, no query (issue 15).
  const loaded = relogin ? loadedRowsOf(relogin as AuthUser) : undefined;
  let row = loaded?.u.id === userId ? loaded : undefined;
  if (!row) {
    const rows = await db
      .select({ u: users, c: companies })
      .from(users)
      .leftJoin(companies, eq(users.companyId, companies.id))
      .where(eq(users.id, userId));
    row = rows[0];
  }
  if (!row) throw new Error(`user ${userId} not found`);
  const auth = authUserOfRows(row.u, row.c);
  const { u, c } = row;
  return {
    userId: u.id,
    email: u.email,
    name: u.name,
    surname: u.surname,
    patronymic: u.patronymic,
    phone: u.phone,
    account: {
      type: u.accountType as CurrentUser['account']['type'],
      status: u.status as CurrentUser['account']['status'],
    },
    verified: auth.verified,
    userRights: auth.rights,
    originalUser: relogin?.originalUserId ? await originalUserOf(db, relogin.originalUserId) : null,
    reLoggedRights: relogin?.originalUserId ? [...relogin.reLoggedRights] : [],
    company: c
      ? {
          id: c.id,
          shortName: c.shortName,
          fullName: c.fullName,
          inn: c.inn,
          ogrn: c.ogrn,
          status: c.status as NonNullable<CurrentUser['company']>['status'],
          verified: companyVerified(c),
        }
      : null,
  };
}

/** The originalUser of a re-logged session: the partner's user and company name (null when the user is gone). */
async function originalUserOf(db: DbOrTx, userId: number): Promise<CurrentUser['originalUser']> {
  const [row] = await db
    .select({ u: users, companyName: companies.shortName })
    .from(users)
    .leftJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    userId: row.u.id,
    email: row.u.email,
    name: row.u.name,
    surname: row.u.surname,
    patronymic: row.u.patronymic,
    accountType: 'AGENT',
    companyName: row.companyName ?? null,
  };
}
