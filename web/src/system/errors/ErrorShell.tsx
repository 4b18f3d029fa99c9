/**
 * The router's error element with what the error page needs around it (Chakra UI and the Russian texts), loaded as
 * its own chunk: a render crash or a failed route chunk can happen on the public site, which has neither.
 */
import { ChakraProvider } from '@chakra-ui/react';
import '../i18n/app';
import { system } from '../theme';
import { RouteErrorPage } from './RouteErrorPage';

export function ErrorShell() {
  return (
    <ChakraProvider value={system}>
      <RouteErrorPage />
    </ChakraProvider>
  );
}
