/** All tables of the backend. Each domain keeps its own file; drizzle-kit reads this barrel. */
export * from './core.js';
export * from './accounts.js';
export * from './reference.js';
export * from './orders.js';
export * from './partner.js';
export * from './deal.js';
export * from './chat-events.js';
export * from './chat.js';
export * from './verification.js';
export * from './admin.js';
export * from './referral.js';
export * from './api-tokens.js';
