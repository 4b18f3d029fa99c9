/** Public landing page for clients (/clients, landing layout). Marketing claims of spec core §1. */
import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

const FACTS = ['fee', 'rate', 'term', 'minimum'] as const;

export function ClientsLandingPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="0">
      <Box bg="white" py={{ base: '12', md: '20' }}>
        <Container maxW="6xl">
          <Stack gap="6" maxW="2xl">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
              {t('landing.clientsTitle')}
            </Heading>
            <Text fontSize="lg" color="gray.700">
              {t('landing.clientsText')}
            </Text>
            <Button asChild size="lg" alignSelf="flex-start">
              <RouterLink to="/client/auth">{t('landing.signInOrRegister')}</RouterLink>
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container maxW="6xl" py="12">
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="6">
          {FACTS.map((f) => (
            <Stack key={f} gap="2" bg="white" p="6" borderRadius="lg" borderWidth="1px">
              <Heading as="h2" size="md">
                {t(`landing.facts.${f}.title`)}
              </Heading>
              <Text color="gray.600">{t(`landing.facts.${f}.text`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Stack>
  );
}
