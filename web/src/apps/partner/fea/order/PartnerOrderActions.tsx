/**
 * What every step of the request modal does with a mutation result, through the one result→message place
 * (system/errors/resultMessage.ts): success → a toast and the step follows the new status; `UserError` → its
 * Russian message; a stale-state code (someone else changed the request meanwhile) → the request is fetched again,
 * so the buttons match the server's `viewerCan*` flags.
 */
import { createContext, useContext } from 'react';
import { reportResult, showUserError, type Refusal } from '../../../../system/errors/resultMessage';
import type { ResultMember } from '../../../../system/errors/userError';
import { showSuccess } from '../../../../system/toaster';

export interface PartnerOrderActions {
  /** Fetches the request again (after an upload through the file proxy, or a conflict). */
  refetch: () => void;
  /** After a successful transition: shows `message` and lets the step follow the status. */
  done: (message: string) => void;
  /** Shows a refusal's message; refetches after a stale-state code. */
  fail: (error: Refusal) => void;
  /** A transition's result member: `done(success)` on success, `fail` for its UserError. Returns true on success. */
  report: (result: ResultMember, success: string) => boolean;
}

export const PartnerOrderActionsContext = createContext<PartnerOrderActions | null>(null);

/** The actions of the open request modal (PartnerOrderModal provides them). */
export function usePartnerOrderActions(): PartnerOrderActions {
  const ctx = useContext(PartnerOrderActionsContext);
  if (!ctx) throw new Error('usePartnerOrderActions outside PartnerOrderDialog');
  return ctx;
}

/** The actions for a modal that reloads with `refetch` and follows the status with `followStatus`. */
export function makeActions(refetch: () => void, followStatus: () => void): PartnerOrderActions {
  return {
    refetch,
    done: (message) => {
      showSuccess(message);
      followStatus();
    },
    fail: (error) => showUserError(error, refetch),
    report: (result, success) => reportResult(result, { success, onSuccess: followStatus, refetch }),
  };
}
