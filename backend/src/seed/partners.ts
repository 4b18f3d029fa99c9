/**
 * Demo settings of the two demo payment agents (README "Demo accounts": partner1 'Альфа Платежи', partner2
 * 'Бета Трансфер'): license contract (service commission %), signing, currency settings with rate source, rules and
 * time, limits, and the companies with requisites that receive client payments (spec core §3 "Payment agent
 * profile"). Idempotent: an agent that already has a profile is left alone.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies } from '../db/schema/core.js';
import {
  partnerCurrencySettings,
  partnerLimits,
  partnerPaymentCompanies,
  partnerPaymentRequisites,
  partnerProfiles,
} from '../db/schema/partner.js';

interface DemoPartner {
  ogrn: string;
  profile: {
    site: string;
    licenseNumber: string;
    licenseDate: string;
    serviceCommissionPercent: string;
    signRequired: boolean;
  };
  currencies: {
    currencyCode: string;
    rateSource: string;
    rateRules: string;
    rateTime: string;
    comment: string | null;
    indicativeRate: string;
  }[];
  limits: { currencyCode: string; amountFrom: string; amountTo: string }[];
  paymentCompanies: {
    name: string;
    inn: string;
    kpp: string;
    ogrn: string;
    legalAddress: string;
    actualAddressSameAsLegal: boolean;
    actualAddress: string | null;
    requisites: {
      currencyCode: string;
      bankName: string;
      bankBik: string | null;
      swift: string | null;
      checkAccount: string;
      corrAccount: string | null;
    }[];
  }[];
}

const CBR_RULES = 'Курс ЦБ РФ на дату оплаты плюс надбавка агента, указанная в предложении';

/** The demo agents by the OGRN of their company (src/seed/index.ts DEMO_COMPANIES). */
export const DEMO_PARTNERS: readonly DemoPartner[] = [
  {
    ogrn: '1157746580529', // Альфа Платежи: confirms documents without an electronic signature
    profile: {
      site: 'https://alfa-payments.example',
      licenseNumber: 'ЛД-015/2024',
      licenseDate: '2024-03-01',
      serviceCommissionPercent: '0.4',
      signRequired: false,
    },
    currencies: [
      {
        currencyCode: 'USD',
        rateSource: 'ЦБ РФ',
        rateRules: CBR_RULES,
        rateTime: 'на 12:00 МСК дня оплаты',
        comment: null,
        indicativeRate: '92.5000',
      },
      {
        currencyCode: 'EUR',
        rateSource: 'ЦБ РФ',
        rateRules: CBR_RULES,
        rateTime: 'на 12:00 МСК дня оплаты',
        comment: null,
        indicativeRate: '100.2500',
      },
      {
        currencyCode: 'CNY',
        rateSource: 'Московская биржа',
        rateRules: 'Средневзвешенный биржевой курс CNY/RUB TOM',
        rateTime: 'на 11:30 МСК',
        comment: 'Оплата в юанях через банки-партнёры в КНР',
        indicativeRate: '12.7500',
      },
    ],
    limits: [
      { currencyCode: 'USD', amountFrom: '1000.00', amountTo: '1000000.00' },
      { currencyCode: 'EUR', amountFrom: '1000.00', amountTo: '800000.00' },
      { currencyCode: 'CNY', amountFrom: '1000.00', amountTo: '5000000.00' },
    ],
    paymentCompanies: [
      {
        name: 'ООО «Альфа Платежи»',
        inn: '7725282965',
        kpp: '772501001',
        ogrn: '1157746580529',
        legalAddress: '115280, г. Москва, ул. Ленинская Слобода, д. 19',
        actualAddressSameAsLegal: true,
        actualAddress: null,
        requisites: [
          {
            currencyCode: 'RUB',
            bankName: 'ПАО Сбербанк',
            bankBik: '044525225',
            swift: 'SABRRUMM',
            checkAccount: '40702810938000012345',
            corrAccount: '30101810400000000225',
          },
          {
            currencyCode: 'USD',
            bankName: 'ПАО Сбербанк',
            bankBik: '044525225',
            swift: 'SABRRUMM',
            checkAccount: '40702840238000012345',
            corrAccount: '30101810400000000225',
          },
        ],
      },
    ],
  },
  {
    ogrn: '1187746414096', // Бета Трансфер: signs documents with a qualified electronic signature
    profile: {
      site: 'https://beta-transfer.example',
      licenseNumber: 'ЛД-022/2025',
      licenseDate: '2025-01-15',
      serviceCommissionPercent: '0.5',
      signRequired: true,
    },
    currencies: [
      {
        currencyCode: 'USD',
        rateSource: 'ЦБ РФ',
        rateRules: CBR_RULES,
        rateTime: 'на 10:00 МСК дня оплаты',
        comment: null,
        indicativeRate: '92.4000',
      },
      {
        currencyCode: 'CNY',
        rateSource: 'Московская биржа',
        rateRules: 'Средневзвешенный биржевой курс CNY/RUB TOM',
        rateTime: 'на 10:00 МСК дня оплаты',
        comment: null,
        indicativeRate: '12.7000',
      },
      {
        currencyCode: 'AED',
        rateSource: 'ЦБ РФ',
        rateRules: 'Кросс-курс ЦБ РФ через USD',
        rateTime: 'на 10:00 МСК дня оплаты',
        comment: 'Платежи в ОАЭ',
        indicativeRate: '25.1600',
      },
    ],
    limits: [
      { currencyCode: 'USD', amountFrom: '5000.00', amountTo: '2000000.00' },
      { currencyCode: 'CNY', amountFrom: '1000.00', amountTo: '5000000.00' },
      { currencyCode: 'AED', amountFrom: '10000.00', amountTo: '5000000.00' },
    ],
    paymentCompanies: [
      {
        name: 'ООО «Бета Трансфер»',
        inn: '9705119964',
        kpp: '770501001',
        ogrn: '1187746414096',
        legalAddress: '115054, г. Москва, ул. Валовая, д. 26',
        actualAddressSameAsLegal: false,
        actualAddress: '115054, г. Москва, ул. Валовая, д. 26, офис 410',
        requisites: [
          {
            currencyCode: 'RUB',
            bankName: 'АО «Альфа-Банк»',
            bankBik: '044525593',
            swift: 'ALFARUMM',
            checkAccount: '40702810401300054321',
            corrAccount: '30101810200000000593',
          },
        ],
      },
    ],
  },
];

/** Inserts the demo payment agents' settings (see the module header). Idempotent; missing companies are skipped. */
export async function seedPartners(db: Db, log: (m: string) => void = () => {}): Promise<void> {
  let seeded = 0;
  for (const p of DEMO_PARTNERS) {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.kind, 'PARTNER'), eq(companies.ogrn, p.ogrn)));
    if (!company) continue;
    const [existing] = await db
      .select({ id: partnerProfiles.partnerCompanyId })
      .from(partnerProfiles)
      .where(eq(partnerProfiles.partnerCompanyId, company.id));
    if (existing) continue;
    await db.transaction(async (tx) => {
      await tx.insert(partnerProfiles).values({ partnerCompanyId: company.id, ...p.profile });
      await tx
        .insert(partnerCurrencySettings)
        .values(p.currencies.map((c) => ({ partnerCompanyId: company.id, ...c })));
      await tx.insert(partnerLimits).values(p.limits.map((l) => ({ partnerCompanyId: company.id, ...l })));
      for (const { requisites, ...pc } of p.paymentCompanies) {
        const [row] = await tx
          .insert(partnerPaymentCompanies)
          .values({ partnerCompanyId: company.id, ...pc })
          .returning({ id: partnerPaymentCompanies.id });
        await tx.insert(partnerPaymentRequisites).values(requisites.map((r) => ({ paymentCompanyId: row.id, ...r })));
      }
    });
    seeded++;
  }
  if (seeded) log(`demo payment agent settings seeded (${seeded})`);
}
