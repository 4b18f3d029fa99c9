/**
 * The empty layout (spec core §2 "empty"): the page alone in a main landmark, without the header and navigation of
 * the default layout — the referral partner's client card (/agent/clients/{ogrn}) and the not-found page of a path
 * that no layout claims (a guest's unknown sign-in path such as /partner/auth/xyz). The "none" layout has no wrapper
 * at all (/clients/cards renders its own page).
 */
import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../PageSpinner';

export function EmptyLayout() {
  return (
    <Box as="main" minH="100vh" data-layout="empty">
      <Suspense fallback={<PageSpinner minH="60vh" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
