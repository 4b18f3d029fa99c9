/**
 * The backend's REST calls, typed by method and path (docs/rest-api.md; spec core §7).
 * Each method returns the documented answer DTO or throws the errors of rest/session.ts; mapping those to
 * GraphQL happens in rest/errors.ts only.
 */
import type { UpstreamSession } from './session.js';
import type {
  ActivePartnerDto,
  AmountConversionDto,
  ClientDealDto,
  CommissionDto,
  CurrencySettingDto,
  DocumentDto,
  HistoryDto,
  OperCommentDto,
  OperOrderDto,
  OperatorUserDto,
  OfferStatusDto,
  OfferTermsDto,
  PartnerCandidateDto,
  PartnerDetailDto,
  PartnerOrderRowDto,
  PaymentCompanyDto,
  PayCheckDto,
  AccountTypeDto,
  BankDto,
  ChecklistDto,
  ClientInfoDto,
  CountDto,
  CountryDto,
  CurrencyDto,
  CurrentUserDto,
  OrderDto,
  OrderInputDto,
  OrderStatusDto,
  PageableDto,
  PageDto,
  ReferenceHitDto,
  RegistryCompanyDto,
  SwiftInstitutionDto,
  TnvedNodeDto,
} from './dto.js';
import type { CompanyDocumentDto, VerificationDocumentDto } from './dto.js';
import type { BankRequisiteDto, RegDataDto } from './dto.js';

export type EmailStatusDto = 'NEW' | 'NOT_CONFIRMED' | 'CONFIRMED' | 'REGISTERED' | 'SUSPENDED';

export interface RegistrationDto {
  ogrn: string;
  token: string;
  user: {
    name: string;
    surname: string;
    patronymic: string | null;
    email: string;
    password: string;
    passwordSecondTime: string;
    phone: string;
    processingPersonalDataAgreement: boolean;
  };
  checklist: ChecklistDto;
}

export interface OrderFilterDto {
  pageable: PageableDto;
  statuses?: OrderStatusDto[];
  id?: number;
}

/** Basic authorization value for login: base64 of UTF-8 `email:password` (spec core §7). */
export function basicAuth(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`, 'utf8').toString('base64')}`;
}

export class BackendApi {
  constructor(readonly session: UpstreamSession) {}

  // ---- Public: e-mail, password, login, registration, callback ----
  checkEmail(email: string) {
    return this.session.call<{ email: string; available: boolean }>({
      method: 'POST',
      path: '/api/public/common/email/check',
      body: { email },
    });
  }
  checkEmailStatus(email: string, userType?: AccountTypeDto) {
    return this.session.call<{ email: string; status: EmailStatusDto }>({
      method: 'POST',
      path: '/api/public/common/email/check/status',
      body: { email, ...(userType ? { userType } : {}) },
    });
  }
  sendEmailConfirmation(email: string) {
    return this.session.call<{ email: string; resendAfterSeconds: number }>({
      method: 'POST',
      path: '/api/public/common/email/send-confirmation',
      body: { email },
    });
  }
  checkEmailConfirmed(email: string) {
    return this.session.call<{ email: string; confirmed: boolean }>({
      method: 'POST',
      path: '/api/public/common/email/check/check-confirmed',
      body: { email },
    });
  }
  confirmEmail(token: string) {
    return this.session.call<{ email: string; token: string; status: EmailStatusDto }>({
      method: 'POST',
      path: '/api/public/common/email/confirm',
      body: { token },
    });
  }
  changeConfirmationEmail(email: string, newEmail: string) {
    return this.session.call<{ email: string; resendAfterSeconds: number }>({
      method: 'POST',
      path: '/api/public/common/email/confirm/change',
      body: { email, newEmail },
    });
  }
  requestPasswordReset(email: string, userType?: AccountTypeDto) {
    return this.session.call<{ email: string }>({
      method: 'POST',
      path: '/api/public/common/password/reset/mail',
      body: { email, ...(userType ? { userType } : {}) },
    });
  }
  resetPassword(body: { token: string; password: string; passwordSecondTime: string }) {
    return this.session.call<void>({ method: 'POST', path: '/api/public/common/password/reset', body });
  }
  login(email: string, password: string, userType?: AccountTypeDto) {
    return this.session.call<CurrentUserDto>({
      method: 'POST',
      path: '/api/public/common/login',
      headers: { authorization: basicAuth(email, password) },
      body: userType ? { userType } : {},
    });
  }
  registrationCompanies(query: string) {
    return this.session.call<RegistryCompanyDto[]>({
      method: 'GET',
      path: '/api/public/client/registration/companies',
      query: { query },
    });
  }
  registerClient(body: RegistrationDto) {
    return this.session.call<CurrentUserDto>({ method: 'POST', path: '/api/public/client/registration', body });
  }
  /** POST /callback, or /callback/{topic} (e.g. `agent`). */
  requestCallback(
    body: { name: string; phone: string; email?: string | null; comment?: string | null },
    topic?: string | null,
  ) {
    const path = topic
      ? `/api/public/common/user/callback/${encodeURIComponent(topic)}`
      : '/api/public/common/user/callback';
    return this.session.call<{ id: number }>({ method: 'POST', path, body });
  }

  // ---- Reference data (GET, public) ----
  countries(prefix?: string | null) {
    return this.session.call<CountryDto[]>({
      method: 'GET',
      path: '/api/public/counterparty/countries',
      query: { prefix },
    });
  }
  currencies(prefix?: string | null) {
    return this.session.call<CurrencyDto[]>({
      method: 'GET',
      path: '/api/public/counterparty/currencies',
      query: { prefix },
    });
  }
  bankByBik(bik: string) {
    return this.session.call<BankDto>({ method: 'GET', path: '/api/public/counterparty/bik', query: { bik } });
  }
  swift(prefix: string) {
    return this.session.call<SwiftInstitutionDto[]>({
      method: 'GET',
      path: '/api/public/counterparty/swift',
      query: { swift: prefix },
    });
  }
  tnvedTwoLevels() {
    return this.session.call<TnvedNodeDto[]>({ method: 'GET', path: '/api/public/counterparty/tnved/two-levels' });
  }
  tnvedChildren(by: { parentKeyHash: string } | { parentCode: string }) {
    return this.session.call<TnvedNodeDto[]>({
      method: 'GET',
      path: '/api/public/counterparty/tnved/children',
      query: by,
    });
  }
  tnvedSuggest(by: { codeSuggest: string } | { nameSuggest: string }) {
    return this.session.call<TnvedNodeDto[]>({
      method: 'GET',
      path: '/api/public/counterparty/tnved/suggestion/suggest',
      query: by,
    });
  }
  relevantSearch(prefix: string) {
    return this.session.call<ReferenceHitDto[]>({
      method: 'GET',
      path: '/api/public/counterparty/relevant/search',
      query: { prefix },
    });
  }

  // ---- Secured common ----
  logout() {
    return this.session.call<void>({ method: 'POST', path: '/api/secured/common/logout' });
  }
  currentUser() {
    return this.session.call<CurrentUserDto>({ method: 'GET', path: '/api/secured/common/current/user' });
  }
  updateCurrentUser(body: { name: string; surname: string; patronymic: string | null; phone: string }) {
    return this.session.call<CurrentUserDto>({ method: 'PUT', path: '/api/secured/common/current/user', body });
  }
  changePassword(body: { oldPassword: string; password: string; passwordSecondTime: string }) {
    return this.session.call<void>({ method: 'POST', path: '/api/secured/common/password/change', body });
  }
  requestEmailChange(email: string) {
    return this.session.call<{ email: string; resendAfterSeconds: number }>({
      method: 'POST',
      path: '/api/secured/common/email/request-changed',
      body: { email },
    });
  }

  // ---- Client ----
  clientInfo() {
    return this.session.call<ClientInfoDto>({ method: 'GET', path: '/api/secured/client/info' });
  }
  checklist() {
    return this.session.call<ChecklistDto>({ method: 'GET', path: '/api/secured/client/checklist' });
  }
  updateChecklist(body: ChecklistDto) {
    return this.session.call<ChecklistDto>({ method: 'PUT', path: '/api/secured/client/checklist', body });
  }
  validateOrder(body: OrderInputDto) {
    return this.session.call<{ valid: boolean }>({
      method: 'POST',
      path: '/api/secured/client/order/exch/validation',
      body,
    });
  }
  createOrder(body: OrderInputDto) {
    return this.session.call<OrderDto>({ method: 'POST', path: '/api/secured/client/order/exch', body });
  }
  filterOrders(body: OrderFilterDto) {
    return this.session.call<PageDto<OrderDto>>({
      method: 'POST',
      path: '/api/secured/client/order/exch/filter',
      body,
    });
  }
  countOrders(body: Omit<OrderFilterDto, 'pageable'>) {
    return this.session.call<CountDto>({ method: 'POST', path: '/api/secured/client/order/exch/filter/count', body });
  }
  order(id: number) {
    return this.session.call<OrderDto>({ method: 'GET', path: `/api/secured/client/order/exch/${id}` });
  }

  // ---- Client deal (backend routes/client-deal; issue 3) ----
  clientDeal(id: number) {
    return this.session.call<ClientDealDto>({ method: 'GET', path: `/api/secured/client/order/exch/${id}/offers` });
  }
  acceptOffer(id: number, partnerOrderId: number, comment?: string | null) {
    return this.session.call<ClientDealDto>({
      method: 'POST',
      path: `/api/secured/client/order/exch/${id}/offers/${partnerOrderId}/accept`,
      body: { comment: comment ?? null },
    });
  }
  clientDocuments(id: number, set: 'docs' | 'final-docs') {
    return this.session.call<DocumentDto[]>({
      method: 'GET',
      path: `/api/secured/client/order/exch/${id}/offer/${set}`,
    });
  }
  clientConfirmOfferDocs(id: number, comment?: string | null) {
    return this.session.call<ClientDealDto>({
      method: 'POST',
      path: `/api/secured/client/order/exch/${id}/offer/docs/confirm`,
      body: { comment: comment ?? null },
    });
  }
  clientPayCheck(id: number) {
    return this.session.call<PayCheckDto & { paymentCompany: PaymentCompanyDto | null }>({
      method: 'GET',
      path: `/api/secured/client/order/exch/${id}/pay-checks/active`,
    });
  }
  clientMarkPaid(id: number, comment?: string | null) {
    return this.session.call<ClientDealDto>({
      method: 'POST',
      path: `/api/secured/client/order/exch/${id}/payment/made`,
      body: { comment: comment ?? null },
    });
  }
  clientConfirmFinalDocs(id: number, comment?: string | null) {
    return this.session.call<ClientDealDto>({
      method: 'POST',
      path: `/api/secured/client/order/exch/${id}/offer/final-docs/confirm`,
      body: { comment: comment ?? null },
    });
  }
  clientCancel(id: number, comment?: string | null) {
    return this.session.call<ClientDealDto>({
      method: 'DELETE',
      path: `/api/secured/client/order/exch/${id}`,
      body: { comment: comment ?? null },
    });
  }
  clientHistory(id: number) {
    return this.session.call<HistoryDto[]>({ method: 'GET', path: `/api/secured/client/order/exch/${id}/history` });
  }

  // ---- Company page: registration data and bank requisites (issue 8; backend routes/company, docs/rest-api.md) ----
  /** PUT /api/secured/client/regdata → ClientInfo; 400 VALIDATION_ERROR (RUSSIAN_LETTERS, PHONE_INVALID, SITE_INVALID). */
  updateRegData(body: RegDataDto) {
    return this.session.call<ClientInfoDto>({ method: 'PUT', path: '/api/secured/client/regdata', body });
  }
  /** The company's bank requisites by display number. */
  bankRequisites() {
    return this.session.call<BankRequisiteDto[]>({ method: 'GET', path: '/api/secured/client/requisites' });
  }
  /** 400 VALIDATION_ERROR (BIK_INVALID, BIK_NOT_FOUND, ACCOUNT_INVALID, ACCOUNT_CONTROL_KEY), 409 REQUISITE_DUPLICATE / REQUISITES_LIMIT. */
  createBankRequisite(body: { bankBik: string; checkAccount: string }) {
    return this.session.call<BankRequisiteDto>({ method: 'POST', path: '/api/secured/client/requisites/create', body });
  }
  /** Same checks as create; 404 REQUISITE_NOT_FOUND. */
  updateBankRequisite(id: number, body: { bankBik: string; checkAccount: string }) {
    return this.session.call<BankRequisiteDto>({ method: 'PUT', path: `/api/secured/client/requisites/${id}`, body });
  }
  /** → the remaining requisites renumbered; 404 REQUISITE_NOT_FOUND. */
  deleteBankRequisite(id: number) {
    return this.session.call<BankRequisiteDto[]>({ method: 'DELETE', path: `/api/secured/client/requisites/${id}` });
  }

  // ---- Verification and signatures (issue 8; backend routes/verification, docs/rest-api.md) ----
  /** The application to sign (generated on demand); 409 REQUISITES_REQUIRED / ALREADY_VERIFIED, 403 COMPANY_SUSPENDED. */
  verificationDocument() {
    return this.session.call<VerificationDocumentDto>({
      method: 'GET',
      path: '/api/secured/client/verification/document',
    });
  }
  verificationDocumentById(id: number, withSign: boolean) {
    return this.session.call<VerificationDocumentDto>({
      method: 'GET',
      path: `/api/secured/client/verification/document/${id}`,
      query: withSign ? { withSign: 'true' } : undefined,
    });
  }
  signVerificationDocument(body: { signature: string; documentId?: number }) {
    return this.session.call<{ document: VerificationDocumentDto; user: CurrentUserDto }>({
      method: 'POST',
      path: '/api/secured/client/verification/document/sign',
      body,
    });
  }
  companyDocuments(page: number, size: number) {
    return this.session.call<PageDto<CompanyDocumentDto>>({
      method: 'GET',
      path: '/api/secured/client/documents',
      query: { page, size },
    });
  }
  clientSignDocument(id: number, set: 'docs' | 'final-docs', docId: number, signature: string) {
    return this.session.call<DocumentDto>({
      method: 'POST',
      path: `/api/secured/client/order/exch/${id}/offer/${set}/${docId}/sign`,
      body: { signature },
    });
  }
  partnerSignDocument(id: number, set: 'docs' | 'final-docs', docId: number, signature: string) {
    return this.session.call<DocumentDto>({
      method: 'POST',
      path: `/api/secured/partner/order/exch/${id}/offer/${set}/${docId}/sign`,
      body: { signature },
    });
  }

  // ---- Payment agent (spec core §7 partner; backend routes/partner) ----
  partnerFilter(body: PartnerFilterDto) {
    return this.session.call<PageDto<PartnerOrderRowDto>>({
      method: 'POST',
      path: '/api/secured/partner/order/exch/filter',
      body,
    });
  }
  partnerCount(body: Omit<PartnerFilterDto, 'pageable'>) {
    return this.session.call<CountDto>({ method: 'POST', path: '/api/secured/partner/order/exch/filter/count', body });
  }
  partnerOrder(id: number) {
    return this.session.call<PartnerDetailDto>({ method: 'GET', path: `/api/secured/partner/order/exch/${id}` });
  }
  /** The agent's history of an order: ORDER rows and its own offer's rows only (backend routes/partner/orders.ts). */
  partnerHistory(id: number) {
    return this.session.call<HistoryDto[]>({ method: 'GET', path: `/api/secured/partner/order/exch/${id}/history` });
  }
  /** spec core §7 partner `offer/pay-checks/amount-convert`: an amount in another currency at the offer's rates. */
  partnerAmountConvert(id: number, body: { amount: { cost: string; currency: string }; targetCurrency: string }) {
    return this.session.call<AmountConversionDto>({
      method: 'POST',
      path: `/api/secured/partner/order/exch/${id}/offer/pay-checks/amount-convert`,
      body,
    });
  }
  partnerTake(id: number) {
    return this.session.call<PartnerDetailDto>({ method: 'POST', path: `/api/secured/partner/order/exch/${id}/take` });
  }
  partnerReject(id: number, reason: string) {
    return this.session.call<PartnerDetailDto>({
      method: 'POST',
      path: `/api/secured/partner/order/exch/${id}/reject`,
      body: { reason },
    });
  }
  partnerSendOffer(id: number, body: unknown) {
    return this.session.call<PartnerDetailDto>({
      method: 'POST',
      path: `/api/secured/partner/order/exch/${id}/offer/send`,
      body,
    });
  }
  partnerCalculate(orderId: number, body: unknown) {
    return this.session.call<CommissionDto>({
      method: 'POST',
      path: '/api/secured/partner/commission/calculate',
      query: { orderId },
      body,
    });
  }
  partnerOfferTerms(id: number) {
    return this.session.call<OfferTermsDto>({
      method: 'GET',
      path: `/api/secured/partner/order/exch/${id}/offer/commission`,
    });
  }
  partnerDocuments(id: number, set: PartnerDocSetPath) {
    return this.session.call<DocumentDto[]>({
      method: 'GET',
      path: `/api/secured/partner/order/exch/${id}/offer/${set}`,
    });
  }
  partnerDeleteDocument(id: number, set: PartnerDocSetPath, docId: number) {
    return this.session.call<void>({
      method: 'DELETE',
      path: `/api/secured/partner/order/exch/${id}/offer/${set}/${docId}`,
    });
  }
  partnerConfirmDocuments(id: number, set: 'docs' | 'final-docs', sign: boolean) {
    return this.session.call<DocumentDto[]>({
      method: 'POST',
      path: `/api/secured/partner/order/exch/${id}/offer/${set}/${sign ? 'sign' : 'confirm'}`,
    });
  }
  partnerSendDocuments(id: number, set: 'docs' | 'final-docs') {
    return this.session.call<PartnerDetailDto>({
      method: 'POST',
      path: `/api/secured/partner/order/exch/${id}/offer/${set}/send`,
    });
  }
  partnerIssuePayCheck(id: number, paymentCompanyId: number) {
    return this.session.call<PartnerDetailDto>({
      method: 'POST',
      path: `/api/secured/partner/order/exch/${id}/offer/pay-checks/active/confirm`,
      body: { paymentCompanyId },
    });
  }
  partnerConfirmPayment(id: number) {
    return this.session.call<PartnerDetailDto>({
      method: 'POST',
      path: `/api/secured/partner/order/exch/${id}/payment/confirm`,
    });
  }
  partnerCurrencies() {
    return this.session.call<CurrencySettingDto[]>({ method: 'GET', path: '/api/secured/partner/settings/currencies' });
  }
  partnerPaymentCompanies() {
    return this.session.call<PaymentCompanyDto[]>({ method: 'GET', path: '/api/secured/partner/payment-companies' });
  }

  // ---- Operator (spec core §7 Operator; backend routes/operator) ----
  operFilter(body: OperFilterDto) {
    return this.session.call<PageDto<OperOrderDto>>({
      method: 'POST',
      path: '/api/secured/oper/order/exch/filter',
      body,
    });
  }
  operCount(body: Omit<OperFilterDto, 'pageable'>) {
    return this.session.call<CountDto>({ method: 'POST', path: '/api/secured/oper/order/exch/filter/count', body });
  }
  /** The payment company (with requisites) of a bill of the order, operator side. */
  operPaymentCompany(id: number, payCheckId: number) {
    return this.session.call<PaymentCompanyDto>({
      method: 'GET',
      path: `/api/secured/oper/order/exch/${id}/pay-checks/${payCheckId}/payment-company`,
    });
  }
  operOrder(id: number) {
    return this.session.call<OperOrderDto>({ method: 'GET', path: `/api/secured/oper/order/exch/${id}` });
  }
  operUpdate(id: number, body: OrderInputDto) {
    return this.session.call<OperOrderDto>({ method: 'PUT', path: `/api/secured/oper/order/exch/${id}`, body });
  }
  operComment(id: number, comment: string) {
    return this.session.call<OperCommentDto>({
      method: 'POST',
      path: `/api/secured/oper/order/exch/${id}/comment`,
      body: { comment },
    });
  }
  /** take | reject | close, with an optional or required comment. */
  operTransition(id: number, action: 'take' | 'reject' | 'close', comment?: string | null) {
    return this.session.call<OperOrderDto>({
      method: 'POST',
      path: `/api/secured/oper/order/exch/${id}/${action}`,
      body: { comment: comment ?? null },
    });
  }
  operCandidates(id: number) {
    return this.session.call<PartnerCandidateDto[]>({
      method: 'GET',
      path: `/api/secured/oper/order/exch/${id}/partners`,
    });
  }
  operSendToPartners(id: number, partnerIds: number[], comment?: string | null) {
    return this.session.call<OperOrderDto>({
      method: 'POST',
      path: `/api/secured/oper/order/exch/${id}/partners/send`,
      body: { partnerIds, comment: comment ?? null },
    });
  }
  operDocuments(id: number) {
    return this.session.call<DocumentDto[]>({ method: 'GET', path: `/api/secured/oper/order/exch/${id}/offer/docs` });
  }
  operDocExamples(id: number, partnerId: number) {
    return this.session.call<DocumentDto[]>({
      method: 'GET',
      path: `/api/secured/oper/order/exch/${id}/partner/${partnerId}/doc-example`,
    });
  }
  operConfirmPayCheck(id: number, comment?: string | null) {
    return this.session.call<OperOrderDto>({
      method: 'POST',
      path: `/api/secured/oper/order/exch/${id}/pay-checks/confirm`,
      body: { comment: comment ?? null },
    });
  }
  /** Active operators (spec core §7 Operator "GET /users"). */
  operatorUsers() {
    return this.session.call<OperatorUserDto[]>({ method: 'GET', path: '/api/secured/oper/users' });
  }
  activePartners() {
    return this.session.call<ActivePartnerDto[]>({ method: 'GET', path: '/api/secured/oper/partners/active' });
  }
  operatorAutologin(code: string) {
    return this.session.call<CurrentUserDto>({ method: 'POST', path: '/api/public/oper/autologin', body: { code } });
  }
}

/** Path tail of a payment agent's document set (spec core §7 partner offer/docs-example, docs, final-docs). */
export type PartnerDocSetPath = 'docs-example' | 'docs' | 'final-docs';

export interface PartnerFilterDto {
  pageable: PageableDto;
  tab?: 'all' | 'new' | 'working' | 'deals' | 'results';
  statuses?: OfferStatusDto[];
  id?: number;
  countryCode?: string;
  paymentDateFrom?: string;
  paymentDateTo?: string;
}

export interface OperFilterDto {
  pageable: PageableDto;
  tab?: 'new' | 'work' | 'deals' | 'results' | 'all';
  id?: number;
  client?: string;
  employee?: number;
  partner?: number;
}
