/**
 * The router's error element with what the error page needs around it (Chakra UI and the Russian texts), loaded as
 * its own chunk: a render crash or a failed route chunk can happen on the public site, which has neither. With
 * `appError` it shows the app's error state instead (chat-and-shell §8 "Fatal or unhandled app error: full error
 * page"; appError.ts), also outside the router (a startup failure).
 */
import { ChakraProvider } from '@chakra-ui/react';
import '../i18n/app';
import { system } from '../theme';
import { ErrorPage } from './ErrorPage';
import { RouteErrorPage } from './RouteErrorPage';

export interface ErrorShellProps {
  /** The app's error state to show (status and message); absent = the router's error. */
  appError?: { status: number; message?: string } | null;
}

export function ErrorShell({ appError }: ErrorShellProps) {
  return (
    <ChakraProvider value={system}>
      {appError ? <ErrorPage status={appError.status} message={appError.message} reloadHome /> : <RouteErrorPage />}
    </ChakraProvider>
  );
}
