/**
 * Parent shapes of the operator administration types (issue 10), read by gateway/scripts/codegen.mjs
 * (`// mapper: <GraphQLType>`). An `Operator` is the backend's operator row (POST …/users/filter, GET …/users/{id}).
 */
import type { AnswerOf } from '../../../rest/openapi.js';

/** The operator row of GET /api/secured/oper/users/{id}. */
// mapper: Operator
export type OperatorParent = AnswerOf<'GET', '/api/secured/oper/users/{id}'>;
