/**
 * Shapes of the REST backend's JSON (docs/rest-api.md), as the gateway receives and sends them.
 * These are the "mappers" of codegen: resolvers of a GraphQL type receive the DTO named here.
 * Money: `{ cost: "1000.00", currency: "USD" }` (decimal string, ISO 4217). Times: UTC ISO 8601. Dates: YYYY-MM-DD.
 */

export type AccountTypeDto = 'CLIENT' | 'PARTNER' | 'AGENT' | 'OPER';
export type CompanyStatusDto = 'NEW' | 'VERIFIED' | 'SUSPENDED';

/** A company as embedded in CurrentUser and client info. Fields past `verified` appear in client info only. */
export interface CompanyDto {
  id: number;
  shortName?: string | null;
  fullName?: string | null;
  inn?: string | null;
  kpp?: string | null;
  ogrn?: string | null;
  legalAddress?: string | null;
  status: CompanyStatusDto;
  verified: boolean;
}

/** GET /api/secured/common/current/user, and the answer of login and registration. */
export interface CurrentUserDto {
  userId: number;
  email: string;
  name?: string | null;
  surname?: string | null;
  patronymic?: string | null;
  phone?: string | null;
  account: { type: AccountTypeDto; status: 'ACTIVE' | 'USER_SUSPENDED' };
  verified: boolean;
  userRights: string[];
  originalUser?: unknown | null;
  reLoggedRights?: string[] | null;
  company?: CompanyDto | null;
}

export interface ContactDto {
  name?: string | null;
  surname?: string | null;
  patronymic?: string | null;
  phone?: string | null;
  additionalPhone?: string | null;
  companyWebsite?: string | null;
  email?: string | null;
  position?: string | null;
}

/** GET /api/secured/client/info */
export interface ClientInfoDto {
  company?: CompanyDto | null;
  contact?: ContactDto | null;
  status?: CompanyStatusDto | null;
}

/** GET/PUT /api/secured/client/checklist. Numbers are JSON numbers (spec core §3). */
export interface ChecklistDto {
  countryCodes: string[];
  currencyCodes: string[];
  paymentsNumber?: number | null;
  monthlyCurrencyPayment?: number | string | null;
  comment?: string | null;
}

export interface CountryDto { countryCode: string; countryName: string; countryShortName?: string | null }
export interface CurrencyDto { currencyCode: string; currencyName: string; popular: boolean }
export interface BankDto { bankBik: string; bankName: string; corrAccount?: string | null; city?: string | null; swift?: string | null }
export interface SwiftInstitutionDto { swift: string; institutionName: string; city?: string | null; country?: string | null; countryName?: string | null }
export interface TnvedNodeDto {
  keyHash: string;
  parentKeyHash: string | null;
  tnvedCode: string;
  tnvedName: string;
  level: 'SECTION' | 'GROUP' | 'HEADING' | 'SUBHEADING';
  hasChildren: boolean;
  children?: TnvedNodeDto[];
}
export interface RegistryCompanyDto {
  ogrn: string; inn: string; kpp?: string | null; shortName?: string | null; fullName?: string | null;
  legalAddress?: string | null; ceo?: string | null;
}
export interface ReferenceHitDto { type: 'COUNTRY' | 'CURRENCY' | 'SWIFT' | 'BANK' | 'TNVED'; code: string; name: string }

export interface MoneyDto { cost: string; currency: string }

export type OrderStatusDto =
  | 'VALIDATION' | 'IN_VALIDATION' | 'ACTIVE' | 'OFFER_ACCEPTED' | 'PAYMENT_CHECKING'
  | 'EXECUTING' | 'EXECUTED' | 'REJECTED' | 'CANCELED';

export type OfferStatusDto =
  | 'ALLOWED' | 'IN_PROGRESS' | 'CREATED_OFFER' | 'SEND_OFFER' | 'ACCEPTED' | 'SEND_OFFER_DOCS'
  | 'ACCEPTED_OFFER_DOCS' | 'SEND_PAYCHECK' | 'PAYMENT_CHECKING' | 'EXECUTING' | 'SEND_EXECUTING_DOCS'
  | 'EXECUTED' | 'SIGNED_ANOTHER_OFFER' | 'REJECTED' | 'REFUSE_OPER';

/** spec core §3 partnerOrders item (offer and paycheck details arrive in a later slice). */
export interface PartnerOrderDto {
  partnerId?: number | null;
  brand?: string | null;
  status: OfferStatusDto;
  partnerSignRequired: boolean;
}

export interface CounterpartyDto { countryCode: string; countryName?: string | null; city?: string | null; bankName?: string | null; swift?: string | null }
export interface OrderFileDto { id: string; name: string; size: number; contentType: string }
/** An order file together with its order id (the download path needs both). */
export interface OrderFileParent extends OrderFileDto { orderId: number }
export interface OrderClientDto { companyId: number; name?: string | null; inn?: string | null }
export interface ConsultantDto { name?: string | null; phone?: string | null; email?: string | null }

/** GET /api/secured/client/order/exch/{id} */
export interface OrderDto {
  id: number;
  number: string | number;
  created: string;
  paymentType: 'SENDING' | 'RECEIVING';
  amount: MoneyDto;
  counterparty: CounterpartyDto;
  tnvedCode: string;
  tnvedName?: string | null;
  goodsLocation: 'IMPORTED' | 'NOT_IMPORTED';
  paymentDateFrom: string;
  paymentDateTo: string;
  comment?: string | null;
  files?: OrderFileDto[] | null;
  client?: OrderClientDto | null;
  consultant?: ConsultantDto | null;
  status: OrderStatusDto;
  statusDate?: string | null;
  partnerOrders?: PartnerOrderDto[] | null;
}

/** The backend's OrderInput (POST /order/exch and /order/exch/validation). */
export interface OrderInputDto {
  paymentType: 'SENDING' | 'RECEIVING';
  amount: MoneyDto;
  counterparty: { countryCode: string; city: string; bankName: string; swift: string | null };
  tnvedCode: string;
  goodsLocation: 'IMPORTED' | 'NOT_IMPORTED';
  paymentDateFrom: string;
  paymentDateTo: string;
  comment: string | null;
  fileIds: string[];
}

export interface PageableDto {
  page: number;
  pageSize: number;
  sortFields: { field: string; direction: 'ASC' | 'DESC' }[];
}

export interface PageDto<T> { content: T[]; totalElements: number; page: number; pageSize: number; last: boolean }
export interface CountDto { count: number }

/** Parent of OrderTabCounts: its fields are resolved lazily, one count call per asked tab. */
export interface OrderTabCountsParent { readonly kind: 'orderTabCounts' }
