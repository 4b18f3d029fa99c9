/**
 * One offer in full (spec core §3 Offer, Exchange rate info): deal method, payment sum and term, client fee %,
 * total / agent / service fee, total commission, additional expenses, exchange rate with its rules, transaction
 * type. Details hidden for the statuses spec core §4 lists say so instead.
 */
import { Link, Stack, Table, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { OfferDetail_partnerOrder$key } from '../../__generated__/OfferDetail_partnerOrder.graphql';
import { apiDateToDisplay, formatDecimal, formatMoney, formatRate } from '../../system/formats';
import { readOfferFees } from './commission';
import { Facts } from './Facts';
import { DEAL_METHOD_LABEL, OFFER_STATUS_LABEL } from './labels';
import { offerTotalToPay } from '@platform/domain/deal/money';
import { StatusBadge } from './StatusBadge';

export function OfferDetail({
  partnerOrder,
  paymentType,
}: {
  partnerOrder: OfferDetail_partnerOrder$key;
  paymentType: string;
}) {
  const po = useFragment(
    graphql`
      fragment OfferDetail_partnerOrder on PartnerOrder {
        brand
        status
        partnerSignRequired
        offer {
          dealMethod
          paymentSum {
            amount
            currency
          }
          paymentDateFrom
          paymentDateTo
          transactionType
          ...commission_offerFees
          additionalExpenses {
            amount {
              amount
              currency
            }
            rate
            description
          }
          sampleContractDownloadUrl
          exchangeRate {
            currencyCode
            course
            source
            courseDeterminationRules
            expensesCurrencyCode
            expensesCourse
            expensesCourseDeterminationRules
          }
        }
      }
    `,
    partnerOrder,
  );
  const o = po.offer;
  const fees = o ? readOfferFees(o) : null;
  const total = o
    ? offerTotalToPay({
        paymentType,
        paymentSum: o.paymentSum.amount,
        course: o.exchangeRate.course,
        totalCommission: fees?.totalCommission?.amount.amount,
      })
    : null;
  return (
    <Stack gap="4" aria-label={`Предложение ${po.brand ?? ''}`.trim()} role="group">
      <Facts
        items={[
          { label: 'Платёжный агент', value: po.brand },
          {
            label: 'Статус',
            value: <StatusBadge code={po.status} label={OFFER_STATUS_LABEL[po.status] ?? po.status} />,
          },
          {
            label: 'Документы',
            value: po.partnerSignRequired ? 'Подписываются электронной подписью' : 'Подтверждаются без подписи',
          },
        ]}
      />
      {!o || !fees ? (
        <Text color="gray.600">Детали предложения не отображаются</Text>
      ) : (
        <>
          <Facts
            label="Условия предложения"
            items={[
              { label: 'Способ сделки', value: DEAL_METHOD_LABEL[o.dealMethod] ?? o.dealMethod },
              { label: 'Сумма платежа', value: formatMoney(o.paymentSum.amount, o.paymentSum.currency) },
              {
                label: 'Срок оплаты',
                value: `${apiDateToDisplay(o.paymentDateFrom)} — ${apiDateToDisplay(o.paymentDateTo)}`,
              },
              o.transactionType && { label: 'Тип перевода', value: o.transactionType },
              { label: 'Комиссия клиента', value: `${formatDecimal(fees.clientFeePercent, 2)} %` },
              { label: 'Комиссия всего', value: formatMoney(fees.totalFee.amount, fees.totalFee.currency) },
              { label: 'Комиссия агента', value: formatMoney(fees.agentFee.amount, fees.agentFee.currency) },
              { label: 'Комиссия сервиса', value: formatMoney(fees.serviceFee.amount, fees.serviceFee.currency) },
              fees.totalCommission && {
                label: 'Комиссия в рублях',
                value: `${formatMoney(fees.totalCommission.amount.amount, fees.totalCommission.amount.currency)} (${formatDecimal(fees.totalCommission.percent, 2)} %)`,
              },
              { label: 'Курс', value: `${formatRate(o.exchangeRate.course)} ₽ за 1 ${o.exchangeRate.currencyCode}` },
              o.exchangeRate.source && { label: 'Источник курса', value: o.exchangeRate.source },
              { label: 'Правила определения курса', value: o.exchangeRate.courseDeterminationRules },
              o.exchangeRate.expensesCourse && {
                label: `Курс расходов${o.exchangeRate.expensesCurrencyCode ? ` (${o.exchangeRate.expensesCurrencyCode})` : ''}`,
                value: `${formatRate(o.exchangeRate.expensesCourse)} ₽${o.exchangeRate.expensesCourseDeterminationRules ? ` — ${o.exchangeRate.expensesCourseDeterminationRules}` : ''}`,
              },
              { label: 'Итого к оплате', value: total ? formatMoney(total, 'RUB') : '—' },
              o.sampleContractDownloadUrl && {
                label: 'Образец договора',
                value: (
                  <Link href={o.sampleContractDownloadUrl} download colorPalette="blue" variant="underline">
                    Скачать образец договора
                  </Link>
                ),
              },
            ]}
          />
          {o.additionalExpenses.length > 0 && (
            <Table.Root size="sm" aria-label="Дополнительные расходы">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Расход</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Сумма</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Курс</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {o.additionalExpenses.map((e, i) => (
                  <Table.Row key={i}>
                    <Table.Cell>{e.description ?? '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(e.amount.amount, e.amount.currency)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatRate(e.rate)} ₽</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </>
      )}
    </Stack>
  );
}
