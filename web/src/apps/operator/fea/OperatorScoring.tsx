/**
 * Scoring (spec core §2 "scoring where agents are chosen", §4 Deal flow 2): every active payment agent with
 * whether it suits the request (currency, limits) and whether it already has it; the operator ticks agents and
 * sends the request to them ('Отправить агентам' → ACTIVE, their sides ALLOWED). Agents that hold an open offer
 * or refused cannot be chosen again.
 */
import { Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { OperatorScoring_order$key } from '../../../__generated__/OperatorScoring_order.graphql';
import { reportResult } from '../../../system/errors/resultMessage';
import { OFFER_STATUS_LABEL } from '../../../components/deal/labels';
import { StatusBadge } from '../../../components/deal/StatusBadge';
import { useSendOrderToPartnersMutation } from './mutations/useSendOrderToPartnersMutation';

export function OperatorScoring({
  order: orderKey,
  refetch,
}: {
  order: OperatorScoring_order$key;
  refetch: () => void;
}) {
  const order = useFragment(
    graphql`
      fragment OperatorScoring_order on Order {
        id
        viewerCanSendToPartners
        partnerCandidates {
          partnerId
          brand
          shortName
          inn
          signRequired
          currencySupported
          withinLimits
          partnerOrderStatus
          sent
          available
        }
      }
    `,
    orderKey,
  );
  const [send, sending] = useSendOrderToPartnersMutation();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const candidates = order.partnerCandidates ?? [];
  const canSend = order.viewerCanSendToPartners;

  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSend = async () => {
    try {
      const r = await send({ input: { orderId: order.id, partnerIds: [...chosen] } });
      if (reportResult(r.sendOrderToPartners, { success: 'Заявка отправлена платёжным агентам', refetch }))
        setChosen(new Set());
    } catch {
      /* generic toast shown */
    }
  };

  if (candidates.length === 0) return <Text color="gray.600">Нет активных платёжных агентов</Text>;
  return (
    <Stack gap="4">
      {!canSend && (
        <Text color="gray.700">
          Выбор агентов сейчас недоступен: заявку нужно взять в работу, либо она уже вышла из скоринга.
        </Text>
      )}
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Платёжные агенты">
        {candidates.map((c) => {
          const name = c.brand ?? c.shortName;
          return (
            <li key={c.partnerId} data-testid="scoring-partner">
              <HStack
                align="flex-start"
                justify="space-between"
                borderWidth="1px"
                borderRadius="md"
                p="3"
                bg="white"
                gap="3"
              >
                <Stack gap="1">
                  <Checkbox.Root
                    checked={chosen.has(c.partnerId)}
                    onCheckedChange={(d) => toggle(c.partnerId, d.checked === true)}
                    disabled={!canSend || !c.available}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="medium">{name}</Checkbox.Label>
                  </Checkbox.Root>
                  <Text fontSize="sm" color="gray.600">
                    {c.shortName}, ИНН {c.inn} · {c.signRequired ? 'с электронной подписью' : 'без подписи'}
                  </Text>
                  <Text fontSize="sm" color={c.currencySupported && c.withinLimits ? 'green.700' : 'orange.700'}>
                    {!c.currencySupported
                      ? 'Валюта заявки не поддерживается'
                      : !c.withinLimits
                        ? 'Сумма вне лимитов агента'
                        : 'Подходит по валюте и лимитам'}
                  </Text>
                </Stack>
                {c.partnerOrderStatus && (
                  <StatusBadge
                    code={c.partnerOrderStatus}
                    label={OFFER_STATUS_LABEL[c.partnerOrderStatus] ?? c.partnerOrderStatus}
                  />
                )}
              </HStack>
            </li>
          );
        })}
      </Stack>
      {canSend && (
        <Button alignSelf="flex-start" onClick={onSend} loading={sending} disabled={chosen.size === 0}>
          Отправить агентам
        </Button>
      )}
    </Stack>
  );
}
