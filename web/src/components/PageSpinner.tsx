import { useTranslation } from 'react-i18next';
import { Center, Spinner } from '@chakra-ui/react';

/** Suspense fallback of pages and lists. */
export function PageSpinner({ minH = '40vh' }: { minH?: string }) {
  const { t } = useTranslation();
  return (
    <Center minH={minH} role="status" aria-label={t('common.loading')}>
      <Spinner size="lg" />
    </Center>
  );
}
