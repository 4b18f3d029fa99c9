/**
 * TypeBox schemas of the reference routes (docs/rest-api.md "Reference data"; spec core §3 "Reference options", §7).
 * They drive validation, serialisation and the OpenAPI document.
 */
import { Type } from 'typebox';

export const PrefixQuery = Type.Object({
  prefix: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Start of a name or a code, case-insensitive; empty or absent: everything',
    }),
  ),
});

export const CountrySchema = Type.Object(
  {
    countryCode: Type.String({ description: 'ISO 3166-1 alpha-2, e.g. CN' }),
    countryName: Type.String({ description: 'Russian name (CLDR), e.g. Китай' }),
    countryShortName: Type.String({ description: 'Russian short name (CLDR short form), e.g. США' }),
  },
  { description: 'Country option (spec core §3)' },
);

export const CurrencySchema = Type.Object(
  {
    currencyCode: Type.String({ description: 'ISO 4217 code, e.g. CNY' }),
    currencyName: Type.String({ description: 'Russian name (CLDR), e.g. Китайский юань' }),
    popular: Type.Boolean({ description: 'One of USD, EUR, CNY, AED, shown first (spec core §9)' }),
  },
  { description: 'Currency option (spec core §3)' },
);

export const BikQuery = Type.Object({
  bik: Type.String({ maxLength: 64, description: 'БИК: exactly 9 digits' }),
});

export const BankSchema = Type.Object(
  {
    bankBik: Type.String({ description: 'БИК, 9 digits' }),
    bankName: Type.String({ description: 'Name from the Bank of Russia directory ED807 (NameP)' }),
    corrAccount: Type.Union([Type.String(), Type.Null()], {
      description: 'Correspondent account (CRSA), 20 digits; null when there is none',
    }),
    city: Type.Union([Type.String(), Type.Null()], { description: 'Settlement (Nnp), e.g. Москва' }),
    swift: Type.Union([Type.String(), Type.Null()], { description: 'Default SWIFT BIC of the bank, or null' }),
  },
  { description: 'Russian bank by BIK (spec core §3 "Bank requisite")' },
);

export const SwiftQuery = Type.Object({
  swift: Type.String({
    maxLength: 100,
    description: 'Start of a SWIFT code (or of the institution name), case-insensitive',
  }),
});

export const SwiftSchema = Type.Object(
  {
    swift: Type.String({ description: 'SWIFT BIC, 8 or 11 characters' }),
    institutionName: Type.String({ description: 'Institution name with its branch, upper-case English as published' }),
    city: Type.Union([Type.String(), Type.Null()], { description: 'City, upper-case English' }),
    country: Type.String({ description: 'ISO 3166-1 alpha-2 country code' }),
    countryName: Type.String({ description: 'Russian name of the country' }),
  },
  { description: 'SWIFT institution (spec core §3)' },
);

const nodeProps = {
  keyHash: Type.String({
    minLength: 36,
    maxLength: 36,
    description: 'UUID v5 of the code, 36 characters (spec core §9)',
  }),
  parentKeyHash: Type.Union([Type.String(), Type.Null()], {
    description: 'Key hash of the parent; null for a section',
  }),
  tnvedCode: Type.String({ description: 'Section I…XXI, group 2 digits, heading 4 digits, subheading 10 digits' }),
  tnvedName: Type.String({ description: 'Official Russian name' }),
  level: Type.Union(
    [Type.Literal('SECTION'), Type.Literal('GROUP'), Type.Literal('HEADING'), Type.Literal('SUBHEADING')],
    { description: 'Level in the tree' },
  ),
  hasChildren: Type.Boolean({ description: 'Whether …/tnved/children returns anything for this node' }),
};

export const TnvedNodeSchema = Type.Object(nodeProps, {
  description: 'TN VED node (spec core §3 "customs code node")',
});

export const TnvedSectionSchema = Type.Object(
  {
    ...nodeProps,
    children: Type.Array(TnvedNodeSchema, { description: 'Groups of the section, in official order' }),
  },
  { description: 'TN VED section with its groups' },
);

export const TnvedChildrenQuery = Type.Object({
  parentKeyHash: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'Parent identifier: 36 characters = key hash, otherwise a code (spec core §5)',
    }),
  ),
  parentCode: Type.Optional(
    Type.String({ maxLength: 64, description: 'Parent code (XVI, 84, 8471), used when parentKeyHash is absent' }),
  ),
});

export const TnvedSuggestQuery = Type.Object({
  codeSuggest: Type.Optional(
    Type.String({ maxLength: 100, description: 'Start of a code (digits, or a Roman numeral for sections)' }),
  ),
  nameSuggest: Type.Optional(
    Type.String({ maxLength: 200, description: 'Words that must all occur in the name, case-insensitive' }),
  ),
});

export const RelevantHitSchema = Type.Object(
  {
    type: Type.Union(
      [
        Type.Literal('COUNTRY'),
        Type.Literal('CURRENCY'),
        Type.Literal('SWIFT'),
        Type.Literal('BANK'),
        Type.Literal('TNVED'),
      ],
      { description: 'Directory of the hit' },
    ),
    code: Type.String({ description: 'Country/currency code, SWIFT, BIK or TN VED code' }),
    name: Type.String({ description: 'Name to show' }),
  },
  { description: 'One hit of the search over all directories' },
);
