/**
 * The viewer's look-ahead (issue 15 "Gateway overhead"). `Query.viewer` reads the current user (GET …/current/user)
 * before any of its fields runs, so the client's list and tab counts under it would start only when that answer is
 * in: one upstream round trip in a row more than a browser calling the same REST routes in parallel. When the
 * browser's USER_TYPE cookie (the account type of the last sign-in, spec core §9) says CLIENT, the viewer resolver
 * starts the `orders` and `orderTabCounts` calls of its selection set together with the current-user call. The field
 * resolvers still check the real account type and take the started call (same per-operation memo key,
 * modules/orders/resolvers.ts), so answers never change. The cookie is only a hint: a wrong one costs one upstream
 * call the backend refuses or answers for the session's own account — never another account's data, as the backend
 * scopes every call to the session.
 */
import {
  getArgumentValues,
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isObjectType,
  type FieldNode,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql/index.js';
import type { GatewayContext } from '../../context.js';
import { clientOrderPages, clientTabCounts, type ClientOrdersArgs } from '../orders/resolvers.js';

/** The viewer fields the look-ahead starts, by name. */
const STARTERS: Record<string, (args: Record<string, unknown>, ctx: GatewayContext) => Promise<unknown>> = {
  orders: (args, ctx) => clientOrderPages(args as ClientOrdersArgs, ctx).pages,
  orderTabCounts: (_args, ctx) => clientTabCounts(ctx),
};

function included(node: { directives?: readonly unknown[] }, info: GraphQLResolveInfo): boolean {
  if (!node.directives?.length) return true;
  const n = node as FieldNode;
  if (getDirectiveValues(GraphQLSkipDirective, n, info.variableValues)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, n, info.variableValues)?.if !== false;
}

/** The field nodes of `selectionSet` (through fragment spreads and inline fragments), skipped ones left out. */
function* fieldsOf(
  selectionSet: SelectionSetNode | undefined,
  info: GraphQLResolveInfo,
  seen = new Set<string>(),
): Generator<FieldNode> {
  for (const sel of selectionSet?.selections ?? []) {
    if (!included(sel, info)) continue;
    if (sel.kind === 'Field') yield sel;
    else if (sel.kind === 'InlineFragment') yield* fieldsOf(sel.selectionSet, info, seen);
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      yield* fieldsOf(info.fragments[sel.name.value]?.selectionSet, info, seen);
    }
  }
}

/**
 * Starts the client list reads selected under the viewer field of `info` when `ctx`'s browser last signed in as a
 * client (USER_TYPE cookie). Never throws: a field whose arguments do not coerce is left to its resolver's error.
 */
export function prefetchViewerFields(info: GraphQLResolveInfo, ctx: GatewayContext): void {
  if (ctx.session.usesApiToken() || ctx.session.lastLoginType() !== 'CLIENT') return;
  const viewerType = info.returnType;
  const type = 'ofType' in viewerType ? viewerType.ofType : viewerType;
  if (!isObjectType(type)) return;
  const fields = type.getFields();
  for (const node of info.fieldNodes) {
    for (const field of fieldsOf(node.selectionSet, info)) {
      const start = STARTERS[field.name.value];
      const def = fields[field.name.value];
      if (!start || !def) continue;
      try {
        start(getArgumentValues(def, field, info.variableValues), ctx).catch(() => undefined);
      } catch {
        // bad arguments: the field's resolver reports them
      }
    }
  }
}
