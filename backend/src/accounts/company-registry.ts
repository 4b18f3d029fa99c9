/**
 * The company registry adapter: where registration finds a company by name, INN or OGRN (spec core §2
 * "company selection by name or INN", §3 "Company", §5 "client search text that is numeric is treated as
 * INN, otherwise as name", §7 operator "GET /nalog/fns?ogrn").
 *
 * The production adapter would call an external registry (the Federal Tax Service EGRUL/EGRIP or a
 * commercial mirror of it); that service is unreachable from this environment, so the app ships
 * {@link FakeCompanyRegistry}: a fixed directory of realistic demo companies. Replace it through the
 * `companyRegistry` option of `buildApp` (src/app.ts); the app reads it as `app.companyRegistry`.
 */
import { isInnQuery } from '@platform/domain/search';
import { AppError } from '../errors.js';

/** One company as the registry knows it (spec core §3 "Company"). Dates are `YYYY-MM-DD`. */
export interface CompanyRecord {
  /** 13 digits (OGRN, organisation) or 15 digits (OGRNIP, sole trader). */
  ogrn: string;
  /** 10 digits (organisation) or 12 digits (sole trader). */
  inn: string;
  /** 9 digits; null for sole traders. */
  kpp: string | null;
  fullName: string;
  shortName: string;
  registrationAuthority: string | null;
  registrationAuthorityAddress: string | null;
  registrationDate: string | null;
  okved: string | null;
  legalAddress: string;
  actualAddress: string | null;
  ceo: { firstName: string; middleName: string | null; lastName: string } | null;
  /** The company is being or has been liquidated: it cannot register. */
  liquidated: boolean;
}

/** The CompanyRecord fields in the `companies` table's shape, for a new client company (status NEW, not verified):
 * self-registration (routes/accounts/registration.ts) and a client added by a referral partner (issue 11). */
export function newClientCompanyValues(r: CompanyRecord, now: Date) {
  return {
    kind: 'CLIENT',
    ogrn: r.ogrn,
    inn: r.inn,
    kpp: r.kpp,
    fullName: r.fullName,
    shortName: r.shortName,
    registrationAuthority: r.registrationAuthority,
    registrationAuthorityAddress: r.registrationAuthorityAddress,
    registrationDate: r.registrationDate,
    okved: r.okved,
    legalAddress: r.legalAddress,
    actualAddress: r.actualAddress,
    ceoFirstName: r.ceo?.firstName ?? null,
    ceoMiddleName: r.ceo?.middleName ?? null,
    ceoLastName: r.ceo?.lastName ?? null,
    liquidated: r.liquidated,
    status: 'NEW',
    signatureConfirmed: false,
    createdAt: now,
  };
}

/**
 * 400 COMPANY_LIQUIDATED of a company the registry marks liquidated: it can neither register itself nor be added by a
 * referral partner (issue 11).
 */
export function companyLiquidated(): AppError {
  return new AppError(400, 'COMPANY_LIQUIDATED', 'Компания ликвидирована: регистрация невозможна', [
    { field: 'ogrn', code: 'COMPANY_LIQUIDATED', message: 'Компания ликвидирована' },
  ]);
}

/** Lookup of companies in an external registry. Implementations must not throw for "not found". */
export interface CompanyRegistry {
  /**
   * Companies matching `query` (spec core §5): digits only → INN prefix; otherwise a case-insensitive
   * substring of the short or full name. At most `limit` (default 20) records; [] for a blank query.
   * Rejects only when the registry itself is unavailable.
   */
  search(query: string, limit?: number): Promise<CompanyRecord[]>;
  /** The company with this OGRN/OGRNIP, or null when the registry has none. */
  byOgrn(ogrn: string): Promise<CompanyRecord | null>;
}

const IFNS46 = 'Межрайонная инспекция Федеральной налоговой службы № 46 по г. Москве';
const IFNS46_ADDRESS = '125373, г. Москва, Походный проезд, домовладение 3, стр. 2';

/**
 * Demo directory of the fake registry. INN and OGRN carry valid check digits (src/domain/validation.ts).
 * The first two are the seeded client companies (src/seed/index.ts: «ВЭД Трейд» verified, «Новый Импорт»
 * new); the rest are not registered yet and can be used to try registration.
 */
export const DEMO_REGISTRY: readonly CompanyRecord[] = [
  {
    ogrn: '1177746126040',
    inn: '7707393126',
    kpp: '770701001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ВЭД ТРЕЙД»',
    shortName: 'ООО «ВЭД Трейд»',
    registrationAuthority: IFNS46,
    registrationAuthorityAddress: IFNS46_ADDRESS,
    registrationDate: '2017-02-14',
    okved: '46.90',
    legalAddress: '125009, г. Москва, ул. Тверская, д. 7',
    actualAddress: '125009, г. Москва, ул. Тверская, д. 7',
    ceo: { firstName: 'Иван', middleName: 'Петрович', lastName: 'Смирнов' },
    liquidated: false,
  },
  {
    ogrn: '1207700123454',
    inn: '9701160591',
    kpp: '770101001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «НОВЫЙ ИМПОРТ»',
    shortName: 'ООО «Новый Импорт»',
    registrationAuthority: IFNS46,
    registrationAuthorityAddress: IFNS46_ADDRESS,
    registrationDate: '2020-04-02',
    okved: '46.69',
    legalAddress: '105005, г. Москва, ул. Бауманская, д. 11',
    actualAddress: '105005, г. Москва, ул. Бауманская, д. 11',
    ceo: { firstName: 'Анна', middleName: 'Сергеевна', lastName: 'Кузнецова' },
    liquidated: false,
  },
  {
    ogrn: '1197746123453',
    inn: '7704123450',
    kpp: '770401001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ТЕХНОИМПОРТ»',
    shortName: 'ООО «Техноимпорт»',
    registrationAuthority: IFNS46,
    registrationAuthorityAddress: IFNS46_ADDRESS,
    registrationDate: '2019-03-11',
    okved: '46.51',
    legalAddress: '119034, г. Москва, ул. Пречистенка, д. 10',
    actualAddress: '119034, г. Москва, ул. Пречистенка, д. 10',
    ceo: { firstName: 'Сергей', middleName: 'Николаевич', lastName: 'Лебедев' },
    liquidated: false,
  },
  {
    ogrn: '1077800123455',
    inn: '7810123451',
    kpp: '781001001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «БАЛТИЙСКАЯ ЛОГИСТИКА»',
    shortName: 'ООО «Балтийская логистика»',
    registrationAuthority: 'Межрайонная инспекция Федеральной налоговой службы № 15 по Санкт-Петербургу',
    registrationAuthorityAddress: '191124, г. Санкт-Петербург, ул. Красного Текстильщика, д. 10-12',
    registrationDate: '2007-09-20',
    okved: '52.29',
    legalAddress: '196084, г. Санкт-Петербург, Московский пр., д. 97',
    actualAddress: '196084, г. Санкт-Петербург, Московский пр., д. 97',
    ceo: { firstName: 'Мария', middleName: 'Олеговна', lastName: 'Фёдорова' },
    liquidated: false,
  },
  {
    ogrn: '1196658123452',
    inn: '6620123451',
    kpp: '662001001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «УРАЛСТАНКОИМПОРТ»',
    shortName: 'ООО «Уралстанкоимпорт»',
    registrationAuthority: 'Инспекция Федеральной налоговой службы по Верх-Исетскому району г. Екатеринбурга',
    registrationAuthorityAddress: '620017, г. Екатеринбург, ул. Кирова, д. 28',
    registrationDate: '2019-07-01',
    okved: '46.62',
    legalAddress: '620014, г. Екатеринбург, ул. Малышева, д. 36',
    actualAddress: null,
    ceo: { firstName: 'Алексей', middleName: 'Викторович', lastName: 'Попов' },
    liquidated: false,
  },
  {
    ogrn: '1205400123455',
    inn: '5406123450',
    kpp: '540601001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «СИБИРСКИЙ ТЕКСТИЛЬ»',
    shortName: 'ООО «Сибирский текстиль»',
    registrationAuthority: 'Инспекция Федеральной налоговой службы по Центральному району г. Новосибирска',
    registrationAuthorityAddress: '630099, г. Новосибирск, ул. Каменская, д. 54',
    registrationDate: '2020-11-16',
    okved: '46.41',
    legalAddress: '630099, г. Новосибирск, Красный пр., д. 25',
    actualAddress: '630099, г. Новосибирск, Красный пр., д. 25',
    ceo: { firstName: 'Ольга', middleName: null, lastName: 'Ким' },
    liquidated: false,
  },
  {
    ogrn: '1022300123450',
    inn: '2310123454',
    kpp: '231001001',
    fullName: 'АКЦИОНЕРНОЕ ОБЩЕСТВО «ЮГАГРОЭКСПОРТ»',
    shortName: 'АО «Югагроэкспорт»',
    registrationAuthority: 'Инспекция Федеральной налоговой службы № 3 по г. Краснодару',
    registrationAuthorityAddress: '350033, г. Краснодар, ул. Ставропольская, д. 75',
    registrationDate: '2002-10-08',
    okved: '46.21',
    legalAddress: '350000, г. Краснодар, ул. Красная, д. 122',
    actualAddress: '350000, г. Краснодар, ул. Красная, д. 122',
    ceo: { firstName: 'Виктор', middleName: 'Андреевич', lastName: 'Ткаченко' },
    liquidated: false,
  },
  {
    ogrn: '316500300012348',
    inn: '500312345614',
    kpp: null,
    fullName: 'Индивидуальный предприниматель Белова Наталья Игоревна',
    shortName: 'ИП Белова Н. И.',
    registrationAuthority: 'Межрайонная инспекция Федеральной налоговой службы № 23 по Московской области',
    registrationAuthorityAddress: '140002, Московская обл., г. Люберцы, ул. Комсомольская, д. 15а',
    registrationDate: '2016-05-23',
    okved: '47.91',
    legalAddress: '142703, Московская обл., г. Видное, ул. Школьная, д. 4',
    actualAddress: null,
    ceo: { firstName: 'Наталья', middleName: 'Игоревна', lastName: 'Белова' },
    liquidated: false,
  },
  {
    ogrn: '1211650123453',
    inn: '1650123450',
    kpp: '165001001',
    fullName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «КАМА ТРЕЙД»',
    shortName: 'ООО «Кама Трейд»',
    registrationAuthority: 'Межрайонная инспекция Федеральной налоговой службы № 18 по Республике Татарстан',
    registrationAuthorityAddress: '423800, Республика Татарстан, г. Набережные Челны, пр. Мира, д. 35',
    registrationDate: '2021-01-27',
    okved: '46.90',
    legalAddress: '423800, Республика Татарстан, г. Набережные Челны, пр. Сююмбике, д. 2',
    actualAddress: null,
    ceo: { firstName: 'Рустам', middleName: 'Ильдарович', lastName: 'Хабибуллин' },
    liquidated: true,
  },
];

/**
 * An in-memory registry over a fixed list (default {@link DEMO_REGISTRY}). Search: digits only → INN
 * prefix; otherwise every word of the query must occur (case-insensitive, ё = е, quotes ignored) in the
 * short or full name. Results keep the list order. Records are returned as copies.
 */
export class FakeCompanyRegistry implements CompanyRegistry {
  constructor(private readonly records: readonly CompanyRecord[] = DEMO_REGISTRY) {}

  async search(query: string, limit = 20): Promise<CompanyRecord[]> {
    const q = query.trim();
    if (!q) return [];
    let hits: readonly CompanyRecord[];
    if (isInnQuery(q)) {
      hits = this.records.filter((r) => r.inn.startsWith(q));
    } else {
      const words = fold(q).split(/\s+/).filter(Boolean);
      hits = this.records.filter((r) => {
        const hay = `${fold(r.shortName)} ${fold(r.fullName)}`;
        return words.every((w) => hay.includes(w));
      });
    }
    return hits.slice(0, limit).map(copy);
  }

  async byOgrn(ogrn: string): Promise<CompanyRecord | null> {
    const r = this.records.find((x) => x.ogrn === ogrn.trim());
    return r ? copy(r) : null;
  }
}

function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"'“”„]/g, '');
}

function copy(r: CompanyRecord): CompanyRecord {
  return { ...r, ceo: r.ceo ? { ...r.ceo } : null };
}
