/**
 * A commission breakdown computed by the server (schema `Commission`; spec core §3 Offer: total fee, agent fee,
 * service fee, expenses; §9: amounts with 2 decimals, the rate with 4 decimals in RUB). Display only: both the
 * live `calculateCommission` answer and the stored breakdown of a sent offer come here as plain data.
 */
import { DataList } from '@chakra-ui/react';
import { formatDecimal, formatMoney, formatRateRub } from '../../../../system/formats';
import { PT } from '../texts';

export interface CommissionView {
  readonly currency: string;
  readonly clientFeePercent: string;
  readonly agentFeePercent: string;
  readonly serviceFeePercent: string;
  readonly totalFee: string;
  readonly agentFee: string;
  readonly serviceFee: string;
  readonly rate: string;
  readonly settlementCurrency: string;
  readonly amountConverted: string;
  readonly expensesConverted: string;
  readonly totalToPay: string;
  readonly totalCommission: {
    readonly amount: { readonly amount: string; readonly currency: string };
    readonly percent: string;
  };
}

const percent = (p: string) => `${formatDecimal(p, 2)}%`;

export function CommissionBreakdown({ commission: c }: { commission: CommissionView }) {
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
