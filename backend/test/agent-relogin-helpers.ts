/**
 * Helpers of the re-login and commission tests (issue 11): the demo referral partner agent@example.com with a
 * 20 % profile, an ACTIVE link to the demo verified client (client@example.com) and one to the unverified demo client
 * (newclient@example.com), and a second referral partner agent2@example.com without clients. Existing live links of
 * those companies (the demo seed may add one) are ended first, so the tests own their links.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../src/accounts/passwords.js';
import { referralPartnerProfiles } from '../src/db/schema/admin.js';
import { companies, users } from '../src/db/schema/core.js';
import { referralClients } from '../src/db/schema/referral.js';
import type { TestApp } from './harness.js';

export interface ReloginFixture {
  agentUserId: number;
  agentCompanyId: number;
  agent2UserId: number;
  clientUserId: number;
  clientCompanyId: number;
  /** referral_clients.id of the verified demo client. */
  linkId: number;
  /** referral_clients.id of the unverified demo client. */
  unverifiedLinkId: number;
}

async function userRow(t: TestApp, email: string) {
  const [u] = await t.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, email));
  return { id: u.id, companyId: u.companyId! };
}

/** Sets up the fixture of the module header. */
export async function reloginFixture(t: TestApp): Promise<ReloginFixture> {
  const agent = await userRow(t, 'agent@example.com');
  const client = await userRow(t, 'client@example.com');
  const unverified = await userRow(t, 'newclient@example.com');
  const now = t.clock.now();
  await t.db
    .insert(referralPartnerProfiles)
    .values({ companyId: agent.companyId, commissionPercent: '20', updatedAt: now })
    .onConflictDoUpdate({ target: referralPartnerProfiles.companyId, set: { commissionPercent: '20' } });
  await t.db
    .update(referralClients)
    .set({ status: 'REMOVED', endedAt: now })
    .where(
      and(
        inArray(referralClients.clientCompanyId, [client.companyId, unverified.companyId]),
        inArray(referralClients.status, ['INVITED', 'CONSENT_REQUESTED', 'ACTIVE']),
      ),
    );
  const link = (clientCompanyId: number, contactUserId: number) => ({
    partnerCompanyId: agent.companyId,
    clientCompanyId,
    status: 'ACTIVE',
    contactUserId,
    approvalConfirmedAt: now,
    addedByUserId: agent.id,
    addedAt: now,
    activatedAt: now,
  });
  const [l1] = await t.db
    .insert(referralClients)
    .values(link(client.companyId, client.id))
    .returning({ id: referralClients.id });
  const [l2] = await t.db
    .insert(referralClients)
    .values(link(unverified.companyId, unverified.id))
    .returning({ id: referralClients.id });
  const [c2] = await t.db
    .insert(companies)
    .values({
      kind: 'AGENT',
      ogrn: '319774600999991',
      inn: '772099999990',
      fullName: 'Индивидуальный предприниматель Другой Партнёр',
      shortName: 'ИП Другой П.',
      status: 'VERIFIED',
      signatureConfirmed: true,
    })
    .returning({ id: companies.id });
  const [u2] = await t.db
    .insert(users)
    .values({
      email: 'agent2@example.com',
      passwordHash: await hashPassword('Demo-2026!'),
      accountType: 'AGENT',
      name: 'Олег',
      surname: 'Другой',
      companyId: c2.id,
    })
    .returning({ id: users.id });
  return {
    agentUserId: agent.id,
    agentCompanyId: agent.companyId,
    agent2UserId: u2.id,
    clientUserId: client.id,
    clientCompanyId: client.companyId,
    linkId: l1.id,
    unverifiedLinkId: l2.id,
  };
}

export const reloginUrl = (linkId: number) => `/api/secured/agent/clients/${linkId}/relogin`;
export const RETURN_URL = '/api/secured/agent/relogin/return';
export const CURRENT_USER = '/api/secured/common/current/user';
