/**
 * 'Основные данные' of 'Моя компания' (issue 8; spec core §3 "Company": full and short name, registration authority
 * and its address, registration date, OKVED, INN, KPP, OGRN or OGRNIP (13 / 15 digits), legal and actual address, CEO,
 * liquidation flag, electronic-signature-confirmed flag; plus status and verification date). Read-only; dates
 * DD.MM.YYYY (spec core §9).
 */
import { Badge, DataList, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { CompanyMainTab_viewer$key } from '../../../__generated__/CompanyMainTab_viewer.graphql';
import { apiDateToDisplay, formatDate } from '../../../system/formats';
import { VerificationPanel } from '../verification/VerificationPanel';

export function CompanyMainTab({ viewer: viewerKey }: { viewer: CompanyMainTab_viewer$key }) {
  const { t } = useTranslation();
  const viewer = useFragment(
    graphql`
      fragment CompanyMainTab_viewer on Viewer {
        id
        ...VerificationPanel_viewer
        company {
          id
          fullName
          shortName
          inn
          kpp
          ogrn
          ogrnKind
          registrationAuthority
          registrationAuthorityAddress
          registrationDate
          okved
          legalAddress
          actualAddress
          ceo {
            firstName
            middleName
            lastName
          }
          liquidated
          signatureConfirmed
          status
          verified
          verifiedAt
        }
      }
    `,
    viewerKey,
  );
  const c = viewer.company;
  const none = t('company.notSpecified');
  const ceo = c?.ceo ? [c.ceo.lastName, c.ceo.firstName, c.ceo.middleName].filter(Boolean).join(' ') : '';
  const rows: Array<[string, string]> = c
    ? [
        [t('company.fullName'), c.fullName ?? ''],
        [t('company.shortName'), c.shortName ?? ''],
        [t('company.inn'), c.inn ?? ''],
        [t('company.kpp'), c.kpp ?? ''],
        [c.ogrnKind === 'OGRNIP' ? t('company.ogrnip') : t('company.ogrn'), c.ogrn ?? ''],
        [t('company.registrationDate'), apiDateToDisplay(c.registrationDate)],
        [t('company.registrationAuthority'), c.registrationAuthority ?? ''],
        [t('company.registrationAuthorityAddress'), c.registrationAuthorityAddress ?? ''],
        [t('company.okved'), c.okved ?? ''],
        [t('company.legalAddress'), c.legalAddress ?? ''],
        [t('company.actualAddress'), c.actualAddress ?? ''],
        [t('company.ceo'), ceo],
        [t('company.liquidated'), c.liquidated ? t('company.liquidatedYes') : t('company.liquidatedNo')],
        [t('company.signatureConfirmed'), c.signatureConfirmed ? t('company.yes') : t('company.no')],
        [t('company.verifiedAt'), formatDate(c.verifiedAt)],
      ]
    : [];

  return (
    <Stack gap="6" pt="4">
      {/* Verification by a qualified electronic signature (issue 8; spec core §1, §6): what is missing, 'Подписать заявление'. */}
      <VerificationPanel viewer={viewer} />
      <Stack gap="3">
        <Heading as="h2" size="lg" display="flex" gap="3" alignItems="center">
          {t('company.companyData')}
          {c && (
            <Badge colorPalette={c.status === 'VERIFIED' ? 'green' : c.status === 'SUSPENDED' ? 'red' : 'orange'}>
              {t(`company.status${c.status}` as 'company.statusNEW')}
            </Badge>
          )}
        </Heading>
        <DataList.Root orientation="horizontal" aria-label={t('company.companyData')}>
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW={{ base: '40%', md: '18rem' }}>{label}</DataList.ItemLabel>
              <DataList.ItemValue color={value ? undefined : 'gray.500'}>{value || none}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Stack>
    </Stack>
  );
}
