/**
 * Demo data for a first start (README "Demo accounts"): seeded only when the database has no users.
 * All demo accounts use the password `Demo-2026!`.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.js';
import type { Db } from '../db/client.js';
import { checklists } from '../db/schema/accounts.js';
import { companies, users } from '../db/schema/core.js';
import { seedPartners } from './partners.js';
import { seedReferral } from './referral.js';

export const DEMO_PASSWORD = 'Demo-2026!';

/** Demo companies: OGRN/INN have valid check digits. */
const DEMO_COMPANIES = {
  verifiedClient: {
    kind: 'CLIENT',
    ogrn: '1177746126040',
    inn: '7707393126',
    kpp: '770701001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ВЭД ТРЕЙД»',
    shortName: 'ООО «ВЭД Трейд»',
    legalAddress: '125009, г. Москва, ул. Тверская, д. 7',
    actualAddress: '125009, г. Москва, ул. Тверская, д. 7',
    ceoFirstName: 'Иван',
    ceoMiddleName: 'Петрович',
    ceoLastName: 'Смирнов',
    okved: '46.90',
    registrationDate: '2017-02-14',
    registrationAuthority: 'Межрайонная ИФНС России № 46 по г. Москве',
    status: 'VERIFIED',
    signatureConfirmed: true,
  },
  newClient: {
    kind: 'CLIENT',
    ogrn: '1207700123454',
    inn: '9701160591',
    kpp: '770101001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «НОВЫЙ ИМПОРТ»',
    shortName: 'ООО «Новый Импорт»',
    legalAddress: '105005, г. Москва, ул. Бауманская, д. 11',
    actualAddress: '105005, г. Москва, ул. Бауманская, д. 11',
    ceoFirstName: 'Анна',
    ceoMiddleName: 'Сергеевна',
    ceoLastName: 'Кузнецова',
    okved: '46.69',
    registrationDate: '2020-04-02',
    registrationAuthority: 'Межрайонная ИФНС России № 46 по г. Москве',
    status: 'NEW',
    signatureConfirmed: false,
  },
  partner1: {
    kind: 'PARTNER',
    ogrn: '1157746580529',
    inn: '7725282965',
    kpp: '772501001',
    brand: 'Альфа Платежи',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «АЛЬФА ПЛАТЕЖИ»',
    shortName: 'ООО «Альфа Платежи»',
    legalAddress: '115280, г. Москва, ул. Ленинская Слобода, д. 19',
    status: 'VERIFIED',
    signatureConfirmed: true,
  },
  partner2: {
    kind: 'PARTNER',
    ogrn: '1187746414096',
    inn: '9705119964',
    kpp: '770501001',
    brand: 'Бета Трансфер',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «БЕТА ТРАНСФЕР»',
    shortName: 'ООО «Бета Трансфер»',
    legalAddress: '115054, г. Москва, ул. Валовая, д. 26',
    status: 'VERIFIED',
    signatureConfirmed: true,
  },
  agent: {
    kind: 'AGENT',
    ogrn: '319774600123453',
    inn: '772012345670',
    kpp: null,
    fullName: 'Индивидуальный предприниматель Орлов Дмитрий Андреевич',
    shortName: 'ИП Орлов Д. А.',
    legalAddress: '119021, г. Москва, ул. Льва Толстого, д. 16',
    status: 'VERIFIED',
    signatureConfirmed: true,
  },
} as const;

/** Checklists of the demo client companies (spec core §3 "Checklist"; amounts in USD per month). */
const DEMO_CHECKLISTS = {
  verifiedClient: {
    countryCodes: ['CN', 'TR', 'AE'],
    currencyCodes: ['CNY', 'USD', 'AED'],
    paymentsNumber: 12,
    monthlyCurrencyPayment: 250000,
    comment: 'Импорт электроники и комплектующих',
  },
  newClient: {
    countryCodes: ['CN', 'IN'],
    currencyCodes: ['CNY', 'USD'],
    paymentsNumber: 4,
    monthlyCurrencyPayment: 60000,
    comment: null,
  },
} as const;

/** Inserts the demo companies, accounts and client checklists when there are no users yet. Idempotent. */
export async function seedDemo(db: Db, log: (m: string) => void): Promise<void> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids: Record<string, number> = {};
    for (const [key, c] of Object.entries(DEMO_COMPANIES)) {
      const [row] = await tx
        .insert(companies)
        .values({ ...c })
        .returning({ id: companies.id });
      ids[key] = row.id;
    }
    await tx.insert(users).values([
      {
        email: 'client@example.com',
        passwordHash: hash,
        accountType: 'CLIENT',
        name: 'Иван',
        surname: 'Смирнов',
        patronymic: 'Петрович',
        phone: '9161234567',
        position: 'Генеральный директор',
        companyId: ids.verifiedClient,
      },
      {
        email: 'newclient@example.com',
        passwordHash: hash,
        accountType: 'CLIENT',
        name: 'Анна',
        surname: 'Кузнецова',
        patronymic: 'Сергеевна',
        phone: '9167654321',
        position: 'Генеральный директор',
        companyId: ids.newClient,
      },
      {
        email: 'operator@example.com',
        passwordHash: hash,
        accountType: 'OPER',
        name: 'Ольга',
        surname: 'Волкова',
        patronymic: 'Игоревна',
        phone: '9031112233',
        position: 'Оператор',
        operatorRoles: ['ADMIN'],
      },
      {
        email: 'support@example.com',
        passwordHash: hash,
        accountType: 'OPER',
        name: 'Марина',
        surname: 'Лебедева',
        patronymic: 'Олеговна',
        phone: '9034445566',
        position: 'Специалист поддержки',
        operatorRoles: ['SUPPORT'],
      },
      {
        email: 'partner1@example.com',
        passwordHash: hash,
        accountType: 'PARTNER',
        name: 'Павел',
        surname: 'Морозов',
        patronymic: 'Алексеевич',
        phone: '9052223344',
        companyId: ids.partner1,
      },
      {
        email: 'partner2@example.com',
        passwordHash: hash,
        accountType: 'PARTNER',
        name: 'Елена',
        surname: 'Соколова',
        patronymic: 'Викторовна',
        phone: '9053334455',
        companyId: ids.partner2,
      },
      {
        email: 'agent@example.com',
        passwordHash: hash,
        accountType: 'AGENT',
        name: 'Дмитрий',
        surname: 'Орлов',
        patronymic: 'Андреевич',
        phone: '9264445566',
        companyId: ids.agent,
      },
    ]);
    for (const [key, c] of Object.entries(DEMO_CHECKLISTS)) {
      await tx.insert(checklists).values({
        companyId: ids[key],
        ...c,
        countryCodes: [...c.countryCodes],
        currencyCodes: [...c.currencyCodes],
        updatedAt: new Date(),
      });
    }
  });
  await seedPartners(db, log);
  await seedReferral(db, log);
  log('demo accounts seeded (password Demo-2026!)');
}

/** The living demo world seeded after the accounts on a server's first start (seed/world; README "Set-up"). */
export { seedWorld, seedWorldOnFirstStart, ShiftableClock, type WorldSummary } from './world/index.js';
