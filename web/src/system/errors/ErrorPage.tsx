/**
 * The error page of spec chat §2: a not-found variant for status 404 and a server-error variant for any
 * other status. Default messages: 'Page Not Found' / 'Internal Server Error'; for a failed route the
 * not-found message names the path ('Page Not Found: {path}', spec core §8).
 */
import { useTranslation } from 'react-i18next';
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { notFoundMessage } from '../router/guards';

export interface ErrorPageProps {
  /** HTTP-like status; 404 shows the not-found variant. Default 500. */
  status?: number;
  /** Message shown under the title; defaults per variant. */
  message?: string;
  /**
   * The home link loads the page anew instead of navigating inside the app: for the app's error state (a crash or a
   * startup failure, chat-and-shell §8), which only a fresh start clears, and for a page shown outside the router.
   */
  reloadHome?: boolean;
}

export function ErrorPage({ status = 500, message, reloadHome }: ErrorPageProps) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const title = notFound ? t('errors.notFoundTitle') : t('errors.serverTitle');
  const text = message ?? (notFound ? 'Page Not Found' : 'Internal Server Error');
  useEffect(() => {
    document.title = `${status} — ${title}`;
  }, [status, title]);
  return (
    <Center minH="60vh" px="4" data-status={status} data-testid={notFound ? 'not-found-page' : 'server-error-page'}>
      <Stack gap="4" align="center" textAlign="center" maxW="lg">
        <Text fontSize="6xl" fontWeight="bold" color="gray.400" aria-label={t('errors.code', { status })}>
          {status}
        </Text>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text role="alert" color="gray.700">
          {text}
        </Text>
        <Button asChild variant="outline">
          {reloadHome ? <a href="/">{t('common.toHome')}</a> : <RouterLink to="/">{t('common.toHome')}</RouterLink>}
        </Button>
      </Stack>
    </Center>
  );
}

/** The not-found page for the current path (route validation failure, spec core §8). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage status={404} message={notFoundMessage(pathname)} />;
}
