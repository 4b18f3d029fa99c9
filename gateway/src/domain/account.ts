/**
 * Account rules of the current user (spec core §3 Current user, §6 Roles and permissions). Pure functions.
 */
import type { CurrentUserDto } from '../rest/contract.js';

/** A client is verified when userRights contains VERIFIED_CLIENT; other accounts carry a verified flag (§6). */
export function isVerified(user: CurrentUserDto): boolean {
  if (user.account.type === 'CLIENT') return user.userRights.includes('VERIFIED_CLIENT');
  return user.verified;
}

/** Whether an operator or referral partner acts as this user (originalUser present, §6). */
export function isActingAsAnotherUser(user: CurrentUserDto): boolean {
  return user.originalUser !== null && user.originalUser !== undefined;
}

/** An original client: originalUser exists and the AGENT re-login right is absent (§6, quoted as specified). */
export function isOriginalClient(user: CurrentUserDto): boolean {
  return isActingAsAnotherUser(user) && !(user.reLoggedRights ?? []).includes('AGENT');
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
