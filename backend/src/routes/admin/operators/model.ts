/**
 * Operators as the administration sees them (issue 10; spec core §3 "Operator": id, full name, position, email,
 * phones, roles, status ACTIVE or SUSPENDED, created): the TypeBox schemas, the row mapping and the queries shared by
 * the routes of ../operators.ts.
 */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  effectiveRights,
  OPERATOR_RIGHTS,
  OPERATOR_ROLES,
  type OperatorRight,
  type OperatorRole,
} from '@platform/domain/operator/rights';
import type { DbOrTx } from '../../../db/client.js';
import { users } from '../../../db/schema/core.js';
import { literalUnion } from '../../schemas.js';

export const OPERATOR_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});

export const RightCode = literalUnion(OPERATOR_RIGHTS, { description: 'Operator right code' });
export const RoleCode = literalUnion(OPERATOR_ROLES, { description: 'Operator role code' });
export const StatusCode = literalUnion(OPERATOR_STATUSES, {
  description: 'ACTIVE, or SUSPENDED (stored as users.status USER_SUSPENDED: no sign-in)',
});

export const OperatorSchema = Type.Object(
  {
    id: Type.Integer({ description: 'User id' }),
    surname: Type.String({ description: 'Last name' }),
    name: Type.String({ description: 'First name' }),
    patronymic: Nullable(Type.String(), 'Middle name'),
    position: Nullable(Type.String(), 'Position (job title)'),
    email: Type.String({ description: 'Login e-mail (lower case)' }),
    phones: Type.Object(
      {
        phone: Nullable(Type.String(), '10 digits without the country code'),
        additionalPhone: Nullable(Type.String(), '10 digits without the country code'),
      },
      { description: 'Phones' },
    ),
    roles: Type.Array(RoleCode, { description: 'Roles (named sets of rights)' }),
    rights: Type.Array(RightCode, { description: 'Extra rights granted besides the roles' }),
    effectiveRights: Type.Array(RightCode, { description: "Union of the roles' rights and the extra rights" }),
    status: StatusCode,
    createdAt: Type.String({ format: 'date-time', description: 'Created, UTC ISO 8601' }),
    invitationPending: Type.Boolean({
      description: 'True while the operator has never signed in (the invitation may be sent again)',
    }),
  },
  { description: 'An operator (spec core §3 "Operator")' },
);

export type OperatorDto = {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
  position: string | null;
  email: string;
  phones: { phone: string | null; additionalPhone: string | null };
  roles: OperatorRole[];
  rights: OperatorRight[];
  effectiveRights: OperatorRight[];
  status: OperatorStatus;
  createdAt: string;
  invitationPending: boolean;
};

type UserRow = typeof users.$inferSelect;

/** Known role codes of a stored array, in catalogue order. */
export function rolesOf(stored: readonly string[]): OperatorRole[] {
  return OPERATOR_ROLES.filter((r) => stored.includes(r));
}
/** Known right codes of a stored array, in catalogue order. */
export function rightsOf(stored: readonly string[]): OperatorRight[] {
  return OPERATOR_RIGHTS.filter((r) => stored.includes(r));
}

export function toOperatorDto(u: UserRow): OperatorDto {
  return {
    id: u.id,
    surname: u.surname,
    name: u.name,
    patronymic: u.patronymic,
    position: u.position,
    email: u.email,
    phones: { phone: u.phone, additionalPhone: u.additionalPhone },
    roles: rolesOf(u.operatorRoles),
    rights: rightsOf(u.rights),
    effectiveRights: effectiveRights(u.operatorRoles, u.rights),
    status: u.status === 'USER_SUSPENDED' ? 'SUSPENDED' : 'ACTIVE',
    createdAt: u.createdAt.toISOString(),
    invitationPending: u.lastLoginAt === null,
  };
}

/** Full name for the audit log: "Surname Name Patronymic". */
export function fullNameOf(u: { surname: string; name: string; patronymic: string | null }): string {
  return [u.surname, u.name, u.patronymic].filter(Boolean).join(' ');
}

/** The operator with this user id (account type OPER), or undefined. `lock` takes a row lock (FOR UPDATE). */
export async function findOperator(db: DbOrTx, id: number, lock = false): Promise<UserRow | undefined> {
  const q = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.accountType, 'OPER')));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export interface OperatorFilter {
  query?: string;
  status?: OperatorStatus;
  role?: OperatorRole;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** WHERE of the operator list: each word of `query` in a name part or the e-mail; status; role. */
export function operatorWhere(f: OperatorFilter): SQL {
  const parts: SQL[] = [eq(users.accountType, 'OPER')];
  for (const word of (f.query ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
    const p = `%${escapeLike(word)}%`;
    parts.push(or(ilike(users.surname, p), ilike(users.name, p), ilike(users.patronymic, p), ilike(users.email, p))!);
  }
  if (f.status) parts.push(eq(users.status, f.status === 'SUSPENDED' ? 'USER_SUSPENDED' : 'ACTIVE'));
  if (f.role) parts.push(sql`${f.role} = any(${users.operatorRoles})`);
  return and(...parts)!;
}

export async function countOperators(db: DbOrTx, f: OperatorFilter): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(operatorWhere(f));
  return Number(count);
}

export async function pageOperators(db: DbOrTx, f: OperatorFilter, page: number, size: number): Promise<OperatorDto[]> {
  const rows = await db
    .select()
    .from(users)
    .where(operatorWhere(f))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id))
    .limit(size)
    .offset(page * size);
  return rows.map(toOperatorDto);
}

/**
 * Ids of the active operators holding the OPERATORS right, read with row locks on every active operator (so two
 * concurrent changes cannot each leave the other as the last administrator).
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id, roles: users.operatorRoles, rights: users.rights })
    .from(users)
    .where(and(eq(users.accountType, 'OPER'), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.filter((r) => effectiveRights(r.roles, r.rights).includes('OPERATORS')).map((r) => r.id);
}
