/** 'Данные': the request as the client filed it (spec core §3 Request) and the client's files, downloadable. */
import { DataList, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PartnerDataStep_partnerOrder$key } from '../../../__generated__/PartnerDataStep_partnerOrder.graphql';
import { apiDateToDisplay, formatDateTime, formatFileSize, formatMoney } from '../../../system/formats';
import { PT, fill } from '../texts';

export function PartnerDataStep({ partnerOrder: key }: { partnerOrder: PartnerDataStep_partnerOrder$key }) {
  const po = useFragment(
    graphql`
      fragment PartnerDataStep_partnerOrder on PartnerOrder {
        partnerSignRequired
        order {
          number
          created
          paymentType
          amount {
            amount
            currency
          }
          counterparty {
            countryCode
            countryName
            city
            bankName
            swift
          }
          tnvedCode
          tnvedName
          goodsLocation
          paymentDateFrom
          paymentDateTo
          comment
          files {
            id
            name
            size
            downloadUrl
          }
          client {
            name
            inn
          }
          consultant {
            name
            phone
            email
          }
        }
      }
    `,
    key,
  );
  const o = po.order;
  const rows: Array<[string, ReactNode]> = [
    [PT.data.number, o.number],
    [PT.data.created, formatDateTime(o.created)],
    [PT.data.client, o.client ? `${o.client.name ?? '—'}${o.client.inn ? `, ${fill(PT.inn, { inn: o.client.inn })}` : ''}` : '—'],
    [PT.data.paymentType, PT.paymentType[o.paymentType] ?? o.paymentType],
    [PT.data.amount, formatMoney(o.amount.amount, o.amount.currency)],
    [PT.data.country, o.counterparty.countryName ?? o.counterparty.countryCode],
    [PT.data.city, o.counterparty.city ?? '—'],
    [PT.data.bank, o.counterparty.bankName ?? '—'],
    [PT.data.swift, o.counterparty.swift || '—'],
    [PT.data.tnved, o.tnvedName ? `${o.tnvedCode} — ${o.tnvedName}` : o.tnvedCode],
    [PT.data.goodsLocation, PT.goodsLocation[o.goodsLocation] ?? o.goodsLocation],
    [PT.data.term, `${apiDateToDisplay(o.paymentDateFrom)} — ${apiDateToDisplay(o.paymentDateTo)}`],
    [PT.data.comment, o.comment || '—'],
  ];
  if (o.consultant?.name) rows.push([PT.data.consultant, [o.consultant.name, o.consultant.phone, o.consultant.email].filter(Boolean).join(', ')]);

  return (
    <Stack gap="5" pt="2">
      <DataList.Root orientation="horizontal" size="sm" aria-label={PT.data.section}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {po.partnerSignRequired && (
        <Text fontSize="sm" color="gray.600">
          {PT.data.signRequired}
        </Text>
      )}
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {PT.data.files}
        </Heading>
        {o.files.length === 0 ? (
          <Text color="gray.600" fontSize="sm">
            {PT.data.noFiles}
          </Text>
        ) : (
          <List.Root variant="plain" gap="1" aria-label={PT.data.files}>
            {o.files.map((f) => (
              <List.Item key={f.id}>
                <Link href={f.downloadUrl} download={f.name} aria-label={fill(PT.data.download, { name: f.name })} color="blue.700">
                  {f.name}
                </Link>
                <Text as="span" color="gray.500" fontSize="sm" ml="2">
                  ({formatFileSize(f.size)})
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    </Stack>
  );
}
