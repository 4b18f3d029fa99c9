/**
 * Operators for the operator area (spec core §7 Operator "GET /users"): the active operators, offered by the
 * 'Сотрудник' filter of the order list (its `employee` value is one of their ids). Right ORDERS_VIEW or AUDIT_LOG (the operator filter of the audit log; issue 10).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, RIGHT_ERRORS } from '../schemas.js';
import { loadActiveOperators } from './queries.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});

export const OperatorUserSchema = Type.Object(
  {
    id: Type.Integer({ description: 'User id (the `employee` filter of .../order/exch/filter)' }),
    name: Type.String({ description: 'First name' }),
    surname: Type.String({ description: 'Last name' }),
    patronymic: Nullable(Type.String(), 'Middle name'),
    email: Type.String({ description: 'E-mail (lower case)' }),
  },
  { description: 'An active operator' },
);

export default async function operatorUserRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  app.get(
    '/api/secured/oper/users',
    {
      preHandler: app.requireRight('ORDERS_VIEW', 'AUDIT_LOG'),
      schema: {
        tags: ['operator-users'],
        summary: 'Active operators (spec core §7 Operator "GET /users")',
        description:
          'Users of data role OPER with status ACTIVE, by surname, name and id: `[{ id, name, surname, patronymic, email }]`. ' +
          'Suspended operators and users of other roles are left out. Right ORDERS_VIEW or AUDIT_LOG (the operator filter of the audit log). Errors: 401 UNAUTHORIZED, 403 FORBIDDEN (not an operator) / RIGHT_REQUIRED.',
        response: {
          200: Type.Array(OperatorUserSchema),
          ...errorResponses(RIGHT_ERRORS),
        },
      },
    },
    async () => loadActiveOperators(db),
  );
}
