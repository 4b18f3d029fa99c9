/**
 * Routes of the reference area: public GET calls under /api/public/counterparty (spec core §7 "Reference data";
 * docs/rest-api.md "Reference data"). Search rules: spec core §5. Handlers validate and map; the queries live in
 * src/reference.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../errors.js';
import { listCountries } from '../../reference/countries.js';
import { listCurrencies } from '../../reference/currencies.js';
import {
  findBankByBik,
  findTnvedByCode,
  findTnvedByKeyHash,
  isBik,
  relevantSearch,
  searchSwift,
  SEARCH_LIMIT,
  tnvedChildren,
  tnvedSuggest,
  tnvedTwoLevels,
} from '../../reference/queries.js';
import {
  BankSchema,
  BikQuery,
  CountrySchema,
  CurrencySchema,
  PrefixQuery,
  RelevantHitSchema,
  SwiftQuery,
  SwiftSchema,
  TnvedChildrenQuery,
  TnvedNodeSchema,
  TnvedSectionSchema,
  TnvedSuggestQuery,
} from './schemas.js';
import { errorResponses } from '../schemas.js';

const BASE = '/api/public/counterparty';
const tags = ['reference'];

/** Russian texts and codes of the reference area. */
export const REFERENCE_MESSAGES = {
  bikFormat: 'БИК должен состоять из 9 цифр',
  bankNotFound: 'Банк с таким БИК не найден',
  tnvedNotFound: 'Код ТН ВЭД не найден',
  tnvedParentRequired: 'Укажите родительский узел: parentKeyHash или parentCode',
  keyHashFormat: 'Неверный формат идентификатора (keyHash)',
} as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function referenceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.dbh.db;

  app.get(
    `${BASE}/countries`,
    {
      schema: {
        tags,
        summary: 'Countries with Russian names (spec core §7)',
        description:
          'All ISO 3166 countries with CLDR Russian names, sorted by name. `prefix` keeps those whose code or ' +
          'name (or a word of it, or a known alias such as «КНР») starts with it, case-insensitive.',
        querystring: PrefixQuery,
        response: { 200: Type.Array(CountrySchema), ...errorResponses({ 400: ['VALIDATION_ERROR'] }) },
      },
    },
    async (req) => listCountries(req.query.prefix),
  );

  app.get(
    `${BASE}/currencies`,
    {
      schema: {
        tags,
        summary: 'Currencies with Russian names (spec core §7, §9)',
        description:
          'ISO 4217 currencies with CLDR Russian names: USD, EUR, CNY, AED first in that order (popular: true), ' +
          'then by name. `prefix` keeps those whose code or name (or a word of it) starts with it.',
        querystring: PrefixQuery,
        response: { 200: Type.Array(CurrencySchema), ...errorResponses({ 400: ['VALIDATION_ERROR'] }) },
      },
    },
    async (req) => listCurrencies(req.query.prefix),
  );

  app.get(
    `${BASE}/bik`,
    {
      schema: {
        tags,
        summary: 'Russian bank by BIK (spec core §7)',
        description:
          'Looks the BIK up in the Bank of Russia directory ED807. 400 VALIDATION_ERROR unless the BIK is ' +
          'exactly 9 digits (item code BIK_FORMAT); 404 NOT_FOUND when the directory does not know it.',
        querystring: BikQuery,
        response: { 200: BankSchema, ...errorResponses({ 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }) },
      },
    },
    async (req) => {
      const bik = req.query.bik.trim();
      if (!isBik(bik))
        throw AppError.validation([{ field: 'bik', code: 'BIK_FORMAT', message: REFERENCE_MESSAGES.bikFormat }]);
      const bank = await findBankByBik(db(), bik);
      if (!bank) throw AppError.notFound(REFERENCE_MESSAGES.bankNotFound);
      return bank;
    },
  );

  app.get(
    `${BASE}/swift`,
    {
      schema: {
        tags,
        summary: 'SWIFT institutions by code prefix (spec core §7)',
        description: `Institutions whose SWIFT code starts with \`swift\` (case-insensitive), then — to fill up — those whose name starts with it; at most ${SEARCH_LIMIT}. Blank → [].`,
        querystring: SwiftQuery,
        response: { 200: Type.Array(SwiftSchema), ...errorResponses({ 400: ['VALIDATION_ERROR'] }) },
      },
    },
    async (req) => searchSwift(db(), req.query.swift),
  );

  app.get(
    `${BASE}/tnved/two-levels`,
    {
      schema: {
        tags,
        summary: 'TN VED sections with their groups (spec core §7)',
        description: 'The 21 sections (I…XXI) in official order, each with its 2-digit groups as `children`.',
        response: { 200: Type.Array(TnvedSectionSchema), ...errorResponses({}) },
      },
    },
    async () => tnvedTwoLevels(db()),
  );

  app.get(
    `${BASE}/tnved/children`,
    {
      schema: {
        tags,
        summary: 'Children of one TN VED node (spec core §7)',
        description:
          'Children (section → groups → headings → 10-digit codes) of the node given by `parentKeyHash` or ' +
          '`parentCode`. Spec core §5: an identifier of 36 characters is a key hash, any other is a code. ' +
          '400 when neither is given or a 36-character value is not a UUID; 404 when the node is unknown; [] for a 10-digit code.',
        querystring: TnvedChildrenQuery,
        response: {
          200: Type.Array(TnvedNodeSchema),
          ...errorResponses({ 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (req) => {
      const id = (req.query.parentKeyHash ?? req.query.parentCode ?? '').trim();
      const field = req.query.parentKeyHash !== undefined ? 'parentKeyHash' : 'parentCode';
      if (!id)
        throw AppError.validation([
          { field: 'parentKeyHash', code: 'REQUIRED', message: REFERENCE_MESSAGES.tnvedParentRequired },
        ]);
      let parent;
      if (id.length === 36) {
        if (!UUID_RE.test(id))
          throw AppError.validation([{ field, code: 'KEY_HASH_FORMAT', message: REFERENCE_MESSAGES.keyHashFormat }]);
        parent = await findTnvedByKeyHash(db(), id);
      } else {
        parent = await findTnvedByCode(db(), id.replace(/[\s.]+/g, '').toUpperCase());
      }
      if (!parent) throw AppError.notFound(REFERENCE_MESSAGES.tnvedNotFound);
      return tnvedChildren(db(), parent.keyHash);
    },
  );

  app.get(
    `${BASE}/tnved/suggestion/suggest`,
    {
      schema: {
        tags,
        summary: 'TN VED suggestion by code or by name (spec core §7, §5)',
        description: `\`codeSuggest\`: codes starting with it (digits, or a Roman numeral for sections). \`nameSuggest\`: names containing every word, case-insensitive. Both → both must hold. Nodes of all levels in official order, at most ${SEARCH_LIMIT}. Nothing given → [].`,
        querystring: TnvedSuggestQuery,
        response: { 200: Type.Array(TnvedNodeSchema), ...errorResponses({ 400: ['VALIDATION_ERROR'] }) },
      },
    },
    async (req) => tnvedSuggest(db(), req.query),
  );

  app.get(
    `${BASE}/relevant/search`,
    {
      schema: {
        tags,
        summary: 'One search box over all reference directories (spec core §7)',
        description: `Countries, currencies, banks (BIK or name), SWIFT institutions and TN VED nodes matching \`prefix\`, at most ${SEARCH_LIMIT}, grouped in that type order with a fair share per type. Blank → [].`,
        querystring: Type.Object({
          prefix: Type.String({ maxLength: 100, description: 'Start of a code or of a word of a name' }),
        }),
        response: { 200: Type.Array(RelevantHitSchema), ...errorResponses({ 400: ['VALIDATION_ERROR'] }) },
      },
    },
    async (req) => relevantSearch(db(), req.query.prefix),
  );
}
