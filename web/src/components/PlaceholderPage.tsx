/** A page of an area whose screens come in a later slice. */
import { useTranslation } from 'react-i18next';
import { Heading, Stack, Text } from '@chakra-ui/react';

export function PlaceholderPage({
  titleKey,
}: {
  titleKey: 'common.orders' | 'common.company' | 'common.documents' | 'common.chats' | 'common.clients';
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <Heading as="h1" size="2xl">
        {t(titleKey)}
      </Heading>
      <Text color="gray.600">{t('common.inDevelopment')}</Text>
    </Stack>
  );
}
