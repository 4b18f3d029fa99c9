/**
 * Demo data of the referral partner's area (issue 11; README "Demo accounts"): the demo referral partner
 * agent@example.com ('ИП Орлов Д. А.') gets his profile (license contract number and date, commission 20 % of the
 * service fee of executed deals) and the demo verified client company of client@example.com ('ООО «ВЭД Трейд»') as an
 * ACTIVE client with the partner's estimates, so a newcomer who runs `npm start` sees one verified client.
 * Idempotent: a profile or a link that already exists is left alone.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { referralPartnerProfiles } from '../db/schema/admin.js';
import { companies, users } from '../db/schema/core.js';
import { referralClients } from '../db/schema/referral.js';

/** OGRNIP of the demo referral partner and OGRN of the demo verified client (seed/index.ts DEMO_COMPANIES). */
const AGENT_OGRN = '319774600123453';
const CLIENT_OGRN = '1177746126040';

/** Seeds the demo referral partner's profile and his one ACTIVE client (see the module comment). */
export async function seedReferral(db: Db, log: (m: string) => void = () => {}): Promise<void> {
  const [agent] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.kind, 'AGENT'), eq(companies.ogrn, AGENT_OGRN)));
  const [client] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.kind, 'CLIENT'), eq(companies.ogrn, CLIENT_OGRN)));
  if (!agent || !client) return;
  const [agentUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@example.com'));
  const [clientUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'client@example.com'));
  if (!agentUser) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(referralPartnerProfiles)
      .values({
        companyId: agent.id,
        contractNumber: 'РП-2026/017',
        contractDate: '2026-01-15',
        commissionPercent: '20',
        representative: 'Орлов Дмитрий Андреевич, индивидуальный предприниматель',
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [live] = await tx
      .select({ id: referralClients.id })
      .from(referralClients)
      .where(
        and(
          eq(referralClients.clientCompanyId, client.id),
          inArray(referralClients.status, ['INVITED', 'CONSENT_REQUESTED', 'ACTIVE']),
        ),
      );
    if (live) return;
    await tx.insert(referralClients).values({
      partnerCompanyId: agent.id,
      clientCompanyId: client.id,
      status: 'ACTIVE',
      countryCodes: ['CN', 'TR', 'AE'],
      currencyCodes: ['CNY', 'USD', 'AED'],
      monthlyVolume: '250000.00',
      monthlyPayments: 12,
      contactUserId: clientUser?.id ?? null,
      extraPhones: [],
      extraEmails: [],
      approvalConfirmedAt: now,
      addedByUserId: agentUser.id,
      addedAt: now,
      activatedAt: now,
    });
  });
  log('demo referral partner seeded (one ACTIVE client)');
}
