/**
 * Generates gateway/src/generated/resolvers-types.ts from the top-level schema.graphql with
 * @graphql-codegen/core used programmatically (the codegen CLI cannot be installed here: one of its
 * transitive versions is missing from the registry). Mappers make resolvers receive the REST DTOs of
 * src/rest/dto.ts, so a schema change the code does not follow fails `tsc`.
 * Run: `npm run codegen` (build and typecheck run it first).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import * as resolversPlugin from '@graphql-codegen/typescript-resolvers';
import { buildSchema, parse } from 'graphql';

const here = dirname(fileURLToPath(import.meta.url));
const schemaPath = resolve(here, '../../schema.graphql');
const outPath = resolve(here, '../src/generated/resolvers-types.ts');

const sdl = readFileSync(schemaPath, 'utf8');
const schemaAst = buildSchema(sdl); // fails loudly on an invalid schema

/** GraphQL type → the value its resolvers receive as parent (a REST DTO or a gateway shape). */
const mappers = {
  Viewer: '../rest/dto.js#CurrentUserDto',
  Company: '../rest/dto.js#CompanyDto',
  ClientInfo: '../rest/dto.js#ClientInfoDto',
  Contact: '../rest/dto.js#ContactDto',
  Checklist: '../rest/dto.js#ChecklistDto',
  Country: '../rest/dto.js#CountryDto',
  Currency: '../rest/dto.js#CurrencyDto',
  Bank: '../rest/dto.js#BankDto',
  SwiftInstitution: '../rest/dto.js#SwiftInstitutionDto',
  TnvedNode: '../rest/dto.js#TnvedNodeDto',
  RegistryCompany: '../rest/dto.js#RegistryCompanyDto',
  ReferenceSearchHit: '../rest/dto.js#ReferenceHitDto',
  Order: '../rest/dto.js#OrderParent',
  OrderFile: '../rest/dto.js#OrderFileParent',
  PartnerOrder: '../rest/dto.js#PartnerOrderParent',
  Offer: '../rest/dto.js#OfferParent',
  Commission: '../rest/dto.js#CommissionDto',
  AmountConversion: '../rest/dto.js#AmountConversionDto',
  PayCheck: '../rest/dto.js#PayCheckParent',
  PaymentCompany: '../rest/dto.js#PaymentCompanyDto',
  Document: '../rest/dto.js#DocumentParent',
  Signature: '../rest/dto.js#SignatureDto',
  // verification (issue 8): modules/verification
  CertificateInfo: '../rest/dto.js#CertificateInfoDto',
  VerificationDocument: '../rest/dto.js#VerificationDocumentDto',
  CompanyDocument: '../rest/dto.js#CompanyDocumentDto',
  Verification: '../modules/verification/resolvers.js#VerificationParent',
  // company page (issue 8): modules/company
  BankRequisite: '../rest/dto.js#BankRequisiteDto',
  StatusChange: '../rest/dto.js#HistoryDto',
  OperatorComment: '../rest/dto.js#OperCommentDto',
  OperatorRef: '../rest/dto.js#OperValidatorDto',
  ActivePartner: '../rest/dto.js#ActivePartnerDto',
  PartnerCandidate: '../rest/dto.js#PartnerCandidateDto',
  PartnerCurrencySetting: '../rest/dto.js#CurrencySettingDto',
  PartnerSettings: '../rest/dto.js#PartnerSettingsParent',
  PartnerOrderTabCounts: '../rest/dto.js#PartnerTabCountsParent',
  OperatorOrderTabCounts: '../rest/dto.js#OperTabCountsParent',
  OfferTerms: '../rest/dto.js#OfferTermsDto',
  Money: '../rest/dto.js#MoneyDto',
  Counterparty: '../rest/dto.js#CounterpartyDto',
  OrderClient: '../rest/dto.js#OrderClientDto',
  Consultant: '../rest/dto.js#ConsultantDto',
  OrderTabCounts: '../rest/dto.js#OrderTabCountsParent',
  UserError: '../rest/errors.js#UserErrorResult',
  // chat (issue 4): modules/chat/parents.ts
  ChatUser: '../modules/chat/parents.js#ChatUserParent',
  ChatGroup: '../modules/chat/parents.js#ChatGroupParent',
  ChatLastMessage: '../modules/chat/parents.js#ChatLastMessageParent',
  ChatMessage: '../modules/chat/parents.js#ChatMessageParent',
  GroupStatistics: '../rest/chat.js#GroupStatisticsDto',
  UnreadStatistic: '../rest/chat.js#UnreadStatisticDto',
  ChatReaction: '../rest/chat.js#ChatReactionDto',
  ChatMessageEvent: '../modules/chat/parents.js#ChatMessageEventParent',
  ChatGroupEvent: '../modules/chat/parents.js#ChatGroupEventParent',
  ChatTypingEvent: '../modules/chat/parents.js#ChatTypingEventParent',
  ChatPresenceEvent: '../modules/chat/parents.js#ChatPresenceEventParent',
  ChatTypingUser: '../modules/chat/parents.js#ChatTypingUserParent',
  ChatInvitation: '../modules/chat/parents.js#ChatInvitationParent',
  ChatMetadata: '../modules/chat/parents.js#ChatMetadataParent',
};

const output = await codegen({
  filename: outPath,
  schema: parse(sdl),
  schemaAst,
  documents: [],
  plugins: [{ typescript: {} }, { 'typescript-resolvers': {} }],
  pluginMap: { typescript: typescriptPlugin, 'typescript-resolvers': resolversPlugin },
  config: {
    useTypeImports: true,
    enumsAsTypes: true,
    contextType: '../context.js#GatewayContext',
    mappers,
    scalars: { Decimal: 'string', Date: 'string', DateTime: 'string', ID: 'string' },
    resolversNonOptionalTypename: { unionMember: true, interfaceImplementingType: true },
    useIndexSignature: false,
    avoidCheckingAbstractTypesRecursively: true,
  },
});

mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(
  outPath,
  `/* Generated by scripts/codegen.mjs from schema.graphql. Do not edit. */\n/* eslint-disable */\n${output}`,
);
console.log(`codegen: wrote ${outPath}`);
