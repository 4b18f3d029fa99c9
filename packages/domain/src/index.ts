/**
 * @platform/domain: the platform's business rules, each written once and imported by the backend, the gateway
 * and the web app (issue 9). Pure TypeScript: no I/O, no dependencies beyond the language. Sub-paths:
 * `@platform/domain/deal/…`, `@platform/domain/chat/…`, `@platform/domain/validation/…`, `@platform/domain/limits`.
 */
export * from './limits.js';
export * from './integrations/apiTokens.js';
export * from './deal/statuses.js';
export * from './deal/rules.js';
export * from './deal/display.js';
export * from './deal/permissions.js';
export * from './deal/money.js';
export * from './chat/errors.js';
export * from './chat/events.js';
export * from './chat/groupList.js';
export * from './chat/groupOrder.js';
export * from './chat/groups.js';
export * from './chat/message.js';
export * from './chat/messageStatus.js';
export * from './chat/own.js';
export * from './chat/presence.js';
export * from './chat/typing.js';
export * from './operator/audit.js';
export * from './operator/rights.js';
export * from './referral/commission.js';
export * from './referral/documents.js';
export * from './referral/relogin.js';
export * from './search.js';
export * from './validation/rules.js';
