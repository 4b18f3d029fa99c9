/** The bill of the accepted offer (spec core §4 steps 6–7): status, amount, and where to pay (payment company requisites). */
import { Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { PayCheckDetails_payCheck$key } from '../../__generated__/PayCheckDetails_payCheck.graphql';
import { formatDateTime, formatDecimal } from '../../system/formats';
import { Facts } from './Facts';
import { MoneyText } from './MoneyText';
import { StatusBadge } from './StatusBadge';

export function PayCheckDetails({ payCheck }: { payCheck: PayCheckDetails_payCheck$key }) {
  const p = useFragment(
    graphql`
      fragment PayCheckDetails_payCheck on PayCheck {
        id
        status
        statusLabel
        amount {
          amount
          currency
        }
        commission
        convertedCommissionAmount
        created
        paymentCompany {
          name
          inn
          kpp
          legalAddress
          actualAddress
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
    payCheck,
  );
  const c = p.paymentCompany;
  return (
    <Stack gap="4" role="group" aria-label="Счёт на оплату">
      <Facts
        items={[
          {
            label: 'Статус счёта',
            value: <StatusBadge code={p.status} label={p.statusLabel} testId="paycheck-status" />,
          },
          {
            label: 'Сумма к оплате',
            value: p.amount ? (
              <MoneyText
                amount={p.amount.amount}
                currency={p.amount.currency}
                fontWeight="semibold"
                data-testid="paycheck-amount"
              />
            ) : null,
          },
          p.convertedCommissionAmount != null && {
            label: 'Комиссия, ₽',
            value: formatDecimal(p.convertedCommissionAmount, 2),
          },
          { label: 'Выставлен', value: formatDateTime(p.created) },
        ]}
      />
      {c ? (
        <Stack gap="2">
          <Text fontWeight="medium">Реквизиты для оплаты</Text>
          <Facts
            label="Реквизиты для оплаты"
            items={[
              { label: 'Получатель', value: c.name },
              { label: 'ИНН', value: c.inn },
              c.kpp && { label: 'КПП', value: c.kpp },
              { label: 'Юридический адрес', value: c.legalAddress },
              c.actualAddress &&
                c.actualAddress !== c.legalAddress && { label: 'Фактический адрес', value: c.actualAddress },
            ]}
          />
          {c.requisites.map((r) => (
            <Facts
              key={`${r.checkAccount}-${r.currencyCode}`}
              label={`Счёт в ${r.currencyCode}`}
              items={[
                { label: 'Банк', value: r.bankName },
                r.bankBik && { label: 'БИК', value: r.bankBik },
                r.swift && { label: 'SWIFT', value: r.swift },
                { label: `Расчётный счёт (${r.currencyCode})`, value: r.checkAccount },
                r.corrAccount && { label: 'Корреспондентский счёт', value: r.corrAccount },
              ]}
            />
          ))}
        </Stack>
      ) : (
        <Text color="gray.600">Реквизиты получателя не указаны</Text>
      )}
    </Stack>
  );
}
