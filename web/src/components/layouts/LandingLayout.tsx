/** The landing layout (spec core §2): public header and footer; scrolls to top on entry. */
import { useTranslation } from 'react-i18next';
import { Box, Button, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../PageSpinner';

export function LandingLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Flex direction="column" minH="100vh">
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Container maxW="6xl" py="3">
          <Flex justify="space-between" align="center" gap="4">
            <Link asChild fontWeight="bold" fontSize="lg">
              <RouterLink to="/clients">{t('common.appName')}</RouterLink>
            </Link>
            <HStack as="nav" aria-label={t('nav.site')} gap="4" display={{ base: 'none', md: 'flex' }}>
              <Link asChild>
                <RouterLink to="/clients">{t('nav.forClients')}</RouterLink>
              </Link>
              <Link asChild>
                <RouterLink to="/partners">{t('nav.forPartners')}</RouterLink>
              </Link>
              <Link asChild>
                <RouterLink to="/agents">{t('nav.forAgents')}</RouterLink>
              </Link>
            </HStack>
            <Button asChild size="sm">
              <RouterLink to="/client/auth">{t('common.signIn')}</RouterLink>
            </Button>
          </Flex>
        </Container>
      </Box>
      <Box as="main" flex="1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box as="footer" bg="gray.800" color="gray.200">
        <Container maxW="6xl" py="6">
          <Stack gap="1">
            <Text>{t('landing.footer')}</Text>
            <Text fontSize="sm" color="gray.400">
              {t('landing.footerNote')}
            </Text>
          </Stack>
        </Container>
      </Box>
    </Flex>
  );
}
