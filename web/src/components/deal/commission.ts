/**
 * The commission money fields, selected once (spec core §3 Offer: client fee %, total / agent / service fee, total
 * commission in RUB; §7 partner commission/calculate; §9 amounts as decimal strings). Both fragments are `@inline`:
 * a query or fragment spreads them where the numbers are shown and the view reads them with `readInlineData`, so the
 * live answer of `calculateCommission` (fetchQuery, not kept in the store) and stored data read the same way.
 *
 * - `commission_breakdown` on `Commission`: the server's breakdown of an offer being prepared or sent (the agent's
 *   CommissionBreakdown, the bill estimate of the payment step).
 * - `commission_offerFees` on `Offer`: the fees of a sent offer as `Money` (the client's and operator's offer views,
 *   the offer comparison, the agent's sent offer).
 */
import { graphql, readInlineData } from 'react-relay';
import type {
  commission_breakdown$data,
  commission_breakdown$key,
} from '../../__generated__/commission_breakdown.graphql';
import type {
  commission_offerFees$data,
  commission_offerFees$key,
} from '../../__generated__/commission_offerFees.graphql';

export const COMMISSION_BREAKDOWN = graphql`
  fragment commission_breakdown on Commission @inline {
    currency
    clientFeePercent
    agentFeePercent
    serviceFeePercent
    totalFee
    agentFee
    serviceFee
    rate
    settlementCurrency
    amountConverted
    expensesConverted
    totalToPay
    totalCommission {
      amount {
        amount
        currency
      }
      percent
    }
  }
`;

export const OFFER_FEES = graphql`
  fragment commission_offerFees on Offer @inline {
    clientFeePercent
    totalFee {
      amount
      currency
    }
    agentFee {
      amount
      currency
    }
    serviceFee {
      amount
      currency
    }
    totalCommission {
      amount {
        amount
        currency
      }
      percent
    }
  }
`;

/**
 * A commission breakdown: fee percents and fees in the offer currency (`currency`), the rate (RUB per unit), and in
 * `settlementCurrency` (RUB) the converted amount, expenses, total commission (with its percent) and `totalToPay`.
 */
export type CommissionBreakdownData = commission_breakdown$data;
/** A reference to a `Commission` that spread `...commission_breakdown`. */
export type CommissionBreakdownRef = commission_breakdown$key;

/** The fees of a sent offer: client fee %, total / agent / service fee as Money, the total commission in RUB (or null). */
export type OfferFeesData = commission_offerFees$data;
/** A reference to an `Offer` that spread `...commission_offerFees`. */
export type OfferFeesRef = commission_offerFees$key;

/** Reads a breakdown through `commission_breakdown`. */
export function readCommissionBreakdown(ref: CommissionBreakdownRef): CommissionBreakdownData {
  return readInlineData(COMMISSION_BREAKDOWN, ref);
}

/** Reads the fees of an offer through `commission_offerFees`. */
export function readOfferFees(ref: OfferFeesRef): OfferFeesData {
  return readInlineData(OFFER_FEES, ref);
}
