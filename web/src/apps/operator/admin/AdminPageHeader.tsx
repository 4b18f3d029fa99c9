/**
 * The head of an operator administration page (issue 10): the h1 title and intro on the left; on the right the
 * loading indicator of a list refresh (spec core §9, `data-testid="list-loading"`) and the page's actions, e.g. the
 * create button.
 */
import { HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** `title` and `intro` are translated texts; `loading` shows the spinner; `actions` follow it. */
export function AdminPageHeader({
  title,
  intro,
  loading,
  actions,
}: {
  title: string;
  intro: string;
  loading: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <HStack justify="space-between" gap="4" wrap="wrap">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{intro}</Text>
      </Stack>
      <HStack gap="3">
        {loading && <Spinner size="sm" aria-label={t('common.loading')} data-testid="list-loading" />}
        {actions}
      </HStack>
    </HStack>
  );
}
