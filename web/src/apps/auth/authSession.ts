/**
 * What the sign-in steps hand to each other (spec core §2: some steps need the previous one).
 * The e-mail, the password-step mode and the registration token are kept in sessionStorage (they survive
 * a reload in the same tab, not a new tab); the password chosen for a new account is kept only in memory.
 */
import type { AccountType } from '../../system/router/guards';

const KEY = 'auth.session';

export type PasswordMode = 'existing' | 'new';

export interface AuthSession {
  email: string | null;
  userType: AccountType;
  /** Which password step to show: sign in, or create a password for a new account. */
  mode: PasswordMode | null;
  /** Token of the confirmed e-mail (registration). */
  token: string | null;
}

const EMPTY: AuthSession = { email: null, userType: 'CLIENT', mode: null, token: null };
let pendingPassword: string | null = null;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function getAuthSession(): AuthSession {
  const raw = storage()?.getItem(KEY);
  if (!raw) return { ...EMPTY };
  try {
    return { ...EMPTY, ...(JSON.parse(raw) as Partial<AuthSession>) };
  } catch {
    return { ...EMPTY };
  }
}

export function updateAuthSession(patch: Partial<AuthSession>): AuthSession {
  const next = { ...getAuthSession(), ...patch };
  storage()?.setItem(KEY, JSON.stringify(next));
  return next;
}

export function clearAuthSession(): void {
  storage()?.removeItem(KEY);
  pendingPassword = null;
}

/** The password chosen for a new account, until registration sends it. */
export function setPendingPassword(password: string | null): void {
  pendingPassword = password;
}

export function getPendingPassword(): string | null {
  return pendingPassword;
}
