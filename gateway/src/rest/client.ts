/**
 * The backend's REST calls, typed by method and path (docs/rest-api.md; spec core §7).
 * Each method returns the documented answer DTO or throws the errors of rest/session.ts; mapping those to
 * GraphQL happens in rest/errors.ts only.
 */
import type { UpstreamSession } from './session.js';
import type {
  AccountTypeDto, BankDto, ChecklistDto, ClientInfoDto, CountDto, CountryDto, CurrencyDto, CurrentUserDto,
  OrderDto, OrderInputDto, OrderStatusDto, PageableDto, PageDto, ReferenceHitDto, RegistryCompanyDto,
  SwiftInstitutionDto, TnvedNodeDto,
} from './dto.js';

export type EmailStatusDto = 'NEW' | 'NOT_CONFIRMED' | 'CONFIRMED' | 'REGISTERED' | 'SUSPENDED';

export interface RegistrationDto {
  ogrn: string;
  token: string;
  user: {
    name: string; surname: string; patronymic: string | null; email: string; password: string;
    passwordSecondTime: string; phone: string; processingPersonalDataAgreement: boolean;
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
    return this.session.call<{ email: string; available: boolean }>({ method: 'POST', path: '/api/public/common/email/check', body: { email } });
  }
  checkEmailStatus(email: string, userType?: AccountTypeDto) {
    return this.session.call<{ email: string; status: EmailStatusDto }>({ method: 'POST', path: '/api/public/common/email/check/status', body: { email, ...(userType ? { userType } : {}) } });
  }
  sendEmailConfirmation(email: string) {
    return this.session.call<{ email: string; resendAfterSeconds: number }>({ method: 'POST', path: '/api/public/common/email/send-confirmation', body: { email } });
  }
  checkEmailConfirmed(email: string) {
    return this.session.call<{ email: string; confirmed: boolean }>({ method: 'POST', path: '/api/public/common/email/check/check-confirmed', body: { email } });
  }
  confirmEmail(token: string) {
    return this.session.call<{ email: string; token: string; status: EmailStatusDto }>({ method: 'POST', path: '/api/public/common/email/confirm', body: { token } });
  }
  changeConfirmationEmail(email: string, newEmail: string) {
    return this.session.call<{ email: string; resendAfterSeconds: number }>({ method: 'POST', path: '/api/public/common/email/confirm/change', body: { email, newEmail } });
  }
  requestPasswordReset(email: string, userType?: AccountTypeDto) {
    return this.session.call<{ email: string }>({ method: 'POST', path: '/api/public/common/password/reset/mail', body: { email, ...(userType ? { userType } : {}) } });
  }
  resetPassword(body: { token: string; password: string; passwordSecondTime: string }) {
    return this.session.call<void>({ method: 'POST', path: '/api/public/common/password/reset', body });
  }
  login(email: string, password: string, userType?: AccountTypeDto) {
    return this.session.call<CurrentUserDto>({
      method: 'POST', path: '/api/public/common/login',
      headers: { authorization: basicAuth(email, password) },
      body: userType ? { userType } : {},
    });
  }
  registrationCompanies(query: string) {
    return this.session.call<RegistryCompanyDto[]>({ method: 'GET', path: '/api/public/client/registration/companies', query: { query } });
  }
  registerClient(body: RegistrationDto) {
    return this.session.call<CurrentUserDto>({ method: 'POST', path: '/api/public/client/registration', body });
  }
  /** POST /callback, or /callback/{topic} (e.g. `agent`). */
  requestCallback(body: { name: string; phone: string; email?: string | null; comment?: string | null }, topic?: string | null) {
    const path = topic ? `/api/public/common/user/callback/${encodeURIComponent(topic)}` : '/api/public/common/user/callback';
    return this.session.call<{ id: number }>({ method: 'POST', path, body });
  }

  // ---- Reference data (GET, public) ----
  countries(prefix?: string | null) {
    return this.session.call<CountryDto[]>({ method: 'GET', path: '/api/public/counterparty/countries', query: { prefix } });
  }
  currencies(prefix?: string | null) {
    return this.session.call<CurrencyDto[]>({ method: 'GET', path: '/api/public/counterparty/currencies', query: { prefix } });
  }
  bankByBik(bik: string) {
    return this.session.call<BankDto>({ method: 'GET', path: '/api/public/counterparty/bik', query: { bik } });
  }
  swift(prefix: string) {
    return this.session.call<SwiftInstitutionDto[]>({ method: 'GET', path: '/api/public/counterparty/swift', query: { swift: prefix } });
  }
  tnvedTwoLevels() {
    return this.session.call<TnvedNodeDto[]>({ method: 'GET', path: '/api/public/counterparty/tnved/two-levels' });
  }
  tnvedChildren(by: { parentKeyHash: string } | { parentCode: string }) {
    return this.session.call<TnvedNodeDto[]>({ method: 'GET', path: '/api/public/counterparty/tnved/children', query: by });
  }
  tnvedSuggest(by: { codeSuggest: string } | { nameSuggest: string }) {
    return this.session.call<TnvedNodeDto[]>({ method: 'GET', path: '/api/public/counterparty/tnved/suggestion/suggest', query: by });
  }
  relevantSearch(prefix: string) {
    return this.session.call<ReferenceHitDto[]>({ method: 'GET', path: '/api/public/counterparty/relevant/search', query: { prefix } });
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
    return this.session.call<{ email: string; resendAfterSeconds: number }>({ method: 'POST', path: '/api/secured/common/email/request-changed', body: { email } });
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
    return this.session.call<{ valid: boolean }>({ method: 'POST', path: '/api/secured/client/order/exch/validation', body });
  }
  createOrder(body: OrderInputDto) {
    return this.session.call<OrderDto>({ method: 'POST', path: '/api/secured/client/order/exch', body });
  }
  filterOrders(body: OrderFilterDto) {
    return this.session.call<PageDto<OrderDto>>({ method: 'POST', path: '/api/secured/client/order/exch/filter', body });
  }
  countOrders(body: Omit<OrderFilterDto, 'pageable'>) {
    return this.session.call<CountDto>({ method: 'POST', path: '/api/secured/client/order/exch/filter/count', body });
  }
  order(id: number) {
    return this.session.call<OrderDto>({ method: 'GET', path: `/api/secured/client/order/exch/${id}` });
  }
}
