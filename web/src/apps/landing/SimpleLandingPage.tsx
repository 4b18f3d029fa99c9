/** Public landing pages for payment agents (/partners) and referral partners (/agents); content comes later. */
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function SimpleLandingPage({ audience }: { audience: 'partners' | 'agents' }) {
  const { t } = useTranslation();
  return (
    <Container maxW="6xl" py={{ base: '12', md: '20' }}>
      <Stack gap="6" maxW="2xl">
        <Heading as="h1" size="4xl">
          {t(`landing.${audience}Title`)}
        </Heading>
        <Text fontSize="lg" color="gray.700">
          {t(`landing.${audience}Text`)}
        </Text>
        <Button asChild alignSelf="flex-start">
          <RouterLink to={audience === 'partners' ? '/partner/auth' : '/agent/auth'}>{t('common.signIn')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
