/**
 * The viewer's look-ahead (issue 15 "Gateway overhead"). `Query.viewer` reads the current user (GET …/current/user)
 * before any of its fields runs, so the client's list and tab counts under it would start only when that answer is
 * in: one upstream round trip in a row more than a browser calling the same REST routes in parallel. The viewer
 * resolver starts the list calls of its selection set together with the current-user call, for the account type of
 * the browser's USER_TYPE cookie (the last sign-in's, spec core §9): CLIENT `orders` and `orderTabCounts`, PARTNER
 * `partnerOrders` and `partnerOrderTabCounts`, OPER `operatorOrders` and `operatorOrderTabCounts`. The field resolvers
 * still check the real account type and take the started call (same per-operation memo key,
 * modules/orders/resolvers.ts, modules/deal/lists.ts), so answers never change. The cookie is only a hint: a wrong one costs one upstream
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
  type FragmentSpreadNode,
  type GraphQLResolveInfo,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql/index.js';
import type { GatewayContext } from '../../context.js';
import { listStarters } from '../deal/lists.js';
import { clientOrderPages, clientTabCounts, type ClientOrdersArgs } from '../orders/resolvers.js';

type Starter = (args: Record<string, unknown>, ctx: GatewayContext) => Promise<unknown>;

/** The viewer fields the look-ahead starts, by the account type of the USER_TYPE hint and the field name. */
const STARTERS: Partial<Record<string, Record<string, Starter>>> = {
  CLIENT: {
    orders: (args, ctx) => clientOrderPages(args as ClientOrdersArgs, ctx).pages,
    orderTabCounts: (_args, ctx) => clientTabCounts(ctx),
  },
  ...listStarters, // PARTNER: partnerOrders, partnerOrderTabCounts; OPER: operatorOrders, operatorOrderTabCounts
};
const STARTED_FIELDS = new Set(Object.values(STARTERS).flatMap((byField) => Object.keys(byField ?? {})));

/**
 * The starter fields selected under a viewer field node, by document: a document's nodes are shared by every
 * operation running it (Apollo keeps parsed documents), so the walk is done once unless @skip / @include make it
 * depend on the variables.
 */
const plans = new WeakMap<FieldNode, readonly FieldNode[]>();

function hasDirectives(node: { directives?: readonly unknown[] }): boolean {
  return !!node.directives?.length;
}

function included(node: FieldNode | InlineFragmentNode | FragmentSpreadNode, info: GraphQLResolveInfo): boolean {
  if (!hasDirectives(node)) return true;
  if (getDirectiveValues(GraphQLSkipDirective, node, info.variableValues)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues)?.if !== false;
}

/**
 * Collects into `out` the starter fields of `selectionSet` (through fragment spreads and inline fragments; skipped
 * ones left out); answers whether a directive made the result depend on the variables.
 */
function collect(
  selectionSet: SelectionSetNode | undefined,
  info: GraphQLResolveInfo,
  out: FieldNode[],
  seen: Set<string>,
): boolean {
  let dynamic = false;
  for (const sel of selectionSet?.selections ?? []) {
    dynamic ||= hasDirectives(sel);
    if (!included(sel, info)) continue;
    if (sel.kind === 'Field') {
      if (STARTED_FIELDS.has(sel.name.value)) out.push(sel);
    } else if (sel.kind === 'InlineFragment') dynamic = collect(sel.selectionSet, info, out, seen) || dynamic;
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      dynamic = collect(info.fragments[sel.name.value]?.selectionSet, info, out, seen) || dynamic;
    }
  }
  return dynamic;
}

function startersOf(node: FieldNode, info: GraphQLResolveInfo): readonly FieldNode[] {
  const cached = plans.get(node);
  if (cached) return cached;
  const found: FieldNode[] = [];
  if (!collect(node.selectionSet, info, found, new Set())) plans.set(node, found);
  return found;
}

/**
 * Starts the list reads selected under the viewer field of `info` that the account type of `ctx`'s USER_TYPE cookie
 * has (its order list and tab counts). Never throws: a field whose arguments do not coerce is left to its
 * resolver's error.
 */
export function prefetchViewerFields(info: GraphQLResolveInfo, ctx: GatewayContext): void {
  if (ctx.session.usesApiToken()) return;
  const byField = STARTERS[ctx.session.lastLoginType() ?? ''];
  if (!byField) return;
  const viewerType = info.returnType;
  const type = 'ofType' in viewerType ? viewerType.ofType : viewerType;
  if (!isObjectType(type)) return;
  const fields = type.getFields();
  for (const node of info.fieldNodes) {
    for (const field of startersOf(node, info)) {
      const start = byField[field.name.value];
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
