/**
 * 'Оплата' (spec core §4 steps 6–8, Payment statuses): choose the payment company the client pays to, see the
 * amount, 'Выставить счёт' (or 'Перевыставить счёт' — a reissue archives the previous bill) while the server's
 * `viewerCanIssuePayCheck` allows; then, once the client marked the payment made, 'Подтвердить получение оплаты'
 * (`viewerCanConfirmPayment`). The bill's amount is the server's; before a bill exists the amount of the sent
 * offer's breakdown is shown (RUB: payment, fees and expenses for SENDING; the commission for RECEIVING).
 */
import { Alert, Button, DataList, HStack, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PartnerPaymentStep_partnerOrder$key } from '../../../../__generated__/PartnerPaymentStep_partnerOrder.graphql';
import type { PartnerPaymentStep_settings$key } from '../../../../__generated__/PartnerPaymentStep_settings.graphql';
import { readCommissionBreakdown } from '../../../../components/deal/commission';
import { FormField } from '../../../../components/FormField';
import { formatDateTime, formatMoney } from '../../../../system/formats';
import { useConfirmPaymentMutation } from '../mutations/useConfirmPaymentMutation';
import { useIssuePayCheckMutation } from '../mutations/useIssuePayCheckMutation';
import { PT } from '../texts';
import { usePartnerOrderActions } from './PartnerOrderActions';

export function PartnerPaymentStep({
  partnerOrder: key,
  settings: settingsKey,
}: {
  partnerOrder: PartnerPaymentStep_partnerOrder$key;
  settings: PartnerPaymentStep_settings$key | null;
}) {
  const actions = usePartnerOrderActions();
  const po = useFragment(
    graphql`
      fragment PartnerPaymentStep_partnerOrder on PartnerOrder {
        id
        status
        viewerCanIssuePayCheck
        viewerCanConfirmPayment
        order {
          paymentType
        }
        offerTerms {
          breakdown {
            ...commission_breakdown
          }
        }
        payCheck {
          id
          payCheckId
          status
          statusLabel
          amount {
            amount
            currency
          }
          created
          statusDate
          paymentCompany {
            paymentCompanyId
            name
            inn
          }
        }
      }
    `,
    key,
  );
  const settings = useFragment(
    graphql`
      fragment PartnerPaymentStep_settings on PartnerSettings {
        paymentCompanies {
          paymentCompanyId
          name
          inn
          kpp
          legalAddress
          requisites {
            currencyCode
            bankName
            bankBik
            swift
            checkAccount
            corrAccount
          }
        }
      }
    `,
    settingsKey,
  );
  const companies = settings?.paymentCompanies ?? [];
  const bill = po.payCheck;
  const [companyId, setCompanyId] = useState<string>(() =>
    String(bill?.paymentCompany?.paymentCompanyId ?? companies[0]?.paymentCompanyId ?? ''),
  );
  const [issue, issuing] = useIssuePayCheckMutation();
  const [confirm, confirming] = useConfirmPaymentMutation();
  const company = companies.find((c) => String(c.paymentCompanyId) === companyId);

  const b = po.offerTerms?.breakdown ? readCommissionBreakdown(po.offerTerms.breakdown) : null;
  const estimate = b
    ? po.order.paymentType === 'RECEIVING'
      ? b.totalCommission.amount
      : { amount: b.totalToPay, currency: b.settlementCurrency || 'RUB' }
    : null;

  const onIssue = async () => {
    if (!company) return;
    const r = (await issue({ input: { partnerOrderId: po.id, paymentCompanyId: company.paymentCompanyId } }))
      .issuePayCheck;
    actions.report(r, PT.payment.issued);
  };
  const onConfirm = async () => {
    const r = (await confirm({ input: { partnerOrderId: po.id } })).confirmPayment;
    actions.report(r, PT.payment.confirmed);
  };

  return (
    <Stack gap="5" pt="2">
      {bill && (
        <Stack as="section" aria-label={PT.payment.bill} gap="2">
          <Heading as="h3" size="sm">
            {PT.payment.bill}
          </Heading>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel minW="44">{PT.payment.billStatus}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="paycheck-status" data-status={bill.status}>
                {bill.statusLabel}
              </DataList.ItemValue>
            </DataList.Item>
            {bill.amount && (
              <DataList.Item>
                <DataList.ItemLabel minW="44">{PT.payment.amount}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="paycheck-amount">
                  {formatMoney(bill.amount.amount, bill.amount.currency)}
                </DataList.ItemValue>
              </DataList.Item>
            )}
            {bill.paymentCompany && (
              <DataList.Item>
                <DataList.ItemLabel minW="44">{PT.payment.company}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {bill.paymentCompany.name}, ИНН {bill.paymentCompany.inn}
                </DataList.ItemValue>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.ItemLabel minW="44">{PT.payment.billCreated}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(bill.created)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Stack>
      )}

      {po.viewerCanIssuePayCheck && (
        <Stack gap="3">
          {companies.length === 0 ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Title>{PT.payment.noCompanies}</Alert.Title>
            </Alert.Root>
          ) : (
            <FormField label={PT.payment.company} required>
              <NativeSelect.Root>
                <NativeSelect.Field value={companyId} onChange={(e) => setCompanyId(e.currentTarget.value)}>
                  {companies.map((c) => (
                    <option key={c.paymentCompanyId} value={String(c.paymentCompanyId)}>
                      {c.name} (ИНН {c.inn})
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
          {company && (
            <Stack gap="1" fontSize="sm" color="gray.700" aria-label={PT.payment.requisites} role="group">
              <Text>
                {company.name}, ИНН {company.inn}
                {company.kpp ? `, КПП ${company.kpp}` : ''}; {company.legalAddress}
              </Text>
              {company.requisites.map((r, i) => (
                <Text key={i}>
                  {r.currencyCode}: {r.bankName}
                  {r.bankBik ? `, БИК ${r.bankBik}` : ''}
                  {r.swift ? `, SWIFT ${r.swift}` : ''}, р/с {r.checkAccount}
                  {r.corrAccount ? `, к/с ${r.corrAccount}` : ''}
                </Text>
              ))}
            </Stack>
          )}
          {!bill?.amount && estimate && (
            <Text fontSize="sm">
              {PT.payment.amountEstimate}:{' '}
              <Text as="span" fontWeight="semibold" data-testid="paycheck-estimate">
                {formatMoney(estimate.amount, estimate.currency)}
              </Text>
            </Text>
          )}
          <HStack justify="flex-end">
            <Button onClick={() => void onIssue()} loading={issuing} disabled={!company}>
              {bill ? PT.payment.reissue : PT.payment.issue}
            </Button>
          </HStack>
        </Stack>
      )}

      {bill && bill.status === 'ACTIVE' && !po.viewerCanConfirmPayment && (
        <Text fontSize="sm" color="gray.600" role="status">
          {PT.payment.waitingClient}
        </Text>
      )}
      {po.viewerCanConfirmPayment && (
        <HStack justify="flex-end">
          <Button colorPalette="green" onClick={() => void onConfirm()} loading={confirming}>
            {PT.payment.confirm}
          </Button>
        </HStack>
      )}
      {!bill && !po.viewerCanIssuePayCheck && (
        <Text fontSize="sm" color="gray.600">
          {PT.payment.notYet}
        </Text>
      )}
    </Stack>
  );
}
