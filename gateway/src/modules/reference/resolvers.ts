/**
 * Reference data queries (spec core §7 Reference data; docs/rest-api.md). Identical reads within one
 * operation share one upstream call (loaders.reference).
 */
import { GraphQLError } from 'graphql/index.js';
import { classifyTnvedQuery, tnvedParentRef } from '@platform/domain/search';
import type { QueryResolvers, TnvedNode as GTnvedNode, TnvedNodeResolvers } from '../../generated/resolvers-types.js';
import type { TnvedNodeDto } from '../../rest/contract.js';
import { mutationResult, nullIfAbsent, queryResult } from '../../rest/errors.js';
import type { Strict } from '../strict.js';

type ReferenceQueries =
  | 'countries'
  | 'currencies'
  | 'bankByBik'
  | 'swiftInstitutions'
  | 'tnvedTree'
  | 'tnvedChildren'
  | 'tnvedSuggestions'
  | 'registrationCompanies'
  | 'referenceSearch'
  | 'feeEstimate';

export const Query: Pick<QueryResolvers, ReferenceQueries> = {
  countries: (_r, { prefix }, ctx) =>
    queryResult(() => ctx.loaders.reference(`countries?${prefix ?? ''}`, () => ctx.api.countries(prefix))),
  currencies: (_r, { prefix }, ctx) =>
    queryResult(() => ctx.loaders.reference(`currencies?${prefix ?? ''}`, () => ctx.api.currencies(prefix))),
  bankByBik: (_r, { bik }, ctx) =>
    nullIfAbsent(() => ctx.loaders.reference(`bik?${bik}`, () => ctx.api.bankByBik(bik.trim()))),
  swiftInstitutions: (_r, { prefix }, ctx) =>
    queryResult(() => ctx.loaders.reference(`swift?${prefix}`, () => ctx.api.swift(prefix.trim()))),
  tnvedTree: (_r, _a, ctx) =>
    queryResult(() => ctx.loaders.reference('tnved/two-levels', () => ctx.api.tnvedTwoLevels())),
  tnvedChildren: (_r, args, ctx) => {
    const by = args.parentKeyHash
      ? { parentKeyHash: args.parentKeyHash }
      : args.parentCode
        ? { parentCode: args.parentCode }
        : args.parent
          ? tnvedParentRef(args.parent)
          : undefined;
    if (!by)
      throw new GraphQLError('Give parentKeyHash, parentCode or parent', { extensions: { code: 'BAD_USER_INPUT' } });
    return queryResult(() =>
      ctx.loaders.reference(`tnved/children?${JSON.stringify(by)}`, () => ctx.api.tnvedChildren(by)),
    );
  },
  tnvedSuggestions: (_r, { query }, ctx) => {
    const q = classifyTnvedQuery(query);
    if (!q.value) return [];
    const load =
      q.kind === 'keyHash'
        ? () => ctx.api.tnvedChildren({ parentKeyHash: q.value })
        : q.kind === 'code'
          ? () => ctx.api.tnvedSuggest({ codeSuggest: q.value })
          : () => ctx.api.tnvedSuggest({ nameSuggest: q.value });
    return queryResult(() => ctx.loaders.reference(`tnved/suggest?${q.kind}=${q.value}`, load));
  },
  registrationCompanies: (_r, { query }, ctx) => {
    const q = query.trim();
    if (!q) return [];
    return queryResult(() =>
      ctx.loaders.reference(`registration/companies?${q}`, () => ctx.api.registrationCompanies(q)),
    );
  },
  referenceSearch: (_r, { prefix }, ctx) => {
    const p = prefix.trim();
    if (!p) return [];
    return queryResult(() => ctx.loaders.reference(`relevant?${p}`, () => ctx.api.relevantSearch(p)));
  },
  /** The public fee calculator (spec core §1, §9): the backend computes; its 400 VALIDATION_ERROR becomes a UserError. */
  feeEstimate: (_r, { amount, currency }, ctx) =>
    mutationResult(async () => {
      const e = await ctx.api.feeEstimate(amount, currency);
      const pay = (cost: string) => ({ cost, currency: e.currency });
      const rub = (cost: string) => ({ cost, currency: e.settlementCurrency });
      return {
        __typename: 'FeeEstimate' as const,
        amount: pay(e.amount),
        feePercent: e.feePercent,
        fee: pay(e.fee),
        rate: e.rate,
        amountConverted: rub(e.amountConverted),
        feeConverted: rub(e.feeConverted),
        totalToPay: rub(e.totalToPay),
        minAmount: rub(e.minAmountRub),
      };
    }),
};

export const TnvedNode: Strict<TnvedNodeResolvers, TnvedNodeDto, GTnvedNode> = {
  children: (n) => n.children ?? [],
};
