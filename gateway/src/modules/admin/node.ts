/**
 * node(id:) for the administration types (issue 10): each module registers the global id types it resolves.
 * A resolver returns null when the record does not exist or the viewer may not see it (no operator right), never an
 * error that would reveal existence.
 */
import type { GatewayContext } from '../../context.js';
import type { CurrentUserDto } from '../../rest/contract.js';
import type { ResolversInterfaceTypes, ResolversTypes } from '../../generated/resolvers-types.js';

/** A value of the Node interface. */
export type AdminNodeValue = ResolversInterfaceTypes<ResolversTypes>['Node'];

/** Resolves the raw id part of a global id of one type for the signed-in viewer. */
export type AdminNodeResolver = (
  id: string,
  ctx: GatewayContext,
  viewer: CurrentUserDto,
) => Promise<AdminNodeValue | null>;

/** True when the viewer is an operator holding `right` (`Viewer.rights` carries the effective operator rights). */
export function viewerHasRight(viewer: CurrentUserDto | null | undefined, right: string): boolean {
  return !!viewer && viewer.account.type === 'OPER' && viewer.userRights.includes(right);
}
