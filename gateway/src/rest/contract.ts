/**
 * The names the gateway uses for the backend's REST shapes (issue 9 "A generated REST contract"): each is an alias of
 * the generated contract (gateway/src/generated/rest.ts, from backend/openapi.json by scripts/codegen.mjs), read by
 * method and path with rest/openapi.ts. Nothing here is written by hand except the gateway's own parent shapes at the
 * end (what a GraphQL resolver receives: a REST shape plus who reads it). A backend change the gateway does not follow
 * therefore fails `tsc`. Money: `{ cost: "1000.00", currency: "USD" }` (decimal string, ISO 4217). Times: UTC ISO 8601.
 * Dates: YYYY-MM-DD (spec core §3, §7; chat §3, §7).
 */
import type { AnswerOf, BodyOf, ItemOf } from './openapi.js';

// ---- Accounts and companies (spec core §3 "Current user", "Company", §7 Public / Client) ----

/** GET /api/secured/common/current/user, and the answer of login and registration. */
export type CurrentUserDto = AnswerOf<'GET', '/api/secured/common/current/user'>;
/** CLIENT | PARTNER | AGENT | OPER. */
export type AccountTypeDto = CurrentUserDto['account']['type'];
/** GET /api/secured/client/info: the company, its contact and status. */
export type ClientInfoDto = AnswerOf<'GET', '/api/secured/client/info'>;
type InfoCompany = NonNullable<ClientInfoDto['company']>;
type UserCompany = NonNullable<CurrentUserDto['company']>;
/**
 * Parent of GraphQL `Company`: the current user's company summary, or the client info's company (which adds the
 * registry fields of spec core §3 "Company"; they are absent from the summary).
 */
export type CompanyDto = UserCompany & Partial<Omit<InfoCompany, keyof UserCompany>>;
/** The contact person of client info. */
export type ContactDto = NonNullable<ClientInfoDto['contact']>;
/** GET/PUT /api/secured/client/checklist (numbers are JSON numbers, spec core §3). */
export type ChecklistDto = AnswerOf<'GET', '/api/secured/client/checklist'>;
/** Body of PUT /api/secured/client/regdata (spec core §7 Client "Registration-data update"). */
export type RegDataDto = BodyOf<'PUT', '/api/secured/client/regdata'>;
/** Body of POST /api/public/client/registration. */
export type RegistrationDto = BodyOf<'POST', '/api/public/client/registration'>;
/** A bank requisite of the client's company (spec core §3 "Bank requisite"); `index` is the display number 1, 2, … */
export type BankRequisiteDto = ItemOf<AnswerOf<'GET', '/api/secured/client/requisites'>>;
/** E-mail status of POST /api/public/common/email/check/status. */
export type EmailStatusDto = AnswerOf<'POST', '/api/public/common/email/check/status'>['status'];

// ---- Reference data (spec core §7 counterparty) ----

/** A country of the directory (ISO 3166-1 alpha-2 code, Russian names). */
export type CountryDto = ItemOf<AnswerOf<'GET', '/api/public/counterparty/countries'>>;
/** A currency of the directory (ISO 4217 code, Russian name, `popular`). */
export type CurrencyDto = ItemOf<AnswerOf<'GET', '/api/public/counterparty/currencies'>>;
/** A Russian bank by BIK (GET counterparty/bik): name, correspondent account, city, SWIFT. */
export type BankDto = AnswerOf<'GET', '/api/public/counterparty/bik'>;
/** A SWIFT institution (GET counterparty/swift). */
export type SwiftInstitutionDto = ItemOf<AnswerOf<'GET', '/api/public/counterparty/swift'>>;
/** A TN VED node (children, suggestions); the two-levels tree's nodes add their `children`. */
export type TnvedNodeDto = ItemOf<AnswerOf<'GET', '/api/public/counterparty/tnved/children'>> & {
  children?: ItemOf<AnswerOf<'GET', '/api/public/counterparty/tnved/two-levels'>>['children'];
};
/** A company of the state registry offered at registration (GET registration/companies). */
export type RegistryCompanyDto = ItemOf<AnswerOf<'GET', '/api/public/client/registration/companies'>>;
/** A hit of the reference search (GET counterparty/relevant/search): type, code, name. */
export type ReferenceHitDto = ItemOf<AnswerOf<'GET', '/api/public/counterparty/relevant/search'>>;

// ---- Orders (spec core §3 "Request (order)", §7 Client) ----

/** GET /api/secured/client/order/exch/{id}: an order with its payment agents' sides. */
export type OrderDto = AnswerOf<'GET', '/api/secured/client/order/exch/{id}'>;
/** Money: `{ cost: "1000.00", currency: "USD" }` (decimal string, ISO 4217). */
export type MoneyDto = OrderDto['amount'];
/** The order's counterparty: country, city, bank, SWIFT. */
export type CounterpartyDto = OrderDto['counterparty'];
/** An order file: id (UUID), original name, size in bytes, detected type. */
export type OrderFileDto = ItemOf<OrderDto['files']>;
/** The client company of an order. */
export type OrderClientDto = OrderDto['client'];
/** The referral partner attached to an order. */
export type ConsultantDto = NonNullable<OrderDto['consultant']>;
/** Order status (spec core §4). */
export type OrderStatusDto = OrderDto['status'];
/** The backend's OrderInput (POST /order/exch and /order/exch/validation). */
export type OrderInputDto = BodyOf<'POST', '/api/secured/client/order/exch'>;
/** Body of POST /api/secured/client/order/exch/filter. */
export type OrderFilterDto = BodyOf<'POST', '/api/secured/client/order/exch/filter'>;
/** A page of the client's orders. */
export type OrderPageDto = AnswerOf<'POST', '/api/secured/client/order/exch/filter'>;
/** `{ count }` of a filter/count call. */
export type CountDto = AnswerOf<'POST', '/api/secured/client/order/exch/filter/count'>;

// ---- Deal (spec core §3 partnerOrders item, "Offer", documents, history; §4) ----

/** Client deal answer (GET/POST .../order/exch/{id}/offers, accept, confirm, payment/made, DELETE {id}). */
export type ClientDealDto = AnswerOf<'GET', '/api/secured/client/order/exch/{id}/offers'>;
/** One payment agent's side of an order (backend deal/views.ts PartnerOrderView). */
export type PartnerOrderDto = ItemOf<ClientDealDto['offers']>;
/** Offer status (spec core §4). */
export type OfferStatusDto = PartnerOrderDto['status'];
/** Offer details (backend deal/views.ts OfferDetails): decimal strings, dates YYYY-MM-DD. */
export type OfferDetailsDto = NonNullable<PartnerOrderDto['offer']>;
/** A bill (backend deal/views.ts PayCheckView); money decimal strings, `currency` of `amount` (RUB). */
export type PayCheckDto = NonNullable<PartnerOrderDto['paycheck']>;
/** The client's active bill with its payment company. */
export type ClientPayCheckDto = AnswerOf<'GET', '/api/secured/client/order/exch/{id}/pay-checks/active'>;
/**
 * A payment company of an agent with requisites, as the deal calls answer it (the client's active bill, the operator's
 * bill company); the agent's own list (GET partner/payment-companies) answers a superset of it.
 */
export type PaymentCompanyDto = AnswerOf<
  'GET',
  '/api/secured/oper/order/exch/{id}/pay-checks/{payCheckId}/payment-company'
>;
/** A deal document (backend deal/views.ts DocumentView). */
export type DocumentDto = ItemOf<AnswerOf<'GET', '/api/secured/client/order/exch/{id}/offer/docs'>>;
/** A signature or confirmation of a deal document (docs/rest-api.md "Signature object"; null when none). */
export type SignatureDto = NonNullable<DocumentDto['clientSignature']>;
/** One history row (backend deal/views.ts HistoryView). */
export type HistoryDto = ItemOf<AnswerOf<'GET', '/api/secured/client/order/exch/{id}/history'>>;

// ---- Verification (issue 8; spec chat-and-shell §3) ----

/** GET /api/secured/client/verification/document: the application for joining the platform. */
export type VerificationDocumentDto = AnswerOf<'GET', '/api/secured/client/verification/document/{id}'>;
/** The signer's certificate as the backend parsed it. */
export type CertificateInfoDto = NonNullable<
  NonNullable<
    AnswerOf<'POST', '/api/secured/client/verification/document/sign'>['document']['signature']
  >['certificate']
>;
/** A row of GET /api/secured/client/documents (the 'Документы' page). */
export type CompanyDocumentDto = ItemOf<AnswerOf<'GET', '/api/secured/client/documents'>['content']>;

// ---- Operator (spec core §7 Operator) ----

/** Operator-side order; GET {id} adds `history` and `operatorComments`. */
export type OperOrderDto = ItemOf<AnswerOf<'POST', '/api/secured/oper/order/exch/filter'>['content']> &
  Partial<Pick<AnswerOf<'GET', '/api/secured/oper/order/exch/{id}'>, 'history' | 'operatorComments'>>;
/** Operator comment: an order's lastOperComment (no id) or a stored comment (POST comment answer, comments list). */
export type OperCommentDto = NonNullable<OperOrderDto['lastOperComment']> &
  Partial<Pick<AnswerOf<'POST', '/api/secured/oper/order/exch/{id}/comment'>, 'id'>>;
/** The operator who took the check. */
export type OperValidatorDto = NonNullable<OperOrderDto['validator']>;
/** An active operator (GET /api/secured/oper/users). */
export type OperatorUserDto = ItemOf<AnswerOf<'GET', '/api/secured/oper/users'>>;
/** An active payment agent (GET oper/partners/active). */
export type ActivePartnerDto = ItemOf<AnswerOf<'GET', '/api/secured/oper/partners/active'>>;
/** A payment agent the operator may send the order to, with why (not) (GET oper/order/exch/{id}/partners). */
export type PartnerCandidateDto = ItemOf<AnswerOf<'GET', '/api/secured/oper/order/exch/{id}/partners'>>;
/** Body of POST /api/secured/oper/order/exch/filter. */
export type OperFilterDto = BodyOf<'POST', '/api/secured/oper/order/exch/filter'>;

// ---- Payment agent (spec core §7 partner) ----

/** Payment agent's list row (backend deal/partner-queries.ts): the caller's side in full and the order's fields. */
export type PartnerOrderRowDto = ItemOf<AnswerOf<'POST', '/api/secured/partner/order/exch/filter'>['content']>;
/** Payment agent's GET order/exch/{id}: the order with only the caller's partner order, and its allowed actions. */
export type PartnerDetailDto = AnswerOf<'GET', '/api/secured/partner/order/exch/{id}'>;
/** Body of POST /api/secured/partner/order/exch/filter. */
export type PartnerFilterDto = BodyOf<'POST', '/api/secured/partner/order/exch/filter'>;
/** Commission breakdown (backend routes/partner/schemas.ts BreakdownSchema). */
export type CommissionDto = AnswerOf<'POST', '/api/secured/partner/commission/calculate'>;
/** The agent's offer terms: service fee %, indicative rate, breakdown (GET …/offer/commission). */
export type OfferTermsDto = AnswerOf<'GET', '/api/secured/partner/order/exch/{id}/offer/commission'>;
/** An amount converted at the offer's rates (POST …/pay-checks/amount-convert). */
export type AmountConversionDto = AnswerOf<
  'POST',
  '/api/secured/partner/order/exch/{id}/offer/pay-checks/amount-convert'
>;
/** One currency of the agent's settings: rate source, rules, limits. */
export type CurrencySettingDto = ItemOf<AnswerOf<'GET', '/api/secured/partner/settings/currencies'>>;
/** Body of POST .../offer/send. */
export type SendOfferDto = BodyOf<'POST', '/api/secured/partner/order/exch/{id}/offer/send'>;
/** Body of POST /api/secured/partner/commission/calculate. */
export type CalculateDto = BodyOf<'POST', '/api/secured/partner/commission/calculate'>;

// ---- Chat (spec chat §3, §7; backend routes/chat) ----

/** A message (GET messages/{msgId}, pages, send, edit, react). */
export type ChatMessageDto = AnswerOf<'GET', '/api/secured/common/chat/messages/{msgId}'>;
/** A reply or forward summary inside a message. */
export type ChatMessageSummaryDto = NonNullable<ChatMessageDto['replyMessage']>;
/** A reaction of a message: the emoji, how many gave it and who. */
export type ChatReactionDto = ItemOf<ChatMessageDto['reactions']>;
/** The `invitation` of a GROUP_INVITATION message: id, the invited user and the status now. */
export type MessageInvitationDto = NonNullable<ChatMessageDto['invitation']>;
/** A messages page (ascending by id). */
export type MessagesPageDto = AnswerOf<'GET', '/api/secured/common/chat/group/{id}/messages'>;
/** GET group/{id}: the group with members and the viewer's `info`. */
export type ChatGroupDetailDto = AnswerOf<'GET', '/api/secured/common/chat/group/{id}'>;
/** A group preview (group filter, by-ids, create, rename). */
export type ChatGroupPreviewDto = ItemOf<AnswerOf<'POST', '/api/secured/common/chat/group/filter'>['content']>;
/** A group's last message (chat §3). */
export type GroupLastMessageDto = NonNullable<ChatGroupPreviewDto['lastMessage']>;
/** Per-group statistics (chat §3). */
export type GroupStatisticsDto = ChatGroupPreviewDto['statistics'];
/** POST group/filter body and answer. */
export type GroupFilterDto = BodyOf<'POST', '/api/secured/common/chat/group/filter'>;
/** A page of the group filter: `{ content, cursor, last }`. */
export type GroupPageDto = AnswerOf<'POST', '/api/secured/common/chat/group/filter'>;
/** POST group/statistics answer: per type and per group. */
export type StatisticsAnswerDto = AnswerOf<'POST', '/api/secured/common/chat/group/statistics'>;
/** Per group type: the group count and the unread groups and messages over them. */
export type GroupTypeStatisticDto = ItemOf<StatisticsAnswerDto['groupTypeStatistics']>;
/** GET messages/unread. */
export type UnreadStatisticDto = AnswerOf<'GET', '/api/secured/common/chat/messages/unread'>;
/** POST group/{id}/messages body (additional properties are refused). */
export type SendMessageDto = BodyOf<'POST', '/api/secured/common/chat/group/{id}/messages'>;
/** chat §3 metaData as the backend takes it. */
export type MetaDataDto = NonNullable<SendMessageDto['metaData']>;
/** An alliance invitation (GET invitations, invite, accept/decline; chat §6 alliances). */
export type ChatInvitationDto = ItemOf<AnswerOf<'GET', '/api/secured/common/chat/invitations'>>;
/** A user the viewer shares an active group with (GET contacts). */
export type ChatContactDto = ItemOf<AnswerOf<'GET', '/api/secured/common/chat/contacts'>>;
/** One group's answer of POST messages/viewed. */
export type ViewedAnswerDto = ItemOf<AnswerOf<'POST', '/api/secured/common/chat/messages/viewed'>>;
/** GET /api/secured/chat/users/{userId}. */
export type ChatUserInfoDto = AnswerOf<'GET', '/api/secured/chat/users/{userId}'>;
/** GET /api/secured/chat/session-token: the token of the realtime stream. */
export type ChatSessionTokenDto = AnswerOf<'GET', '/api/secured/chat/session-token'>;

// ---- The gateway's own parent shapes (codegen mappers; not REST) ----

/** Who reads: the data role whose backend calls produced a value (decides scoping, hiding and download paths). */
export type Audience = 'CLIENT' | 'PARTNER' | 'OPER';

/** Parent of GraphQL `Offer`: the details with who reads them and where they belong (the sample contract's path). */
export interface OfferParent extends OfferDetailsDto {
  audience?: Audience;
  orderId?: number;
  partnerOrderId?: number | null;
}

/** A document with the audience and order it was read for (its download path depends on both). */
export type DocumentParent = DocumentDto & { audience: Audience; orderId: number };

/**
 * Parent of GraphQL `Order`: the order answer of any role, normalised (a payment agent's list row or detail holds
 * only the caller's side in `partnerOrders`); `oper` keeps the operator's meta (display status, validator, comments).
 */
export type OrderParent = OrderDto & {
  audience: Audience;
  oper?: Omit<OperOrderDto, 'order' | 'partnerOrders'>;
};

/**
 * Parent of GraphQL `PartnerOrder`: one agent's side (every answer carries it in full: id, offer, bill) with its
 * order's id and status, and the agent's list label and tab when it came from the agent's list.
 */
export type PartnerOrderParent = PartnerOrderDto & {
  statusLabel?: string | null;
  tab?: string | null;
  audience: Audience;
  orderId: number;
  orderStatus: OrderStatusDto;
  /** The order, when at hand. */
  orderParent?: OrderParent;
};

/** Parent of PartnerOrderTabCounts: its fields are resolved lazily, one count call per asked tab. */
export interface PartnerTabCountsParent {
  readonly kind: 'partnerTabCounts';
  filter: Record<string, unknown>;
}
/** Parent of OperatorOrderTabCounts (the operator's filter; counts per asked tab). */
export interface OperTabCountsParent {
  readonly kind: 'operTabCounts';
  filter: Record<string, unknown>;
}
/** Parent of OrderTabCounts (the client's tabs). */
export interface OrderTabCountsParent {
  readonly kind: 'orderTabCounts';
}
/** Parent of PartnerSettings (fields loaded when asked). */
export interface PartnerSettingsParent {
  readonly kind: 'partnerSettings';
}
/** Parent of GraphQL `PayCheck`: a bill with who reads it and its order. */
export type PayCheckParent = PayCheckDto & { audience: Audience; orderId: number };
/** An order file together with its order id (the download path needs both). */
export type OrderFileParent = OrderFileDto & { orderId: number; audience?: Audience };
