/**
 * The CurrentUser answer (spec core §3 "Current user"; docs/rest-api.md "CurrentUser").
 */
import { eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { DbOrTx } from '../db/client.js';
import { companies, users } from '../db/schema/core.js';
import { companyVerified, loadAuthUser } from '../plugins/auth.js';
import type { Db } from '../db/client.js';

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
    originalUser: Type.Null(),
    reLoggedRights: Type.Array(Type.String()),
    company: Type.Union([CompanySummarySchema, Type.Null()]),
  },
  { description: 'The signed-in user (spec core §3 "Current user")' },
);
export type CurrentUser = Static<typeof CurrentUserSchema>;

/** Builds the CurrentUser of `userId`; throws when the user does not exist. */
export async function currentUser(db: DbOrTx, userId: number): Promise<CurrentUser> {
  const rows = await db
    .select({ u: users, c: companies })
    .from(users)
    .leftJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, userId));
  const row = rows[0];
  if (!row) throw new Error(`user ${userId} not found`);
  const auth = await loadAuthUser(db as Db, userId);
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
    verified: auth!.verified,
    userRights: auth!.rights,
    originalUser: null,
    reLoggedRights: [],
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
