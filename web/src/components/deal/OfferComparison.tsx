/**
 * Payment agents' offers side by side (spec core §2 "review of offers"): agent brand, deal method, client fee %,
 * total fee, rate (4 decimals), payment term and total to pay, one card per agent with identical rows so they
 * line up. Details of offers in the statuses spec core §4 lists are not shown (the gateway returns `offer: null`
 * for them, `offerDetailsHidden`). `renderAction` puts a button under a card ('Принять предложение').
 */
import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type {
  OfferComparison_partnerOrders$data,
  OfferComparison_partnerOrders$key,
} from '../../__generated__/OfferComparison_partnerOrders.graphql';
import { apiDateToDisplay, formatDecimal, formatMoney, formatRate } from '../../system/formats';
import { readOfferFees } from './commission';
import { Facts } from './Facts';
import { DEAL_METHOD_LABEL, OFFER_STATUS_LABEL } from './labels';
import { offerTotalToPay } from '@platform/domain/deal/money';
import { StatusBadge } from './StatusBadge';

export type ComparedOffer = OfferComparison_partnerOrders$data[number];

export interface OfferComparisonProps {
  partnerOrders: OfferComparison_partnerOrders$key;
  /** SENDING or RECEIVING: what the total to pay includes. */
  paymentType: string;
  renderAction?: (offer: ComparedOffer) => ReactNode;
  /** Id of the leading offer (spec core §4), outlined. */
  leadingId?: string | null;
}

export function OfferComparison({ partnerOrders, paymentType, renderAction, leadingId }: OfferComparisonProps) {
  const offers = useFragment(
    graphql`
      fragment OfferComparison_partnerOrders on PartnerOrder @relay(plural: true) {
        id
        partnerId
        brand
        status
        offerDetailsHidden
        viewerCanAccept
        offer {
          dealMethod
          paymentSum {
            amount
            currency
          }
          paymentDateFrom
          paymentDateTo
          ...commission_offerFees
          exchangeRate {
            currencyCode
            course
          }
        }
      }
    `,
    partnerOrders,
  );
  if (offers.length === 0) {
    return (
      <Text color="gray.600" role="status">
        Заявка ещё не направлена платёжным агентам
      </Text>
    );
  }
  return (
    <SimpleGrid
      columns={{ base: 1, md: Math.min(offers.length, 3) }}
      gap="4"
      role="list"
      aria-label="Сравнение предложений"
    >
      {offers.map((po) => {
        const brand = po.brand ?? `Агент ${po.partnerId ?? ''}`.trim();
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
          <Box
            key={po.id}
            role="listitem"
            aria-label={`Предложение ${brand}`}
            data-testid="offer-card"
            borderWidth="1px"
            borderRadius="md"
            bg="white"
            p="4"
            borderColor={po.id === leadingId ? 'green.400' : undefined}
          >
            <Stack gap="3" h="full">
              <HStack justify="space-between" align="flex-start" gap="2">
                <Text fontWeight="semibold" fontSize="lg">
                  {brand}
                </Text>
                <StatusBadge code={po.status} label={OFFER_STATUS_LABEL[po.status] ?? po.status} />
              </HStack>
              {o && fees ? (
                <Facts
                  orientation="vertical"
                  items={[
                    { label: 'Способ сделки', value: DEAL_METHOD_LABEL[o.dealMethod] ?? o.dealMethod },
                    { label: 'Комиссия клиента', value: `${formatDecimal(fees.clientFeePercent, 2)} %` },
                    { label: 'Комиссия всего', value: formatMoney(fees.totalFee.amount, fees.totalFee.currency) },
                    fees.totalCommission && {
                      label: 'Комиссия в рублях',
                      value: `${formatMoney(fees.totalCommission.amount.amount, fees.totalCommission.amount.currency)} (${formatDecimal(fees.totalCommission.percent, 2)} %)`,
                    },
                    {
                      label: 'Курс',
                      value: `${formatRate(o.exchangeRate.course)} ₽ за 1 ${o.exchangeRate.currencyCode}`,
                    },
                    {
                      label: 'Срок оплаты',
                      value: `${apiDateToDisplay(o.paymentDateFrom)} — ${apiDateToDisplay(o.paymentDateTo)}`,
                    },
                    { label: 'Итого к оплате', value: total ? formatMoney(total, 'RUB') : '—', testId: 'offer-total' },
                  ]}
                />
              ) : (
                <Text color="gray.600" fontSize="sm">
                  {po.status === 'ALLOWED' || po.status === 'IN_PROGRESS' || po.status === 'CREATED_OFFER'
                    ? 'Агент готовит предложение'
                    : 'Детали предложения не отображаются'}
                </Text>
              )}
              {renderAction && <Box mt="auto">{renderAction(po)}</Box>}
            </Stack>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
