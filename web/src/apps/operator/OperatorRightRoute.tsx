/**
 * Guards the operator administration routes (issue 10): renders the nested route when the signed-in operator holds
 * `right` (`Viewer.rights` carries the effective operator rights, `@platform/domain/operator/rights`), otherwise a
 * 'Недостаточно прав для этого раздела' page. The server checks the same right on every call (403 RIGHT_REQUIRED);
 * this only keeps the screen honest.
 */
import { Box, Heading, Text } from '@chakra-ui/react';
import type { OperatorRight } from '@platform/domain/operator/rights';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Outlet } from 'react-router-dom';
import type { OperatorRightRouteQuery } from '../../__generated__/OperatorRightRouteQuery.graphql';

export function OperatorRightRoute({ right }: { right: OperatorRight }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<OperatorRightRouteQuery>(
    graphql`
      query OperatorRightRouteQuery {
        viewer {
          id
          rights
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  if (data.viewer?.rights.includes(right)) return <Outlet />;
  return (
    <Box py="10" role="alert">
      <Heading size="lg">{t('adminCommon.noRight')}</Heading>
      <Text mt="2" color="fg.muted">
        {t('adminCommon.noRightHint')}
      </Text>
    </Box>
  );
}
