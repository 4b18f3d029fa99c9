/**
 * `Viewer.administration` and the `Administration` type (issue 10): the operator's administration area. Its parent is
 * the viewer (CurrentUserDto); each module's fields read the viewer's effective operator rights from it.
 */
import type { Resolvers } from '../../generated/resolvers-types.js';
import { OPERATOR_RIGHTS, type OperatorRight } from '@platform/domain/operator/rights';

export const resolvers: Resolvers = {
  Viewer: {
    administration: (viewer) => (viewer.account.type === 'OPER' ? viewer : null),
  },
  Administration: {
    viewerRights: (viewer) => OPERATOR_RIGHTS.filter((r): r is OperatorRight => viewer.userRights.includes(r)),
  },
};
