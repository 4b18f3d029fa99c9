/**
 * One item of the operators' inbox (issue 11): when it arrived, the topic (callback type, 'Рекомендация клиента'
 * with the recommended company and who recommended it, or a card lead's type with 'По доверенности' / 'Лично' and the
 * city; issue 13), the contact (name, phone, e-mail), the comment, the status
 * (with who handled it and when) and the action 'Обработано' or 'Вернуть в новые'.
 */
import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { INBOX_STATUS_LABELS } from '@platform/domain/operator/inbox';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { InboxItemRow_item$key } from '../../../__generated__/InboxItemRow_item.graphql';
import { reportResult } from '../../../system/errors/resultMessage';
import { formatDateTime } from '../../../system/formats';
import { useSetInboxItemStatusMutation } from './useSetInboxItemStatusMutation';

export function InboxItemRow({ item: key, onChanged }: { item: InboxItemRow_item$key; onChanged: () => void }) {
  const { t } = useTranslation();
  const [setStatus, saving] = useSetInboxItemStatusMutation();
  const i = useFragment(
    graphql`
      fragment InboxItemRow_item on InboxItem {
        id
        kind
        typeLabel
        name
        companyName
        inn
        phone
        email
        comment
        powerOfAttorney
        city
        createdAt
        status
        handledAt
        handledBy {
          name
          surname
        }
        recommender {
          shortName
        }
      }
    `,
    key,
  );
  const handled = i.status === 'HANDLED';
  const change = async () => {
    const r = (await setStatus({ input: { id: i.id, status: handled ? 'NEW' : 'HANDLED' } })).setInboxItemStatus;
    reportResult(r, { success: handled ? t('inbox.markedNew') : t('inbox.markedHandled'), onSuccess: onChanged });
  };
  return (
    <Table.Row data-testid="inbox-row" aria-label={i.companyName ?? i.name}>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(i.createdAt)}</Table.Cell>
      <Table.Cell>
        <Text fontWeight="medium">{i.typeLabel}</Text>
        {i.companyName && (
          <Text fontSize="sm">
            {t('inbox.company', { name: i.companyName })}
            {i.inn ? `, ${t('inbox.innOf', { inn: i.inn })}` : ''}
          </Text>
        )}
        {i.recommender && (
          <Text fontSize="sm" color="fg.muted">
            {t('inbox.recommendedBy', { name: i.recommender.shortName })}
          </Text>
        )}
        {i.powerOfAttorney !== null && i.powerOfAttorney !== undefined && (
          <Text fontSize="sm" data-testid="inbox-power-of-attorney">
            {i.powerOfAttorney ? t('inbox.byPowerOfAttorney') : t('inbox.inPerson')}
          </Text>
        )}
        {i.city && (
          <Text fontSize="sm" color="fg.muted">
            {t('inbox.cityOf', { city: i.city })}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text>{i.name}</Text>
        <Text fontSize="sm">{i.phone}</Text>
        {i.email && (
          <Text fontSize="sm" color="fg.muted">
            {i.email}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell maxW="xs">
        <Text fontSize="sm" lineClamp={3} title={i.comment ?? undefined}>
          {i.comment ?? '—'}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <Badge colorPalette={handled ? 'gray' : 'blue'} alignSelf={{ base: 'flex-end', md: 'flex-start' }}>
            {INBOX_STATUS_LABELS[handled ? 'HANDLED' : 'NEW']}
          </Badge>
          {handled && i.handledBy && (
            <Text fontSize="xs" color="fg.muted">
              {t('inbox.handledBy', {
                name: `${i.handledBy.surname} ${i.handledBy.name}`.trim(),
                at: formatDateTime(i.handledAt),
              })}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <Button size="xs" variant={handled ? 'ghost' : 'outline'} loading={saving} onClick={() => void change()}>
          {handled ? t('inbox.markNew') : t('inbox.markHandled')}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
