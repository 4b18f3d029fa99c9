/** The auth layout (spec core §2): a centred card on a plain background. */
import { useTranslation } from 'react-i18next';
import { Box, Center, Link, Stack } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { PageSpinner } from '../PageSpinner';

export function AuthLayout({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center minH="100vh" px="4" py="8" bg="gray.50">
      <Stack gap="6" w="full" maxW={wide ? '2xl' : 'md'}>
        <Link asChild fontWeight="bold" fontSize="xl" alignSelf="center">
          <RouterLink to="/clients">{t('common.appName')}</RouterLink>
        </Link>
        <Box as="main" bg="white" borderRadius="xl" boxShadow="sm" p={{ base: '5', md: '8' }}>
          <Suspense fallback={<PageSpinner minH="20vh" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Stack>
    </Center>
  );
}

/** The auth-stepper layout (spec core §2): the auth layout, wider, for the registration steps. */
export function AuthStepperLayout() {
  return <AuthLayout wide />;
}
