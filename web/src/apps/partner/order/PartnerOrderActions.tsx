/**
 * What every step of the request modal does with a mutation result (DESIGN principle 5: one place maps a
 * GraphQL result to a UI message): success → a toast and the step follows the new status; `UserError` → its
 * Russian message; CONFLICT and friends (someone else changed the request meanwhile) → the request is fetched
 * again, so the buttons match the server's `viewerCan*` flags.
 */
import { createContext, useContext } from 'react';
import { showSuccess, toaster } from '../../../system/toaster';
import { shouldRefetchAfter } from '../modalSteps';

export interface UserErrorLike {
  code: string;
  message: string;
}

export interface PartnerOrderActions {
  /** Fetches the request again (after an upload through the file proxy, or a conflict). */
  refetch: () => void;
  /** After a successful transition: shows `message` and lets the step follow the status. */
  done: (message: string) => void;
  /** Shows a UserError's message; refetches after a conflict. */
  fail: (error: UserErrorLike) => void;
}

export const PartnerOrderActionsContext = createContext<PartnerOrderActions | null>(null);

export function usePartnerOrderActions(): PartnerOrderActions {
  const ctx = useContext(PartnerOrderActionsContext);
  if (!ctx) throw new Error('usePartnerOrderActions outside PartnerOrderDialog');
  return ctx;
}

export function makeActions(refetch: () => void, followStatus: () => void): PartnerOrderActions {
  return {
    refetch,
    done: (message) => {
      showSuccess(message);
      followStatus();
    },
    fail: (error) => {
      toaster.create({ type: 'error', title: error.message, closable: true });
      if (shouldRefetchAfter(error.code)) refetch();
    },
  };
}
