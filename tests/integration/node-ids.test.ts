/**
 * Relay object identification with malformed and out-of-range ids (issue 14 defects 6 and 7): `node(id:)` answers null
 * — never an error — for a global id whose number part is 23 digits, beyond int4 or int8, zero, negative or not a
 * number, for every Node type and every role; `nodes(ids:)` answers null in those positions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOperator } from '../support/deal.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

const TYPES = [
  'User',
  'Company',
  'PartnerOrder',
  'Order',
  'ChatUser',
  'ChatMessage',
  'ChatGroup',
  'ChatInvitation',
  'BankRequisite',
  'VerificationDocument',
  'AdminClient',
  'PaymentAgent',
  'ReferralPartnerDocument',
  'ReferralPartner',
  'Operator',
  'AuditEntry',
  'ReferralClient',
  'ApiToken',
];
const RAW_IDS = [
  '12345678901234567890123',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '9223372036854775808',
  '0',
  '-1',
  '1e3',
  '1.5',
  'abc',
  '',
  '1:12345678901234567890123',
  '12345678901234567890123:1',
  '2147483648:2147483648',
];
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const IDS = TYPES.flatMap((t) => RAW_IDS.map((r) => b64(`${t}:${r}`)));

describe('node(id:) and nodes(ids:) with malformed ids', () => {
  let stack: Stack;
  const clients: Record<string, GqlClient> = {};

  beforeAll(async () => {
    stack = await startStack();
    clients.client = (await signIn(stack.url, 'client@example.com', 'CLIENT')).c;
    clients.partner = (await signIn(stack.url, 'partner1@example.com', 'PARTNER')).c;
    clients.agent = (await signIn(stack.url, 'agent@example.com', 'AGENT' as 'CLIENT')).c;
    clients.operator = await signInOperator(stack.url);
  });
  afterAll(async () => {
    await stack?.close();
  });

  for (const role of ['client', 'partner', 'agent', 'operator']) {
    it(`nodes(ids:) and node(id:) are null for every malformed or out-of-range id (${role})`, async () => {
      for (let i = 0; i < IDS.length; i += 100) {
        const ids = IDS.slice(i, i + 100);
        const r = await clients[role].gql('query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
        expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
        expect(r.data.nodes).toEqual(ids.map(() => null));
      }
      // node(id:) through the same resolution: one id per Node type beyond int4 (two documents: at most 15 aliases).
      for (const types of [TYPES.slice(0, 9), TYPES.slice(9)]) {
        const one = await clients[role].gql(
          `query { ${types.map((t, i) => `n${i}: node(id: "${b64(`${t}:2147483648`)}") { id }`).join(' ')} }`,
        );
        expect(one.errors, JSON.stringify(one.errors)).toBeUndefined();
        expect(Object.values(one.data as Record<string, unknown>)).toEqual(types.map(() => null));
      }
    });
  }
});
