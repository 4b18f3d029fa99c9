/**
 * The commission of the offer being prepared, computed LIVE by the server (`calculateCommission`, spec core §7
 * partner commission/calculate; never in the browser): asked again 500 ms after the inputs stop changing; an
 * answer to an older input is dropped. While the inputs are incomplete (`input` null) nothing is asked.
 */
import { useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useLiveCommissionQuery } from '../../../../__generated__/useLiveCommissionQuery.graphql';
import type { CommissionBreakdownRef } from '../../../../components/deal/commission';
import { useDebouncedValue } from '../../../../system/useDebouncedValue';
import { commissionKey, type CommissionInputValue } from '../offerForm';
import { readUserError } from '../../../../system/errors/userError';

export const COMMISSION_DEBOUNCE_MS = 500;

const query = graphql`
  query useLiveCommissionQuery($partnerOrderId: ID!, $input: CommissionInput!) {
    calculateCommission(partnerOrderId: $partnerOrderId, input: $input) {
      __typename
      ... on Commission {
        ...commission_breakdown @alias(as: "breakdown")
      }
      ... on UserError {
        ...userErrorFragment @alias(as: "userError")
      }
    }
  }
`;

/** The live breakdown: a `Commission` reference for CommissionBreakdown (read through commission_breakdown). */
export type LiveCommission = CommissionBreakdownRef;

export interface LiveCommissionState {
  loading: boolean;
  commission: LiveCommission | null;
  /** The server's messages for the current input (e.g. the client fee below the service fee). */
  errors: string[];
}

export function useLiveCommission(partnerOrderId: string, input: CommissionInputValue | null): LiveCommissionState {
  const environment = useRelayEnvironment();
  const key = commissionKey(input);
  const debouncedKey = useDebouncedValue(key, COMMISSION_DEBOUNCE_MS);
  const [state, setState] = useState<LiveCommissionState>({ loading: false, commission: null, errors: [] });
  const seq = useRef(0);

  useEffect(() => {
    const my = ++seq.current;
    if (!debouncedKey) {
      setState({ loading: false, commission: null, errors: [] });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const variables = { partnerOrderId, input: JSON.parse(debouncedKey) as CommissionInputValue };
    fetchQuery<useLiveCommissionQuery>(environment, query, variables, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((data) => {
        if (my !== seq.current || !data) return;
        const r = data.calculateCommission;
        if (r.__typename === 'Commission' && r.breakdown)
          setState({ loading: false, commission: r.breakdown, errors: [] });
        else if (r.__typename === 'UserError') {
          const userError = readUserError(r.userError);
          const messages =
            userError.fieldErrors.length > 0 ? userError.fieldErrors.map((f) => f.message) : [userError.message];
          setState({ loading: false, commission: null, errors: [...new Set(messages)] });
        }
      })
      .catch(() => {
        if (my === seq.current)
          setState({ loading: false, commission: null, errors: ['Не удалось рассчитать комиссию'] });
      });
  }, [debouncedKey, partnerOrderId, environment]);

  // Inputs changed since the last answer: the shown numbers are about to be replaced.
  return key !== debouncedKey ? { ...state, loading: !!key } : state;
}
