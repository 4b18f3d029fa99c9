/**
 * Tables of the reference domain (spec core §3 "Reference options", §7 "Reference data"; DESIGN "Reference data").
 * They are filled by the importers of src/reference from the official directories and are read-only for the API.
 * Countries and currencies are not stored: they come from the platform (CLDR via `Intl`, i18n-iso-countries).
 *
 * Search columns (`name_search`) hold the name lower-cased in JavaScript with 'ё' folded to 'е', so that
 * case-insensitive search does not depend on the database's collation (PGlite runs with the C locale, where
 * lower() leaves Cyrillic untouched).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Russian banks by BIK: one row per `BICDirectoryEntry` of the Bank of Russia directory ED807
 * (cbr-bik-ed807/*_ED807_full.xml).
 */
export const refBanks = pgTable(
  'ref_banks',
  {
    /** БИК, 9 digits (`@BIC`). */
    bik: text('bik').primaryKey(),
    /** Participant name (`ParticipantInfo/@NameP`), e.g. 'ПАО Сбербанк'. */
    name: text('name').notNull(),
    /** Lower-cased name for search (see the file header). */
    nameSearch: text('name_search').notNull(),
    /** English name (`@EnglName`) when given. */
    englName: text('engl_name'),
    /** Correspondent account, 20 digits (`Accounts[@RegulationAccountType='CRSA']/@Account`); null when there is none. */
    corrAccount: text('corr_account'),
    /** Settlement name (`@Nnp`), e.g. 'Москва'. */
    city: text('city'),
    /** Settlement type (`@Tnp`), e.g. 'г'. */
    settlementType: text('settlement_type'),
    /** Street address (`@Adr`). */
    address: text('address'),
    /** Postal index (`@Ind`). */
    postalIndex: text('postal_index'),
    /** Region code (`@Rgn`). */
    region: text('region'),
    /** Participant type (`@PtType`): 20 credit institution, 30 branch, 90 liquidator, 40 Bank of Russia office… */
    ptType: text('pt_type'),
    /** BIC of the parent participant (`@PrntBIC`), e.g. the head office of a branch. */
    parentBik: text('parent_bik'),
    /** Default SWIFT BIC (`SWBICS[@DefaultSWBIC='1']/@SWBIC`); null when the entry has none. */
    swift: text('swift'),
    /** All SWIFT BICs of the entry, default first. */
    swiftCodes: text('swift_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The entry carries a restriction list (`RstrList`), e.g. a revoked licence. */
    restricted: boolean('restricted').notNull().default(false),
    /** Participant status (`@ParticipantStatus`), PSAC = active. */
    participantStatus: text('participant_status'),
  },
  (t) => [
    index('ref_banks_name_search_idx').using('btree', t.nameSearch.op('text_pattern_ops')),
    index('ref_banks_bik_prefix_idx').using('btree', t.bik.op('text_pattern_ops')),
  ],
);

/**
 * Financial institutions by SWIFT BIC (swift-codes/AllCountries/<CC>.json). The source holds 66 duplicated codes,
 * all exact repeats inside one country file; the first occurrence is kept (spec core §3 "swift institution").
 */
export const refSwift = pgTable(
  'ref_swift',
  {
    /** SWIFT BIC, 8 or 11 upper-case characters (8 = primary office; no 'XXX' suffix is added). */
    swift: text('swift').primaryKey(),
    /** Institution name as shown: bank name plus the branch in parentheses when there is one. */
    institutionName: text('institution_name').notNull(),
    /** Bank name alone (`bank`). */
    bankName: text('bank_name').notNull(),
    /** Branch (`branch`), e.g. '(INTERNATIONAL PRIVATE CLIENTS DEPARTMENT)'; null for head offices. */
    branch: text('branch'),
    /** City, upper-case English as published. */
    city: text('city'),
    /** ISO 3166 alpha-2 country code. */
    countryCode: text('country_code').notNull(),
    /** Lower-cased institution name for search. */
    nameSearch: text('name_search').notNull(),
  },
  (t) => [
    index('ref_swift_prefix_idx').using('btree', t.swift.op('text_pattern_ops')),
    index('ref_swift_name_search_idx').using('btree', t.nameSearch.op('text_pattern_ops')),
    index('ref_swift_country_idx').on(t.countryCode),
  ],
);

/**
 * Nodes of the TN VED EAEU tree (tnved-eaeu/tnved.json): sections (Roman numerals I…XXI), groups (2 digits),
 * headings (4 digits) and subheadings (10 digits). `key_hash` is the UUID v5 of the code (36 characters, spec core §9).
 */
export const refTnved = pgTable(
  'ref_tnved',
  {
    keyHash: uuid('key_hash').primaryKey(),
    /** Key hash of the parent node; null for sections. */
    parentKeyHash: uuid('parent_key_hash'),
    /** 'XVI', '84', '8471' or '8471300000'. */
    code: text('code').notNull().unique('ref_tnved_code_uq'),
    /** Official Russian name; 10-digit names keep the FTS dash-level prefix ('- -'). */
    name: text('name').notNull(),
    /** Lower-cased name for search. */
    nameSearch: text('name_search').notNull(),
    /** SECTION | GROUP | HEADING | SUBHEADING. */
    level: text('level').notNull(),
    /** Position in a depth-first walk of the tree (the official order). */
    sortOrder: integer('sort_order').notNull(),
    /** Whether the node has children (computed at import). */
    hasChildren: boolean('has_children').notNull().default(false),
  },
  (t) => [
    index('ref_tnved_parent_idx').on(t.parentKeyHash, t.sortOrder),
    index('ref_tnved_code_prefix_idx').using('btree', t.code.op('text_pattern_ops')),
    index('ref_tnved_sort_idx').on(t.sortOrder),
  ],
);

export type RefBank = typeof refBanks.$inferSelect;
export type NewRefBank = typeof refBanks.$inferInsert;
export type RefSwift = typeof refSwift.$inferSelect;
export type NewRefSwift = typeof refSwift.$inferInsert;
export type RefTnved = typeof refTnved.$inferSelect;
export type NewRefTnved = typeof refTnved.$inferInsert;
