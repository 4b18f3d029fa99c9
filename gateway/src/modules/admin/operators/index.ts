/**
 * Operator administration (issue 10): operators, roles and rights in the graph (spec core §3 "Operator", §6, §7
 * Operator users/*, §9 page size 20).
 *
 *   Administration.operators     POST /api/secured/oper/users/filter?page&size (Relay connection, totalCount); null
 *                                without OPERATORS
 *   Administration.operator      GET …/users/{id}; null when unknown or without the right
 *   Administration.rightCatalog  the catalogue of @platform/domain/operator/rights (what GET …/users/rights answers)
 *   Mutation.createOperator      POST …/users → CreateOperatorSuccess | UserError
 *   Mutation.updateOperator      PUT …/users/{id}
 *   Mutation.setOperatorStatus   PUT …/users/{id}/status
 *   Mutation.setOperatorRights   PUT …/users/{id}/rights (then GET …/users/{id} for the whole operator)
 *   Mutation.resendOperatorInvitation  POST …/users/{id}/invitation
 * A page is one upstream call (two when the window spans two backend pages); the rows carry every field, so a list
 * never calls the backend per row. The viewer's flags come from the viewer loaded once per operation.
 */
import { toGlobalId } from 'graphql-relay';
import {
  OPERATOR_RIGHT_INFO,
  OPERATOR_RIGHTS,
  OPERATOR_ROLE_INFO,
  OPERATOR_ROLES,
} from '@platform/domain/operator/rights';
import type {
  CreateOperatorInput,
  OperatorFilter,
  Resolvers,
  UpdateOperatorInput,
} from '../../../generated/resolvers-types.js';
import type { GatewayContext } from '../../../context.js';
import type { CurrentUserDto } from '../../../rest/contract.js';
import { mutationResult, nullIfAbsent, type UserErrorResult } from '../../../rest/errors.js';
import type { BodyOf } from '../../../rest/openapi.js';
import { adminConnection } from '../connection.js';
import { adminIdOf, isBackendId, notFoundError } from '../ids.js';
import { viewerHasRight, type AdminNodeResolver } from '../node.js';
import type { OperatorParent } from './parents.js';

type FilterBody = BodyOf<'POST', '/api/secured/oper/users/filter'>;

/** Operator users page size (spec core §9). */
export const OPERATOR_PAGE_SIZE = 20;

/** Backend field paths → GraphQL input fields. */
const RENAMES = { 'phones.phone': 'phone', 'phones.additionalPhone': 'additionalPhone' };

/** The GraphQL filter as the backend's body (null and blank fields left out). */
export function operatorFilterBody(filter: OperatorFilter | null | undefined): FilterBody {
  const body: FilterBody = {};
  if (!filter) return body;
  const q = filter.query?.trim();
  if (q) body.query = q;
  if (filter.status) body.status = filter.status;
  if (filter.role) body.role = filter.role;
  return body;
}

/** Backend user id of `Operator:<n>` or of a plain numeric id; null otherwise. */
export function operatorIdOf(id: string): number | null {
  return adminIdOf('Operator', id);
}

function notFound(): UserErrorResult {
  return notFoundError('OPERATOR_NOT_FOUND', 'Сотрудник не найден', 'operatorId');
}

/** The operator `id`, or null (unknown, not an operator, or a viewer without OPERATORS). */
function loadOperator(ctx: GatewayContext, viewer: CurrentUserDto, id: number): Promise<OperatorParent | null> {
  if (!viewerHasRight(viewer, 'OPERATORS')) return Promise.resolve(null);
  return nullIfAbsent(() => ctx.session.call('GET', '/api/secured/oper/users/{id}', { params: { id } }));
}

/** The viewer's id and whether he holds OPERATORS (once per operation). */
async function viewerOf(ctx: GatewayContext): Promise<{ id: number | null; admin: boolean }> {
  const v = await ctx.loaders.viewer();
  return { id: v?.userId ?? null, admin: viewerHasRight(v, 'OPERATORS') };
}

const success = (operator: OperatorParent) => ({ __typename: 'OperatorChangeSuccess' as const, operator });
const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** The profile fields of createOperator / updateOperator as the backend's body (blank optional fields → null). */
function profileBody(input: UpdateOperatorInput | CreateOperatorInput) {
  return {
    surname: input.surname,
    name: input.name,
    patronymic: blankToNull(input.patronymic),
    position: blankToNull(input.position),
    email: input.email,
    phones: { phone: blankToNull(input.phone), additionalPhone: blankToNull(input.additionalPhone) },
  };
}

export const resolvers: Resolvers = {
  Administration: {
    operators: (viewer, args, ctx) =>
      adminConnection(viewer, args, {
        right: 'OPERATORS',
        defaultFirst: OPERATOR_PAGE_SIZE,
        fetchPage: (page, size) =>
          ctx.session.call('POST', '/api/secured/oper/users/filter', {
            query: { page, size },
            body: operatorFilterBody(args.filter),
          }),
      }),
    operator: (viewer, { id }, ctx) => {
      const n = operatorIdOf(id);
      return n === null ? null : loadOperator(ctx, viewer, n);
    },
    rightCatalog: () => ({
      rights: OPERATOR_RIGHTS.map((right) => ({ right, ...OPERATOR_RIGHT_INFO[right] })),
      roles: OPERATOR_ROLES.map((role) => ({
        role,
        label: OPERATOR_ROLE_INFO[role].label,
        rights: [...OPERATOR_ROLE_INFO[role].rights],
      })),
    }),
  },
  Operator: {
    id: (o) => toGlobalId('Operator', String(o.id)),
    operatorId: (o) => o.id,
    fullName: (o) => [o.surname, o.name, o.patronymic].filter(Boolean).join(' '),
    phone: (o) => o.phones.phone,
    additionalPhone: (o) => o.phones.additionalPhone,
    isViewer: async (o, _a, ctx) => (await viewerOf(ctx)).id === o.id,
    viewerCanSuspend: async (o, _a, ctx) => {
      const v = await viewerOf(ctx);
      return v.admin && v.id !== o.id && o.status === 'ACTIVE';
    },
    viewerCanActivate: async (o, _a, ctx) => (await viewerOf(ctx)).admin && o.status === 'SUSPENDED',
    viewerCanEditRights: async (_o, _a, ctx) => (await viewerOf(ctx)).admin,
    viewerCanRemoveOperatorsRight: async (o, _a, ctx) => {
      const v = await viewerOf(ctx);
      return v.admin && v.id !== o.id;
    },
    viewerCanResendInvitation: async (o, _a, ctx) =>
      (await viewerOf(ctx)).admin && o.status === 'ACTIVE' && o.invitationPending,
  },
  Mutation: {
    createOperator: (_r, { input }, ctx) =>
      mutationResult(async () => {
        const res = await ctx.session.call('POST', '/api/secured/oper/users', {
          body: { ...profileBody(input), roles: input.roles, rights: input.rights ?? [] },
        });
        return { __typename: 'CreateOperatorSuccess' as const, ...res };
      }, RENAMES),
    updateOperator: async (_r, { input }, ctx) => {
      const id = operatorIdOf(input.operatorId);
      if (id === null) return notFound();
      return mutationResult(async () => {
        const operator = await ctx.session.call('PUT', '/api/secured/oper/users/{id}', {
          params: { id },
          body: profileBody(input),
        });
        return success(operator);
      }, RENAMES);
    },
    setOperatorStatus: async (_r, { input }, ctx) => {
      const id = operatorIdOf(input.operatorId);
      if (id === null) return notFound();
      return mutationResult(async () =>
        success(
          await ctx.session.call('PUT', '/api/secured/oper/users/{id}/status', {
            params: { id },
            body: { status: input.status },
          }),
        ),
      );
    },
    setOperatorRights: async (_r, { input }, ctx) => {
      const id = operatorIdOf(input.operatorId);
      if (id === null) return notFound();
      return mutationResult(async () => {
        await ctx.session.call('PUT', '/api/secured/oper/users/{id}/rights', {
          params: { id },
          body: { roles: input.roles, rights: input.rights },
        });
        return success(await ctx.session.call('GET', '/api/secured/oper/users/{id}', { params: { id } }));
      });
    },
    resendOperatorInvitation: async (_r, { input }, ctx) => {
      const id = operatorIdOf(input.operatorId);
      if (id === null) return notFound();
      return mutationResult(async () => {
        await ctx.session.call('POST', '/api/secured/oper/users/{id}/invitation', { params: { id } });
        return success(await ctx.session.call('GET', '/api/secured/oper/users/{id}', { params: { id } }));
      });
    },
  },
  CreateOperatorResult: {
    __resolveType: (r) => r.__typename,
  },
  OperatorChangeResult: {
    __resolveType: (r) => r.__typename,
  },
};

/** node(id:) of `Operator:<userId>`: null for a malformed id, an unknown operator or a viewer without OPERATORS. */
const operatorNode: AdminNodeResolver = async (id, ctx, viewer) => {
  if (!isBackendId(id)) return null;
  const row = await loadOperator(ctx, viewer, Number(id));
  return row ? { ...row, __typename: 'Operator' } : null;
};

/** Global id types this module resolves in node(id:), by type name. */
export const nodeTypes: Record<string, AdminNodeResolver> = { Operator: operatorNode };
