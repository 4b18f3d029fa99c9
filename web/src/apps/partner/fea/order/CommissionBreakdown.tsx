/**
 * A commission breakdown computed by the server (schema `Commission`; spec core §3 Offer: total fee, agent fee,
 * service fee, expenses; §9: amounts with 2 decimals, the rate with 4 decimals in RUB). Display only: both the
 * live `calculateCommission` answer and the stored breakdown of a sent offer spread `...commission_breakdown`
 * (components/deal/commission.ts) and come here as its reference.
 */
import { DataList } from '@chakra-ui/react';
import { readCommissionBreakdown, type CommissionBreakdownRef } from '../../../../components/deal/commission';
import { formatDecimal, formatMoney, formatRateRub } from '../../../../system/formats';
import { PT } from '../texts';

const percent = (p: string) => `${formatDecimal(p, 2)}%`;

/** The rows of a breakdown; `commission` is a `Commission` that spread `...commission_breakdown`. */
export function CommissionBreakdown({ commission }: { commission: CommissionBreakdownRef }) {
  const c = readCommissionBreakdown(commission);
  const rub = c.settlementCurrency || 'RUB';
  const rows: Array<[string, string, string]> = [
    ['total-fee', PT.commission.totalFee, `${formatMoney(c.totalFee, c.currency)} (${percent(c.clientFeePercent)})`],
    ['agent-fee', PT.commission.agentFee, `${formatMoney(c.agentFee, c.currency)} (${percent(c.agentFeePercent)})`],
    [
      'service-fee',
      PT.commission.serviceFee,
      `${formatMoney(c.serviceFee, c.currency)} (${percent(c.serviceFeePercent)})`,
    ],
    ['expenses', PT.commission.expenses, formatMoney(c.expensesConverted, rub)],
    [
      'total-commission',
      PT.commission.totalCommission,
      `${formatMoney(c.totalCommission.amount.amount, c.totalCommission.amount.currency || rub)} (${percent(c.totalCommission.percent)})`,
    ],
    ['amount-converted', PT.commission.amountConverted, formatMoney(c.amountConverted, rub)],
    ['total-to-pay', PT.commission.totalToPay, formatMoney(c.totalToPay, rub)],
    ['rate', PT.commission.rate, formatRateRub(c.rate)],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {rows.map(([id, label, value]) => (
        <DataList.Item key={id}>
          <DataList.ItemLabel minW="48">{label}</DataList.ItemLabel>
          <DataList.ItemValue
            data-testid={`commission-${id}`}
            fontWeight={id === 'total-to-pay' ? 'semibold' : undefined}
          >
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
