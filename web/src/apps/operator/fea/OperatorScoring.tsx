/**
 * Scoring (spec core §2 "scoring where agents are chosen", §4 Deal flow 2): every active payment agent with
 * whether it suits the request (currency, limits) and whether it already has it; the operator ticks agents and
 * sends the request to them ('Отправить агентам' → ACTIVE, their sides ALLOWED). Agents that hold an open offer
 * or refused cannot be chosen again. Each agent shows whether the request fits its product passport and limits
 * ('Подходит', or the reasons: countries, currency, limits, direction, goods, minimums; issue 10); choosing an agent it
 * does not fit asks for the operator's comment, sent as the fit override (stored and audited by the backend).
 */
import { Button, Checkbox, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { OperatorScoring_order$key } from '../../../__generated__/OperatorScoring_order.graphql';
import { reportResult } from '../../../system/errors/resultMessage';
import { OFFER_STATUS_LABEL } from '../../../components/deal/labels';
import { StatusBadge } from '../../../components/deal/StatusBadge';
import { OVERRIDE_COMMENT_MAX, scoringOverrides } from '../agents/scoringOverrides';
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
          fitOverrideComment
          fit {
            fits
            reasons {
              code
              message
            }
          }
        }
      }
    `,
    orderKey,
  );
  const [send, sending] = useSendOrderToPartnersMutation();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [overrides, setOverrides] = useState<Readonly<Record<number, string>>>({});
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
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
    const { overrides: fitOverrides, missing: lacking } = scoringOverrides(candidates, chosen, overrides);
    setMissing(new Set(lacking));
    if (lacking.length) return;
    try {
      const r = await send({
        input: {
          orderId: order.id,
          partnerIds: [...chosen],
          overrides: fitOverrides,
        },
      });
      if (reportResult(r.sendOrderToPartners, { success: 'Заявка отправлена платёжным агентам', refetch })) {
        setChosen(new Set());
        setOverrides({});
      }
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
                  {c.fit.fits ? (
                    <Text fontSize="sm" color="green.700" data-testid="scoring-fit">
                      Подходит
                    </Text>
                  ) : (
                    <Stack as="ul" gap="0" fontSize="sm" color="orange.700" data-testid="scoring-fit" pl="4">
                      {c.fit.reasons.map((r) => (
                        <li key={r.code + r.message}>{r.message}</li>
                      ))}
                    </Stack>
                  )}
                  {c.fitOverrideComment && (
                    <Text fontSize="sm" color="gray.600">
                      Отправлена вопреки несоответствию: {c.fitOverrideComment}
                    </Text>
                  )}
                  {!c.fit.fits && chosen.has(c.partnerId) && (
                    <Field.Root invalid={missing.has(c.partnerId)} required>
                      <Field.Label>Почему отправить агенту, которому заявка не подходит</Field.Label>
                      <Textarea
                        value={overrides[c.partnerId] ?? ''}
                        maxLength={OVERRIDE_COMMENT_MAX}
                        onChange={(e) => setOverrides((prev) => ({ ...prev, [c.partnerId]: e.target.value }))}
                      />
                      {missing.has(c.partnerId) && <Field.ErrorText>Обязательное поле</Field.ErrorText>}
                    </Field.Root>
                  )}
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
