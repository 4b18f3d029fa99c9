/**
 * The default layout of the account areas (spec core §2): header with navigation and sign-out, page outlet. The
 * operators' 'Обращения' shows the number of NEW inbox items as a badge (Administration.inboxNewCount, issue 11; the
 * inbox page's query reads the same field, so a status change there updates the badge).
 *
 * On phones (below 768 px, spec chat-and-shell §2/§9 breakpoints; issue 13) the navigation collapses behind a 'Меню'
 * button (aria-expanded, aria-controls) and opens as a full-width column under the header; following a link closes it.
 * While a link in the hidden navigation carries a count badge (unread chats, new inbox items) the button shows a red
 * dot, so nothing unread is hidden.
 * From 768 px the navigation is always shown in the header row.
 */
import { useTranslation } from 'react-i18next';
import { Box, Button, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useId, useState } from 'react';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { DefaultLayoutQuery } from '../../__generated__/DefaultLayoutQuery.graphql';
import { ChatNavLink } from '../../apps/chat/ChatNavLink';
import { ReloginBanner } from '../../apps/agent/relogin/ReloginBanner';
import { clearAuthSession } from '../../apps/auth/authSession';
import { relayEnvironmentStore } from '../../system/relay/environment';
import { guardChunkLoad } from '../../system/shell/chunkGuard';
import { AUTH_PATH_OF_AREA, type Area } from '../../system/router/guards';
import { CountBadge } from '../CountBadge';
import { PageSpinner } from '../PageSpinner';
import type { OperatorRight } from '@platform/domain/operator/rights';

type NavLabel =
  | 'common.orders'
  | 'common.company'
  | 'common.documents'
  | 'nav.operatorClients'
  | 'nav.paymentAgents'
  | 'nav.referralPartners'
  | 'nav.operators'
  | 'nav.auditLog'
  | 'nav.inbox'
  | 'common.clients'
  | 'nav.apiTokens';

/**
 * Navigation per area. An item with `right` is shown only to an operator holding that right (issue 10: "Navigation
 * shows only what the operator's rights allow"; the routes check the same right, OperatorRightRoute).
 */
const NAV: Record<Area, ReadonlyArray<{ to: string; label: NavLabel; right?: OperatorRight; badge?: 'inboxNew' }>> = {
  // 'Моя компания' and 'Документы' of the client (spec core §2 Client; issue 8).
  client: [
    { to: '/client/fea', label: 'common.orders' },
    { to: '/client/company', label: 'common.company' },
    { to: '/client/documents', label: 'common.documents' },
    { to: '/client/api-tokens', label: 'nav.apiTokens' },
  ],
  partner: [
    { to: '/partner', label: 'common.orders' },
    { to: '/partner/api-tokens', label: 'nav.apiTokens' },
  ],
  agent: [
    { to: '/agent/fea', label: 'common.orders' },
    { to: '/agent/clients', label: 'common.clients' },
    { to: '/agent/company', label: 'common.company' },
    { to: '/agent/documents', label: 'common.documents' },
  ],
  // /operator/agents: payment agents (data PARTNER); /operator/partners: referral partners (data AGENT); web/README.md.
  operator: [
    { to: '/operator/fea', label: 'common.orders', right: 'ORDERS_VIEW' },
    { to: '/operator/clients', label: 'nav.operatorClients', right: 'CLIENTS' },
    { to: '/operator/agents', label: 'nav.paymentAgents', right: 'PAYMENT_AGENTS' },
    { to: '/operator/partners', label: 'nav.referralPartners', right: 'REFERRAL_PARTNERS' },
    { to: '/operator/operators', label: 'nav.operators', right: 'OPERATORS' },
    { to: '/operator/audit', label: 'nav.auditLog', right: 'AUDIT_LOG' },
    { to: '/operator/inbox', label: 'nav.inbox', right: 'CLIENTS', badge: 'inboxNew' },
    { to: '/operator/api-tokens', label: 'nav.apiTokens', right: 'ORDERS_VIEW' },
  ],
};

export function DefaultLayout({ area }: { area: Area }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<DefaultLayoutQuery>(
    graphql`
      query DefaultLayoutQuery {
        viewer {
          id
          email
          name
          surname
          rights
          company {
            shortName
          }
          administration {
            inboxNewCount
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const environment = useRelayEnvironment();
  const [loggingOut, setLoggingOut] = useState(false);
  const navigate = useNavigate();
  const viewer = data.viewer;
  const inboxNew = viewer?.administration?.inboxNewCount ?? 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const { pathname } = useLocation();
  // A followed link (or any navigation) closes the phone menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      const { logout } = await guardChunkLoad(() => import('../../apps/auth/mutations/useLogoutMutation'));
      await logout(environment);
    } catch (error) {
      // Signed out locally whatever the server said (the session ends with the store below).
      console.warn('[logout] the sign-out call failed', error);
    } finally {
      setLoggingOut(false);
      clearAuthSession();
      relayEnvironmentStore.reset();
      navigate(AUTH_PATH_OF_AREA[area], { replace: true });
    }
  };

  return (
    <Flex direction="column" minH="100vh">
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Container maxW="7xl" py="3">
          <Flex
            justify="space-between"
            align="center"
            columnGap="6"
            rowGap="2"
            wrap="wrap"
            css={{ '&:has(nav .chakra-badge) [data-menu-dot]': { display: 'inline-block' } }}
          >
            <Text fontWeight="bold" fontSize={{ base: 'md', md: 'lg' }}>
              {t('common.appName')}
            </Text>
            <Flex
              as="nav"
              id={navId}
              aria-label={t('nav.main')}
              display={{ base: menuOpen ? 'flex' : 'none', md: 'flex' }}
              direction={{ base: 'column', md: 'row' }}
              align={{ base: 'stretch', md: 'center' }}
              wrap="wrap"
              gap={{ base: '3', md: '4' }}
              order={{ base: 3, md: 0 }}
              flexBasis={{ base: 'full', md: 'auto' }}
              flex={{ md: '1' }}
              pt={{ base: '2', md: '0' }}
              borderTopWidth={{ base: '1px', md: '0' }}
            >
              {NAV[area]
                .filter((item) => !item.right || viewer?.rights.includes(item.right))
                .map((item) => (
                  <Link asChild key={item.to}>
                    <NavLink to={item.to}>
                      {item.badge === 'inboxNew' && inboxNew > 0 ? (
                        <HStack gap="1.5" as="span">
                          <span>{t(item.label)}</span>
                          <CountBadge
                            count={inboxNew}
                            testId="inbox-new-badge"
                            label={t('nav.inboxNewBadge', { count: inboxNew })}
                          />
                        </HStack>
                      ) : (
                        t(item.label)
                      )}
                    </NavLink>
                  </Link>
                ))}
              <ChatNavLink area={area} />
            </Flex>
            <HStack gap={{ base: '2', md: '4' }}>
              {viewer && (
                <Box textAlign="right" display={{ base: 'none', md: 'block' }}>
                  <Text fontSize="sm" fontWeight="medium" data-testid="viewer-email">
                    {viewer.email}
                  </Text>
                  {viewer.company?.shortName && (
                    <Text fontSize="xs" color="gray.600">
                      {viewer.company.shortName}
                    </Text>
                  )}
                </Box>
              )}
              <Button
                size="sm"
                variant="ghost"
                hideFrom="md"
                aria-expanded={menuOpen}
                aria-controls={navId}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {t('nav.menu')}
                <Box as="span" data-menu-dot="" aria-hidden display="none" w="2" h="2" rounded="full" bg="red.500" />
              </Button>
              <Button size="sm" variant="outline" onClick={onLogout} loading={loggingOut}>
                {t('common.logout')}
              </Button>
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Box as="main" flex="1">
        <Container maxW="7xl" py={{ base: '4', md: '8' }}>
          <Suspense fallback={<PageSpinner />}>
            {area === 'client' && <ReloginBanner />}
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </Flex>
  );
}
