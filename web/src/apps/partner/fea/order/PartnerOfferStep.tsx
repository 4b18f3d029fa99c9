/**
 * 'Предложение' (spec core §3 Offer, §4 Deal flow 3): the offer form while the server allows sending one
 * (`viewerCanSendOffer`: IN_PROGRESS, CREATED_OFFER), otherwise the sent offer with its stored breakdown; nothing
 * while its details are hidden (spec core §4).
 */
import { Alert, DataList, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { PartnerOfferStep_partnerOrder$key } from '../../../../__generated__/PartnerOfferStep_partnerOrder.graphql';
import type { PartnerOfferStep_settings$key } from '../../../../__generated__/PartnerOfferStep_settings.graphql';
import { apiDateToDisplay, formatDecimal, formatMoney, formatRateRub } from '../../../../system/formats';
import { PT } from '../texts';
import { readOfferFees } from '../../../../components/deal/commission';
import { CommissionBreakdown } from './CommissionBreakdown';
import { OfferForm } from './OfferForm';

export function PartnerOfferStep({
  partnerOrder: key,
  settings: settingsKey,
}: {
  partnerOrder: PartnerOfferStep_partnerOrder$key;
  settings: PartnerOfferStep_settings$key | null;
}) {
  const po = useFragment(
    graphql`
      fragment PartnerOfferStep_partnerOrder on PartnerOrder {
        id
        status
        viewerCanSendOffer
        offerDetailsHidden
        order {
          orderId
          amount {
            amount
            currency
          }
          paymentDateFrom
          paymentDateTo
        }
        offerTerms {
          serviceFeePercent
          indicativeRate
          breakdown {
            ...commission_breakdown
          }
        }
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
          exchangeRate {
            currencyCode
            course
            courseDeterminationRules
          }
          sampleContractFileId
        }
        documentExamples {
          id
          documentId
          fileId
          name
          size
          downloadUrl
        }
      }
    `,
    key,
  );
  const settings = useFragment(
    graphql`
      fragment PartnerOfferStep_settings on PartnerSettings {
        currencies {
          currencyCode
          rateSource
          rateRules
          rateTime
          indicativeRate
        }
      }
    `,
    settingsKey,
  );

  if (po.viewerCanSendOffer) {
    const currency = po.order.amount.currency;
    const setting = settings?.currencies.find((c) => c.currencyCode === currency);
    const rateRules = setting
      ? [setting.rateSource, setting.rateRules, setting.rateTime].filter(Boolean).join('; ')
      : '';
    return (
      <OfferForm
        partnerOrderId={po.id}
        orderId={po.order.orderId}
        currency={currency}
        defaults={{
          amount: po.order.amount.amount,
          currency,
          paymentDateFrom: po.order.paymentDateFrom,
          paymentDateTo: po.order.paymentDateTo,
          indicativeRate: po.offerTerms?.indicativeRate ?? setting?.indicativeRate ?? null,
          rateRules,
        }}
        serviceFeePercent={po.offerTerms?.serviceFeePercent ?? null}
        documentExamples={po.documentExamples}
      />
    );
  }

  const offer = po.offer;
  if (!offer) {
    return (
      <Text color="gray.600" pt="2" role="status">
        {po.offerDetailsHidden && po.status !== 'ALLOWED'
          ? PT.offer.hiddenDetails
          : po.status === 'ALLOWED'
            ? PT.offer.takeFirst
            : PT.offer.notSent}
      </Text>
    );
  }
  const cur = offer.paymentSum.currency;
  const fees = readOfferFees(offer);
  const sample = po.documentExamples[0];
  return (
    <Stack gap="5" pt="2">
      <Heading as="h3" size="sm">
        {PT.offer.summary}
      </Heading>
      <DataList.Root orientation="horizontal" size="sm" aria-label={PT.offer.summary}>
        <Row label={PT.offer.dealMethod} value={PT.offer.dealMethods[offer.dealMethod] ?? offer.dealMethod} />
        <Row label={PT.offer.paymentSum} value={formatMoney(offer.paymentSum.amount, cur)} />
        <Row
          label={PT.data.term}
          value={`${apiDateToDisplay(offer.paymentDateFrom)} — ${apiDateToDisplay(offer.paymentDateTo)}`}
        />
        <Row label={PT.offer.clientFee} value={`${formatDecimal(fees.clientFeePercent, 2)}%`} />
        <Row label={PT.commission.rate} value={formatRateRub(offer.exchangeRate.course)} />
        {offer.exchangeRate.courseDeterminationRules && (
          <Row label={PT.offer.courseRules} value={offer.exchangeRate.courseDeterminationRules} />
        )}
        {offer.transactionType && <Row label={PT.offer.transactionType} value={offer.transactionType} />}
        {offer.additionalExpenses.map((e, i) => (
          <Row
            key={i}
            label={`${PT.offer.expenses} ${i + 1}`}
            value={`${formatMoney(e.amount.amount, e.amount.currency)} × ${formatRateRub(e.rate)}${e.description ? ` — ${e.description}` : ''}`}
          />
        ))}
        {sample && (
          <DataList.Item>
            <DataList.ItemLabel minW="44">{PT.offer.sampleContract}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Link href={sample.downloadUrl} download={sample.name} color="blue.700">
                {sample.name}
              </Link>
            </DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>
      {po.offerTerms?.breakdown && (
        <Stack as="section" aria-label={PT.commission.region} gap="2">
          <Heading as="h3" size="sm">
            {PT.commission.region}
          </Heading>
          <CommissionBreakdown commission={po.offerTerms.breakdown} />
        </Stack>
      )}
      {po.status === 'SEND_OFFER' && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{PT.offer.sent}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
