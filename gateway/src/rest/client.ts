/**
 * The backend's REST calls (docs/rest-api.md; spec core §7), each typed by method and path through the generated
 * contract (rest/session.ts `call`, rest/openapi.ts): a method answers the 2xx body of its operation or throws the
 * errors of rest/session.ts; mapping those to GraphQL happens in rest/errors.ts only.
 */
import type { UpstreamSession } from './session.js';
import type {
  AccountTypeDto,
  CalculateDto,
  ChecklistDto,
  OperFilterDto,
  OrderFilterDto,
  OrderInputDto,
  PartnerFilterDto,
  RegDataDto,
  RegistrationDto,
  SendOfferDto,
} from './contract.js';

export type { OperFilterDto, PartnerFilterDto } from './contract.js';

/** Basic authorization value for login: base64 of UTF-8 `email:password` (spec core §7). */
export function basicAuth(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`, 'utf8').toString('base64')}`;
}

export class BackendApi {
  constructor(readonly session: UpstreamSession) {}

  // ---- Public: e-mail, password, login, registration, callback, card lead ----
  checkEmail(email: string) {
    return this.session.call('POST', '/api/public/common/email/check', { body: { email } });
  }
  checkEmailStatus(email: string, userType?: AccountTypeDto) {
    return this.session.call('POST', '/api/public/common/email/check/status', {
      body: { email, ...(userType ? { userType } : {}) },
    });
  }
  sendEmailConfirmation(email: string) {
    return this.session.call('POST', '/api/public/common/email/send-confirmation', { body: { email } });
  }
  checkEmailConfirmed(email: string) {
    return this.session.call('POST', '/api/public/common/email/check/check-confirmed', { body: { email } });
  }
  confirmEmail(token: string) {
    return this.session.call('POST', '/api/public/common/email/confirm', { body: { token } });
  }
  changeConfirmationEmail(email: string, newEmail: string) {
    return this.session.call('POST', '/api/public/common/email/confirm/change', { body: { email, newEmail } });
  }
  requestPasswordReset(email: string, userType?: AccountTypeDto) {
    return this.session.call('POST', '/api/public/common/password/reset/mail', {
      body: { email, ...(userType ? { userType } : {}) },
    });
  }
  resetPassword(body: { token: string; password: string; passwordSecondTime: string }) {
    return this.session.call('POST', '/api/public/common/password/reset', { body });
  }
  login(email: string, password: string, userType?: AccountTypeDto) {
    return this.session.call('POST', '/api/public/common/login', {
      headers: { authorization: basicAuth(email, password) },
      body: userType ? { userType } : {},
    });
  }
  registrationCompanies(query: string) {
    return this.session.call('GET', '/api/public/client/registration/companies', { query: { query } });
  }
  registerClient(body: RegistrationDto) {
    return this.session.call('POST', '/api/public/client/registration', { body });
  }
  /** POST /callback, or /callback/{topic} (e.g. `agent`). */
  requestCallback(
    body: { name: string; phone: string; email?: string | null; comment?: string | null },
    topic?: string | null,
  ) {
    return topic
      ? this.session.call('POST', '/api/public/common/user/callback/{type}', { params: { type: topic }, body })
      : this.session.call('POST', '/api/public/common/user/callback', { body });
  }
  /**
   * POST /api/public/lead/card/debit (issue 13): the debit card lead → `{ id }`; 400 VALIDATION_ERROR, 429 RATE_LIMITED
   * with `retryAfterSeconds`.
   */
  requestCardDebitLead(body: {
    name: string;
    phone: string;
    email: string | null;
    powerOfAttorney: boolean;
    city: string | null;
    comment: string | null;
  }) {
    return this.session.call('POST', '/api/public/lead/card/debit', { body });
  }

  /** GET /api/public/calculator/fee: the public fee calculator (spec core §1, §9). */
  feeEstimate(amount: string, currency: string) {
    return this.session.call('GET', '/api/public/calculator/fee', { query: { amount, currency } });
  }

  // ---- Reference data (GET, public) ----
  countries(prefix?: string | null) {
    return this.session.call('GET', '/api/public/counterparty/countries', { query: { prefix } });
  }
  currencies(prefix?: string | null) {
    return this.session.call('GET', '/api/public/counterparty/currencies', { query: { prefix } });
  }
  bankByBik(bik: string) {
    return this.session.call('GET', '/api/public/counterparty/bik', { query: { bik } });
  }
  swift(prefix: string) {
    return this.session.call('GET', '/api/public/counterparty/swift', { query: { swift: prefix } });
  }
  tnvedTwoLevels() {
    return this.session.call('GET', '/api/public/counterparty/tnved/two-levels');
  }
  tnvedChildren(by: { parentKeyHash: string } | { parentCode: string }) {
    return this.session.call('GET', '/api/public/counterparty/tnved/children', { query: by });
  }
  tnvedSuggest(by: { codeSuggest: string } | { nameSuggest: string }) {
    return this.session.call('GET', '/api/public/counterparty/tnved/suggestion/suggest', { query: by });
  }
  relevantSearch(prefix: string) {
    return this.session.call('GET', '/api/public/counterparty/relevant/search', { query: { prefix } });
  }

  // ---- Secured common ----
  logout() {
    return this.session.call('POST', '/api/secured/common/logout');
  }
  currentUser() {
    return this.session.call('GET', '/api/secured/common/current/user');
  }
  updateCurrentUser(body: { name: string; surname: string; patronymic: string | null; phone: string }) {
    return this.session.call('PUT', '/api/secured/common/current/user', { body });
  }
  changePassword(body: { oldPassword: string; password: string; passwordSecondTime: string }) {
    return this.session.call('POST', '/api/secured/common/password/change', { body });
  }
  requestEmailChange(email: string) {
    return this.session.call('POST', '/api/secured/common/email/request-changed', { body: { email } });
  }

  // ---- Client ----
  clientInfo() {
    return this.session.call('GET', '/api/secured/client/info');
  }
  checklist() {
    return this.session.call('GET', '/api/secured/client/checklist');
  }
  updateChecklist(body: ChecklistDto) {
    return this.session.call('PUT', '/api/secured/client/checklist', { body });
  }
  validateOrder(body: OrderInputDto) {
    return this.session.call('POST', '/api/secured/client/order/exch/validation', { body });
  }
  createOrder(body: OrderInputDto) {
    return this.session.call('POST', '/api/secured/client/order/exch', { body });
  }
  filterOrders(body: OrderFilterDto) {
    return this.session.call('POST', '/api/secured/client/order/exch/filter', { body });
  }
  /** GET …/order/exch/tab-counts (issue 15): `{ current, completed, cancelled }`, every client tab's count in one call. */
  clientTabCounts() {
    return this.session.call('GET', '/api/secured/client/order/exch/tab-counts');
  }
  order(id: number) {
    return this.session.call('GET', '/api/secured/client/order/exch/{id}', { params: { id } });
  }
  /**
   * GET …/order/exch/batch?ids=… (issue 14 defect 7): 1–100 distinct ids → `{ items }`, one entry per id in order,
   * each as {@link order} answers it, null where that would be 404. 400 VALIDATION_ERROR for other ids.
   */
  orders(ids: readonly number[]) {
    return this.session.call('GET', '/api/secured/client/order/exch/batch', { query: { ids: [...ids] } });
  }

  // ---- Client deal (backend routes/client-deal; issue 3) ----
  clientDeal(id: number) {
    return this.session.call('GET', '/api/secured/client/order/exch/{id}/offers', { params: { id } });
  }
  acceptOffer(id: number, partnerOrderId: number, comment?: string | null) {
    return this.session.call('POST', '/api/secured/client/order/exch/{id}/offers/{partnerOrderId}/accept', {
      params: { id, partnerOrderId },
      body: { comment: comment ?? null },
    });
  }
  clientDocuments(id: number, set: 'docs' | 'final-docs') {
    return this.session.call('GET', `/api/secured/client/order/exch/{id}/offer/${set}` as const, { params: { id } });
  }
  clientConfirmOfferDocs(id: number, comment?: string | null) {
    return this.session.call('POST', '/api/secured/client/order/exch/{id}/offer/docs/confirm', {
      params: { id },
      body: { comment: comment ?? null },
    });
  }
  clientPayCheck(id: number) {
    return this.session.call('GET', '/api/secured/client/order/exch/{id}/pay-checks/active', { params: { id } });
  }
  clientMarkPaid(id: number, comment?: string | null) {
    return this.session.call('POST', '/api/secured/client/order/exch/{id}/payment/made', {
      params: { id },
      body: { comment: comment ?? null },
    });
  }
  clientConfirmFinalDocs(id: number, comment?: string | null) {
    return this.session.call('POST', '/api/secured/client/order/exch/{id}/offer/final-docs/confirm', {
      params: { id },
      body: { comment: comment ?? null },
    });
  }
  clientCancel(id: number, comment?: string | null) {
    return this.session.call('DELETE', '/api/secured/client/order/exch/{id}', {
      params: { id },
      body: { comment: comment ?? null },
    });
  }
  clientHistory(id: number) {
    return this.session.call('GET', '/api/secured/client/order/exch/{id}/history', { params: { id } });
  }

  // ---- Company page: registration data and bank requisites (issue 8; backend routes/company, docs/rest-api.md) ----
  /** PUT /api/secured/client/regdata → ClientInfo; 400 VALIDATION_ERROR (RUSSIAN_LETTERS, PHONE_INVALID, SITE_INVALID). */
  updateRegData(body: RegDataDto) {
    return this.session.call('PUT', '/api/secured/client/regdata', { body });
  }
  /** The company's bank requisites by display number. */
  bankRequisites() {
    return this.session.call('GET', '/api/secured/client/requisites');
  }
  /** 400 VALIDATION_ERROR (BIK_INVALID, BIK_NOT_FOUND, ACCOUNT_INVALID, ACCOUNT_CONTROL_KEY), 409 REQUISITE_DUPLICATE / REQUISITES_LIMIT. */
  createBankRequisite(body: { bankBik: string; checkAccount: string }) {
    return this.session.call('POST', '/api/secured/client/requisites/create', { body });
  }
  /** Same checks as create; 404 REQUISITE_NOT_FOUND. */
  updateBankRequisite(id: number, body: { bankBik: string; checkAccount: string }) {
    return this.session.call('PUT', '/api/secured/client/requisites/{id}', { params: { id }, body });
  }
  /** → the remaining requisites renumbered; 404 REQUISITE_NOT_FOUND. */
  deleteBankRequisite(id: number) {
    return this.session.call('DELETE', '/api/secured/client/requisites/{id}', { params: { id } });
  }

  // ---- Verification and signatures (issue 8; backend routes/verification, docs/rest-api.md) ----
  /** The application to sign (generated on demand); 409 REQUISITES_REQUIRED / ALREADY_VERIFIED, 403 COMPANY_SUSPENDED. */
  verificationDocument() {
    return this.session.call('GET', '/api/secured/client/verification/document');
  }
  verificationDocumentById(id: number, withSign: boolean) {
    return this.session.call('GET', '/api/secured/client/verification/document/{id}', {
      params: { id },
      query: withSign ? { withSign: true } : undefined,
    });
  }
  signVerificationDocument(body: { signature: string; documentId?: number }) {
    return this.session.call('POST', '/api/secured/client/verification/document/sign', { body });
  }
  companyDocuments(page: number, size: number) {
    return this.session.call('GET', '/api/secured/client/documents', { query: { page, size } });
  }
  clientSignDocument(id: number, set: 'docs' | 'final-docs', docId: number, signature: string) {
    return this.session.call('POST', `/api/secured/client/order/exch/{id}/offer/${set}/{docId}/sign` as const, {
      params: { id, docId },
      body: { signature },
    });
  }
  partnerSignDocument(id: number, set: 'docs' | 'final-docs', docId: number, signature: string) {
    return this.session.call('POST', `/api/secured/partner/order/exch/{id}/offer/${set}/{docId}/sign` as const, {
      params: { id, docId },
      body: { signature },
    });
  }

  // ---- Payment agent (spec core §7 partner; backend routes/partner) ----
  partnerFilter(body: PartnerFilterDto) {
    return this.session.call('POST', '/api/secured/partner/order/exch/filter', { body });
  }
  /** POST …/order/exch/tab-counts (issue 15): `{ all, new, working, deals, results }` for the filters, in one call. */
  partnerTabCounts(body: Omit<PartnerFilterDto, 'pageable' | 'tab'>) {
    return this.session.call('POST', '/api/secured/partner/order/exch/tab-counts', { body });
  }
  partnerOrder(id: number) {
    return this.session.call('GET', '/api/secured/partner/order/exch/{id}', { params: { id } });
  }
  /** The agent's batch read (issue 14 defect 7): `{ items }` as {@link partnerOrder} per id, null where 404. */
  partnerOrders(ids: readonly number[]) {
    return this.session.call('GET', '/api/secured/partner/order/exch/batch', { query: { ids: [...ids] } });
  }
  /** The agent's history of an order: ORDER rows and its own offer's rows only (backend routes/partner/orders.ts). */
  partnerHistory(id: number) {
    return this.session.call('GET', '/api/secured/partner/order/exch/{id}/history', { params: { id } });
  }
  /** spec core §7 partner `offer/pay-checks/amount-convert`: an amount in another currency at the offer's rates. */
  partnerAmountConvert(id: number, body: { amount: { cost: string; currency: string }; targetCurrency: string }) {
    return this.session.call('POST', '/api/secured/partner/order/exch/{id}/offer/pay-checks/amount-convert', {
      params: { id },
      body,
    });
  }
  partnerTake(id: number) {
    return this.session.call('POST', '/api/secured/partner/order/exch/{id}/take', { params: { id } });
  }
  partnerReject(id: number, reason: string) {
    return this.session.call('POST', '/api/secured/partner/order/exch/{id}/reject', {
      params: { id },
      body: { reason },
    });
  }
  partnerSendOffer(id: number, body: SendOfferDto) {
    return this.session.call('POST', '/api/secured/partner/order/exch/{id}/offer/send', { params: { id }, body });
  }
  partnerCalculate(orderId: number, body: CalculateDto) {
    return this.session.call('POST', '/api/secured/partner/commission/calculate', { query: { orderId }, body });
  }
  partnerOfferTerms(id: number) {
    return this.session.call('GET', '/api/secured/partner/order/exch/{id}/offer/commission', { params: { id } });
  }
  partnerDocuments(id: number, set: PartnerDocSetPath) {
    return this.session.call('GET', `/api/secured/partner/order/exch/{id}/offer/${set}` as const, { params: { id } });
  }
  partnerDeleteDocument(id: number, set: PartnerDocSetPath, docId: number) {
    return this.session.call('DELETE', `/api/secured/partner/order/exch/{id}/offer/${set}/{docId}` as const, {
      params: { id, docId },
    });
  }
  partnerConfirmDocuments(id: number, set: 'docs' | 'final-docs', sign: boolean) {
    return this.session.call(
      'POST',
      `/api/secured/partner/order/exch/{id}/offer/${set}/${sign ? 'sign' : 'confirm'}` as const,
      { params: { id } },
    );
  }
  partnerSendDocuments(id: number, set: 'docs' | 'final-docs') {
    return this.session.call('POST', `/api/secured/partner/order/exch/{id}/offer/${set}/send` as const, {
      params: { id },
    });
  }
  partnerIssuePayCheck(id: number, paymentCompanyId: number) {
    return this.session.call('POST', '/api/secured/partner/order/exch/{id}/offer/pay-checks/active/confirm', {
      params: { id },
      body: { paymentCompanyId },
    });
  }
  partnerConfirmPayment(id: number) {
    return this.session.call('POST', '/api/secured/partner/order/exch/{id}/payment/confirm', { params: { id } });
  }
  partnerCurrencies() {
    return this.session.call('GET', '/api/secured/partner/settings/currencies');
  }
  partnerPaymentCompanies() {
    return this.session.call('GET', '/api/secured/partner/payment-companies');
  }

  // ---- Operator (spec core §7 Operator; backend routes/operator) ----
  operFilter(body: OperFilterDto) {
    return this.session.call('POST', '/api/secured/oper/order/exch/filter', { body });
  }
  /** POST …/order/exch/tab-counts (issue 15): `{ new, work, deals, results, all }` for the filters, in one call. */
  operTabCounts(body: Omit<OperFilterDto, 'pageable' | 'tab'>) {
    return this.session.call('POST', '/api/secured/oper/order/exch/tab-counts', { body });
  }
  /** The payment company (with requisites) of a bill of the order, operator side. */
  operPaymentCompany(id: number, payCheckId: number) {
    return this.session.call('GET', '/api/secured/oper/order/exch/{id}/pay-checks/{payCheckId}/payment-company', {
      params: { id, payCheckId },
    });
  }
  operOrder(id: number) {
    return this.session.call('GET', '/api/secured/oper/order/exch/{id}', { params: { id } });
  }
  /** The operator's batch read (issue 14 defect 7): `{ items }` as {@link operOrder} per id, null where 404. */
  operOrders(ids: readonly number[]) {
    return this.session.call('GET', '/api/secured/oper/order/exch/batch', { query: { ids: [...ids] } });
  }
  operUpdate(id: number, body: OrderInputDto) {
    return this.session.call('PUT', '/api/secured/oper/order/exch/{id}', { params: { id }, body });
  }
  operComment(id: number, comment: string) {
    return this.session.call('POST', '/api/secured/oper/order/exch/{id}/comment', {
      params: { id },
      body: { comment },
    });
  }
  /** take | reject | close, with an optional or required comment. */
  operTransition(id: number, action: 'take' | 'reject' | 'close', comment?: string | null) {
    return this.session.call('POST', `/api/secured/oper/order/exch/{id}/${action}` as const, {
      params: { id },
      body: { comment: comment ?? null },
    });
  }
  operCandidates(id: number) {
    return this.session.call('GET', '/api/secured/oper/order/exch/{id}/partners', { params: { id } });
  }
  operSendToPartners(id: number, partnerIds: number[], comment?: string | null) {
    return this.session.call('POST', '/api/secured/oper/order/exch/{id}/partners/send', {
      params: { id },
      body: { partnerIds, comment: comment ?? null },
    });
  }
  operDocuments(id: number) {
    return this.session.call('GET', '/api/secured/oper/order/exch/{id}/offer/docs', { params: { id } });
  }
  operDocExamples(id: number, partnerId: number) {
    return this.session.call('GET', '/api/secured/oper/order/exch/{id}/partner/{partnerId}/doc-example', {
      params: { id, partnerId },
    });
  }
  operConfirmPayCheck(id: number, comment?: string | null) {
    return this.session.call('POST', '/api/secured/oper/order/exch/{id}/pay-checks/confirm', {
      params: { id },
      body: { comment: comment ?? null },
    });
  }
  /** Active operators (spec core §7 Operator "GET /users"). */
  operatorUsers() {
    return this.session.call('GET', '/api/secured/oper/users');
  }
  activePartners() {
    return this.session.call('GET', '/api/secured/oper/partners/active');
  }
  operatorAutologin(code: string) {
    return this.session.call('POST', '/api/public/oper/autologin', { body: { code } });
  }
}

/** Path tail of a payment agent's document set (spec core §7 partner offer/docs-example, docs, final-docs). */
export type PartnerDocSetPath = 'docs-example' | 'docs' | 'final-docs';
