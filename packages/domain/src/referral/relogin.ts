/**
 * Acting for a client by re-login (issue 11; spec core §3 "Current user: originalUser, reLoggedRights", §6 "Agent is a
 * re-login right … original client"). One rule for every tier: the backend refuses the original client's actions in
 * a re-logged session (403 ORIGINAL_CLIENT_REQUIRED), the gateway answers `Viewer.isOriginalClient` with it and the
 * web app hides the signing buttons.
 *
 * The spec's sentence "a client counts as an original client only if originalUser exists and the AGENT right is
 * absent" is read as: the AGENT re-login right is what makes a session "not the original client". A session without
 * `originalUser` is the client himself (original); a session where someone acts for the client is original only when
 * the AGENT right is absent (an operator's future re-login); a referral partner's re-login (reLoggedRights AGENT) is
 * never the original client.
 */

/** The re-login right of a referral partner acting for his client (spec core §6). */
export const AGENT_RELOGIN_RIGHT = 'AGENT';

/** 403 code and Russian text of an action only the client himself may take. */
export const ORIGINAL_CLIENT_REQUIRED = {
  code: 'ORIGINAL_CLIENT_REQUIRED',
  message: 'Это действие доступно только самому клиенту',
} as const;

/** 409 code and text: a re-login (request creation for a client) needs an ACTIVE link and a VERIFIED company. */
export const CLIENT_NOT_VERIFIED = {
  code: 'CLIENT_NOT_VERIFIED',
  message: 'Заявки можно создавать только для верифицированных клиентов',
} as const;

/** What the rule reads of the current user (the CurrentUser answer or the session). */
export interface ReloginState {
  /** The user acting for this one (an operator or a referral partner); null or absent in one's own session. */
  originalUser?: unknown;
  /** Re-login rights of the session (spec core §3): `['AGENT']` when a referral partner acts for the client. */
  reLoggedRights?: readonly string[] | null;
}

/** Whether someone else (an operator or a referral partner) acts as this user: originalUser present. */
export function isActingAsAnotherUser(state: ReloginState): boolean {
  return state.originalUser !== null && state.originalUser !== undefined;
}

/** Whether the session is a referral partner's re-login: reLoggedRights contains AGENT. */
export function isAgentRelogin(state: ReloginState): boolean {
  return (state.reLoggedRights ?? []).includes(AGENT_RELOGIN_RIGHT);
}

/**
 * The original client (spec core §6, module header): not a referral partner's re-login. The actions reserved to
 * the original client: signing the verification application, signing and confirming deal documents, password and
 * e-mail change, registration data update and bank requisites changes (see {@link ORIGINAL_CLIENT_ACTIONS}).
 */
export function isOriginalClient(state: ReloginState): boolean {
  return !isAgentRelogin(state);
}

/**
 * Actions of the client area a re-logged session may NOT take (403 ORIGINAL_CLIENT_REQUIRED); everything else of
 * the client area — creating, editing and cancelling a request, uploading files, accepting or declining offers,
 * confirming the payment made, chats — works and is recorded with the partner as the actor.
 */
export const ORIGINAL_CLIENT_ACTIONS = [
  'VERIFICATION_SIGN',
  'DEAL_DOCUMENT_SIGN',
  'DEAL_DOCUMENTS_CONFIRM',
  'PASSWORD_CHANGE',
  'EMAIL_CHANGE',
  'REGISTRATION_DATA_UPDATE',
  'BANK_REQUISITES_CHANGE',
] as const;
/** An action reserved to the original client. */
export type OriginalClientAction = (typeof ORIGINAL_CLIENT_ACTIONS)[number];

/** Whether `state` may take `action`: every action for the original client; the reserved ones refused otherwise. */
export function mayTakeClientAction(state: ReloginState, action: string): boolean {
  return isOriginalClient(state) || !(ORIGINAL_CLIENT_ACTIONS as readonly string[]).includes(action);
}

/** What a re-login checks about the link and the companies (the backend reads them from the database). */
export interface ReloginLinkState {
  /** referral_clients.status of the link (INVITED, CONSENT_REQUESTED, ACTIVE, DECLINED, REMOVED). */
  linkStatus: string;
  /** The client company's status (NEW, VERIFIED, SUSPENDED). */
  clientCompanyStatus: string;
  /** The client company's signature was confirmed (verified by qualified electronic signature). */
  clientSignatureConfirmed: boolean;
}

/**
 * Whether a referral partner may start acting for the client (create requests, spec core §6 "creates requests for
 * verified clients only"): the link ACTIVE and the company VERIFIED with its signature confirmed.
 */
export function mayStartRelogin(s: ReloginLinkState): boolean {
  return s.linkStatus === 'ACTIVE' && s.clientCompanyStatus === 'VERIFIED' && s.clientSignatureConfirmed;
}

/**
 * Whether a running re-logged session may go on (checked on every request): the partner still active, the link
 * still ACTIVE and the client company not SUSPENDED. `'END'`: the partner is blocked — the session ends;
 * `'RETURN'`: the session goes back to the partner's own area; `'CONTINUE'` otherwise.
 */
export function reloginSessionVerdict(s: {
  partnerBlocked: boolean;
  linkStatus: string | null;
  clientCompanyStatus: string | null;
}): 'CONTINUE' | 'RETURN' | 'END' {
  if (s.partnerBlocked) return 'END';
  if (s.linkStatus !== 'ACTIVE' || s.clientCompanyStatus === null || s.clientCompanyStatus === 'SUSPENDED')
    return 'RETURN';
  return 'CONTINUE';
}
