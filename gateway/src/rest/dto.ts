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
  // Only in GET /api/secured/client/info (issue 8; spec core §3 "Company"); absent from the current user's summary.
  registrationAuthority?: string | null;
  registrationAuthorityAddress?: string | null;
  /** YYYY-MM-DD. */
  registrationDate?: string | null;
  okved?: string | null;
  actualAddress?: string | null;
  ceo?: { firstName: string | null; middleName: string | null; lastName: string | null } | null;
  liquidated?: boolean;
  signatureConfirmed?: boolean;
  /** UTC ISO 8601; null while not verified. */
  verifiedAt?: string | null;
}

/** A bank requisite of the client's company (GET /api/secured/client/requisites; spec core §3 "Bank requisite"). */
export interface BankRequisiteDto {
  id: number;
  bankBik: string;
  bankName: string;
  checkAccount: string;
  corrAccount: string;
  /** Display number 1, 2, … */
  index: number;
}

/** Body of PUT /api/secured/client/regdata (spec core §7 Client "Registration-data update"). */
export interface RegDataDto {
  name: string;
  surname: string;
  patronymic: string | null;
  phone: string;
  additionalPhone: string | null;
  companyWebsite: string | null;
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

export interface CountryDto {
  countryCode: string;
  countryName: string;
  countryShortName?: string | null;
}
export interface CurrencyDto {
  currencyCode: string;
  currencyName: string;
  popular: boolean;
}
export interface BankDto {
  bankBik: string;
  bankName: string;
  corrAccount?: string | null;
  city?: string | null;
  swift?: string | null;
}
export interface SwiftInstitutionDto {
  swift: string;
  institutionName: string;
  city?: string | null;
  country?: string | null;
  countryName?: string | null;
}
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
  ogrn: string;
  inn: string;
  kpp?: string | null;
  shortName?: string | null;
  fullName?: string | null;
  legalAddress?: string | null;
  ceo?: string | null;
}
export interface ReferenceHitDto {
  type: 'COUNTRY' | 'CURRENCY' | 'SWIFT' | 'BANK' | 'TNVED';
  code: string;
  name: string;
}

export interface MoneyDto {
  cost: string;
  currency: string;
}

export type OrderStatusDto =
  | 'VALIDATION'
  | 'IN_VALIDATION'
  | 'ACTIVE'
  | 'OFFER_ACCEPTED'
  | 'PAYMENT_CHECKING'
  | 'EXECUTING'
  | 'EXECUTED'
  | 'REJECTED'
  | 'CANCELED';

export type OfferStatusDto =
  | 'ALLOWED'
  | 'IN_PROGRESS'
  | 'CREATED_OFFER'
  | 'SEND_OFFER'
  | 'ACCEPTED'
  | 'SEND_OFFER_DOCS'
  | 'ACCEPTED_OFFER_DOCS'
  | 'SEND_PAYCHECK'
  | 'PAYMENT_CHECKING'
  | 'EXECUTING'
  | 'SEND_EXECUTING_DOCS'
  | 'EXECUTED'
  | 'SIGNED_ANOTHER_OFFER'
  | 'REJECTED'
  | 'REFUSE_OPER';

/**
 * spec core §3 partnerOrders item. The client's order answers carry only partnerId, brand, status and
 * partnerSignRequired (offer/paycheck null); the deal calls (backend src/deal/views.ts PartnerOrderView) add the
 * partner order `id`, `statusDate`, `offer` and `paycheck`; the payment agent's detail adds statusLabel, tab and
 * rejectReason.
 */
export interface PartnerOrderDto {
  id?: number | null;
  orderId?: number | null;
  partnerId?: number | null;
  brand?: string | null;
  status: OfferStatusDto;
  statusDate?: string | null;
  partnerSignRequired: boolean;
  offer?: OfferDetailsDto | null;
  paycheck?: PayCheckDto | null;
  statusLabel?: string | null;
  tab?: string | null;
  rejectReason?: string | null;
}

/** backend src/deal/views.ts OfferDetails: decimal strings, dates YYYY-MM-DD. */
export interface OfferDetailsDto {
  dealMethod: 'PROTECTED' | 'UNPROTECTED';
  paymentSum: MoneyDto;
  paymentFrom: string;
  paymentTo: string;
  transactionType: string | null;
  clientFeePercent: string;
  /** Absent in answers of backends before the read model carried it. */
  agentFeePercent?: string | null;
  serviceFeePercent?: string | null;
  totalFee: string;
  agentFee: string;
  serviceFee: string;
  totalCommission: { amount: string; percent: string } | null;
  additionalExpenses: Array<{ amount: string; currency: string; rate: string; description: string | null }>;
  exchangeRateInfo: {
    currencyCode: string;
    course: string;
    source?: string | null;
    courseDeterminationRules: string | null;
    expensesCurrencyCode: string | null;
    expensesCourse: string | null;
    expensesCourseDeterminationRules: string | null;
  };
  sampleContractFileId: string | null;
}

/** Parent of GraphQL `Offer`: the details with who reads them and where they belong (the sample contract's download path needs them). */
export interface OfferParent extends OfferDetailsDto {
  audience?: Audience;
  orderId?: number;
  partnerOrderId?: number | null;
}

/** backend routes/partner/schemas.ts AmountConvertAnswer. */
export interface AmountConversionDto {
  amount: MoneyDto;
  converted: MoneyDto;
  rate: string;
}

export type PaymentStatusDto = 'ACTIVE' | 'CHECK_PAYMENT' | 'PAYMENT_CONFIRMED' | 'ARCHIVED';

/** backend views.ts PayCheckView. Money decimal strings; `currency` of `amount` (RUB). */
export interface PayCheckDto {
  id: number;
  status: PaymentStatusDto;
  amount: string | null;
  currency: string | null;
  convertedCommissionAmount: string | null;
  commission: string | null;
  paymentCompanyId: number | null;
  created: string;
  statusDate: string;
}

/** A payment company of an agent with requisites (partner payment-companies, client pay-checks/active). */
export interface PaymentCompanyDto {
  id: number;
  name: string;
  inn: string;
  kpp: string | null;
  ogrn?: string | null;
  legalAddress: string;
  actualAddress: string | null;
  requisites: Array<{
    currencyCode: string;
    bankName: string;
    bankBik: string | null;
    swift: string | null;
    checkAccount: string;
    corrAccount: string | null;
  }>;
}

/** backend views.ts DocumentView. */
export interface DocumentDto {
  id: number;
  partnerOrderId: number | null;
  partnerId: number;
  kind: 'OFFER_DOCS' | 'FINAL_DOCS' | 'DOC_EXAMPLE';
  name: string;
  status: 'UPLOADED' | 'SIGNED' | 'SENT' | 'CONFIRMED';
  fileId: string;
  size: number;
  contentType: string;
  created: string;
  clientSignature: SignatureDto | null;
  agentSignature: SignatureDto | null;
}
/**
 * A signature or confirmation (backend verification/signatures.ts SignatureView; docs/rest-api.md "Signature object"):
 * `qualified` true for a verified qualified electronic signature (then `id`, algorithms and `certificate` are set).
 */
export interface SignatureDto {
  id?: number | null;
  qualified?: boolean;
  signer: string | null;
  signedAt: string | null;
  certificateValidUntil: string | null;
  documentHash: string | null;
  digestAlgorithm?: string | null;
  signatureAlgorithm?: string | null;
  certificate?: CertificateInfoDto | null;
  /** Base64 DER CMS; only with withSign=true. */
  cms?: string;
}
/** The signer's certificate as the backend parsed it (chat-and-shell §3; backend signature/types.ts CertificateInfo). */
export interface CertificateInfoDto {
  subjectName: string | null;
  surname: string | null;
  givenName: string | null;
  organization: string | null;
  position: string | null;
  email: string | null;
  inn: string | null;
  innLe: string | null;
  ogrn: string | null;
  ogrnip: string | null;
  snils: string | null;
  issuerName: string | null;
  issuerOrganization: string | null;
  issuerEmail: string | null;
  issuerInn: string | null;
  serialNumber: string;
  thumbprint: string;
  validFrom: string;
  validTo: string;
}
/** GET /api/secured/client/verification/document(s) (issue 8): the application for joining the platform. */
export interface VerificationDocumentDto {
  id: number;
  name: string;
  status: 'GENERATED' | 'SIGNED' | 'SUPERSEDED';
  contentType: string;
  size: number;
  sha256: string;
  created: string;
  /** Base64 of the PDF; absent in the sign answer. */
  content?: string;
  /** Absent unless asked (withSign, documents/info, sign answer); null when not signed. */
  signature?: SignatureDto | null;
}
/** A row of GET /api/secured/client/documents (the 'Документы' page). */
export interface CompanyDocumentDto {
  kind: 'VERIFICATION' | 'OFFER_DOCS' | 'FINAL_DOCS';
  id: number;
  name: string;
  status: string;
  created: string;
  contentType: string;
  size: number;
  orderId: number | null;
  orderNumber: number | null;
  partnerBrand: string | null;
  clientSignature: SignatureDto | null;
  agentSignature: SignatureDto | null;
}

/** A document with the audience and order it was read for (its download path depends on both). */
export interface DocumentParent extends DocumentDto {
  audience: Audience;
  orderId: number;
}

/** backend views.ts HistoryView. */
export interface HistoryDto {
  id: number;
  entity: 'ORDER' | 'OFFER' | 'PAYMENT';
  entityId: number | null;
  from: string | null;
  to: string;
  at: string;
  actorRole: 'CLIENT' | 'PARTNER' | 'OPER' | 'AGENT' | 'SYSTEM' | null;
  actor: { userId: number; name: string } | null;
  partnerId: number | null;
  comment: string | null;
}

/** Client deal answer (GET/POST .../order/exch/{id}/offers, accept, confirm, payment/made, DELETE {id}). */
export interface ClientDealDto {
  orderId: number;
  status: OrderStatusDto;
  statusDate: string;
  displayStatus: { code: string; label: string };
  leadingOfferId: number | null;
  offers: PartnerOrderDto[];
}

/** Operator comment (lastOperComment, POST comment answer). */
export interface OperCommentDto {
  id?: number;
  name: string;
  dateTimeCreate: string;
  comment: string;
}
export interface OperValidatorDto {
  userId: number;
  name: string;
  surname: string;
  patronymic: string | null;
  email: string;
}

/** Operator-side order (backend routes/operator/queries.ts OperOrderDto); GET {id} adds `history`. */
export interface OperOrderDto {
  orderId: number;
  clientId: number;
  clientName: string;
  inn: string;
  dateTimeCreate: string;
  lastOperComment: OperCommentDto | null;
  partnerOrders: PartnerOrderDto[];
  status: OrderStatusDto;
  statusDate: string;
  validator: OperValidatorDto | null;
  displayStatus: { code: string; label: string };
  order: OrderDto;
  history?: HistoryDto[];
  /** GET {id} only: every operator comment, newest first. */
  operatorComments?: OperCommentDto[];
}

/** An active operator (backend GET /api/secured/oper/users, spec core §7 Operator "GET /users"). */
export interface OperatorUserDto {
  id: number;
  name: string;
  surname: string;
  patronymic: string | null;
  email: string;
}

/** Payment agent's list row (backend deal/partner-queries.ts PartnerOrderRowDto). */
export interface PartnerOrderRowDto {
  orderId: number;
  number: number;
  created: string;
  amount: string;
  currencyCode: string;
  clientName: string;
  clientInn: string;
  countryCode: string;
  partnerSignRequired: boolean;
  paymentDateFrom: string;
  paymentDateTo: string;
  paymentType: 'SENDING' | 'RECEIVING';
  status: OfferStatusDto;
  statusLabel: string;
  tab: 'new' | 'working' | 'deals' | 'results';
  orderStatus: OrderStatusDto;
  // The caller's own side in full and the order fields of GET {id}; optional: absent from older backends (then the
  // gateway loads the detail per order when asked).
  partnerOrderId?: number;
  statusDate?: string | null;
  offer?: OfferDetailsDto | null;
  paycheck?: PayCheckDto | null;
  rejectReason?: string | null;
  clientId?: number;
  countryName?: string;
  city?: string;
  bankName?: string;
  swift?: string | null;
  tnvedCode?: string;
  tnvedName?: string | null;
  goodsLocation?: 'IMPORTED' | 'NOT_IMPORTED';
  comment?: string | null;
  files?: OrderFileDto[];
  consultant?: ConsultantDto | null;
  orderStatusDate?: string;
}

/** Payment agent's GET order/exch/{id}: the order with only the caller's partner order. */
export interface PartnerDetailDto extends OrderDto {
  actions?: string[];
}

/** Commission breakdown (backend routes/partner/schemas.ts BreakdownSchema). */
export interface CommissionDto {
  currency: string;
  amount: string;
  clientFeePercent: string;
  agentFeePercent: string;
  serviceFeePercent: string;
  totalFee: string;
  agentFee: string;
  serviceFee: string;
  rate: string;
  settlementCurrency: string;
  amountConverted: string;
  totalFeeConverted: string;
  expenses: Array<{ amount: string; currency: string; rate: string; converted: string; description: string | null }>;
  expensesConverted: string;
  totalCommission: { amount: string; percent: string };
  totalToPay: string;
}
export interface OfferTermsDto {
  serviceFeePercent: string;
  indicativeRate: string | null;
  breakdown: CommissionDto | null;
}

export interface ActivePartnerDto {
  id: number;
  brand: string | null;
  shortName: string;
  inn: string;
  signRequired: boolean;
  currencies: string[];
}
export interface PartnerCandidateDto {
  partnerId: number;
  brand: string | null;
  shortName: string;
  inn: string;
  signRequired: boolean;
  currencySupported: boolean;
  withinLimits: boolean;
  partnerOrderStatus: OfferStatusDto | null;
  sent: boolean;
  available: boolean;
}
export interface CurrencySettingDto {
  currencyCode: string;
  currencyName: string | null;
  rateSource: string;
  rateRules: string;
  rateTime: string | null;
  comment: string | null;
  indicativeRate: string | null;
  limit: { amountFrom: string | null; amountTo: string | null } | null;
}

/** Who reads: the data role whose backend calls produced a value (decides scoping, hiding and download paths). */
export type Audience = 'CLIENT' | 'PARTNER' | 'OPER';

/**
 * Parent of GraphQL `Order`: the order answer of any role, normalised. `partial` marks an order built from a
 * payment agent's list row (fields missing there are loaded lazily, once per order, through the detail loader).
 */
export interface OrderParent extends OrderDto {
  audience: Audience;
  partial?: boolean;
  oper?: Omit<OperOrderDto, 'order' | 'partnerOrders'>;
}

/** Parent of GraphQL `PartnerOrder`: one agent's side with its order's id and status. `offer`/`paycheck` undefined = not loaded. */
export interface PartnerOrderParent extends PartnerOrderDto {
  audience: Audience;
  orderId: number;
  partnerId: number;
  orderStatus: OrderStatusDto;
  /** Whether offer/paycheck come from a deal call (else they are loaded on demand). */
  detailed: boolean;
  /** The order, when at hand (a list row gives a partial one). */
  orderParent?: OrderParent;
}

/** Parents of the count objects. */
export interface PartnerTabCountsParent {
  readonly kind: 'partnerTabCounts';
  filter: Record<string, unknown>;
}
export interface OperTabCountsParent {
  readonly kind: 'operTabCounts';
  filter: Record<string, unknown>;
}
export interface PartnerSettingsParent {
  readonly kind: 'partnerSettings';
}
export interface PayCheckParent extends PayCheckDto {
  audience: Audience;
  orderId: number;
}

export interface CounterpartyDto {
  countryCode: string;
  countryName?: string | null;
  city?: string | null;
  bankName?: string | null;
  swift?: string | null;
}
export interface OrderFileDto {
  id: string;
  name: string;
  size: number;
  contentType: string;
}
/** An order file together with its order id (the download path needs both). */
export interface OrderFileParent extends OrderFileDto {
  orderId: number;
  audience?: Audience;
}
export interface OrderClientDto {
  companyId: number;
  name?: string | null;
  inn?: string | null;
}
export interface ConsultantDto {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
}

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

export interface PageDto<T> {
  content: T[];
  totalElements: number;
  page: number;
  pageSize: number;
  last: boolean;
}
export interface CountDto {
  count: number;
}

/** Parent of OrderTabCounts: its fields are resolved lazily, one count call per asked tab. */
export interface OrderTabCountsParent {
  readonly kind: 'orderTabCounts';
}
