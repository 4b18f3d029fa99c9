/**
 * Account rules of the current user (spec core §3 Current user, §6 Roles and permissions). Pure functions.
 */
import {
  isActingAsAnotherUser as actingAsAnother,
  isAgentRelogin,
  isOriginalClient as originalClient,
} from '@platform/domain/referral/relogin';
import type { CurrentUserDto } from '../rest/contract.js';

/** A client is verified when userRights contains VERIFIED_CLIENT; other accounts carry a verified flag (§6). */
export function isVerified(user: CurrentUserDto): boolean {
  if (user.account.type === 'CLIENT') return user.userRights.includes('VERIFIED_CLIENT');
  return user.verified;
}

/** Whether an operator or referral partner acts as this user (originalUser present, §6). */
export function isActingAsAnotherUser(user: CurrentUserDto): boolean {
  return actingAsAnother(user);
}

/**
 * The original client (§6; the one rule of `@platform/domain/referral/relogin`, also enforced by the backend): not a
 * referral partner's re-login (reLoggedRights without AGENT). A client in his own session is the original client.
 */
export function isOriginalClient(user: CurrentUserDto): boolean {
  return originalClient(user);
}

/**
 * A referral partner in his own session (issue 11; spec core §6): an AGENT account, not a re-login. Only then
 * `Viewer.referralPartnerArea` is given and his own records (node(id:) of a ReferralClient, his requisites) are read.
 */
export function isReferralPartnerInOwnSession(user: CurrentUserDto | null | undefined): boolean {
  return user?.account.type === 'AGENT' && !isAgentRelogin(user);
}

/**
 * Whether the UI may offer "create order": an active client whose company is verified (§4 Deal flow 1,
 * §6 "An unverified company cannot create requests"). The backend enforces it too (COMPANY_NOT_VERIFIED).
 */
export function canCreateOrders(user: CurrentUserDto): boolean {
  if (user.account.type !== 'CLIENT' || user.account.status !== 'ACTIVE') return false;
  const company = user.company;
  return !!company && (company.verified || company.status === 'VERIFIED');
}
