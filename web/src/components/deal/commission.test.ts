/**
 * The commission fragments (commission.ts; spec core §3 Offer, §7 partner commission/calculate) read the same from a
 * live answer that is not kept in the store (fetchQuery of the agent's offer form) and from stored records.
 */
import { commitLocalUpdate, fetchQuery } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import liveQuery, { type useLiveCommissionQuery } from '../../__generated__/useLiveCommissionQuery.graphql';
import { readCommissionBreakdown } from './commission';

const BREAKDOWN = {
  currency: 'USD',
  clientFeePercent: '2.5',
  agentFeePercent: '1.5',
  serviceFeePercent: '1',
  totalFee: '250.00',
  agentFee: '150.00',
  serviceFee: '100.00',
  rate: '92.1234',
  settlementCurrency: 'RUB',
  amountConverted: '921234.00',
  expensesConverted: '0.00',
  totalToPay: '944264.85',
  totalCommission: { amount: { amount: '23030.85', currency: 'RUB' }, percent: '2.5' },
};

describe('commission_breakdown', () => {
  it('reads the live calculateCommission answer, also after the store dropped the record', async () => {
    const environment = createMockEnvironment();
    const variables = { partnerOrderId: 'po-1', input: {} as never };
    const pending = fetchQuery<useLiveCommissionQuery>(environment, liveQuery, variables).toPromise();
    const op = environment.mock.getMostRecentOperation();
    environment.mock.resolve(
      op,
      MockPayloadGenerator.generate(op, {
        Query: () => ({ calculateCommission: { __typename: 'Commission' } }),
        Commission: () => ({ ...BREAKDOWN, amount: '10000.00', totalFeeConverted: '23030.85', expenses: [] }),
      }),
    );
    const data = await pending;
    const r = data?.calculateCommission;
    if (r?.__typename !== 'Commission' || !r.breakdown) throw new Error('no breakdown');
    // The answer is not retained: what the form shows must not depend on the store keeping it.
    commitLocalUpdate(environment, (store) =>
      store.delete(store.getRoot().getLinkedRecord('calculateCommission', variables)?.getDataID() ?? ''),
    );
    expect(readCommissionBreakdown(r.breakdown)).toEqual(BREAKDOWN);
  });
});
