/**
 * The chat navigation links of the account layouts: 'Чаты' with the unread badge (Viewer.unreadStatistic, spec chat
 * §3) and, in the operator area for operators with the SUPPORT right (issue 10), 'Поддержка' — the support desk — with the number of support chats having unread
 * messages (`unreadStatistic.groupTypeCounts`, ECVP_SUPPORT). The operator's 'Чаты' badge leaves out the support
 * chats' unread messages, which the desk shows (support/supportBadges.ts). Owns the chatEvents subscription, which
 * keeps the badges current: events copy the overall count into the store, and events or mutations about a support
 * chat make the operator's badges reload the statistic (debounced, chatSignals.supportCountsChanged); a resync
 * reloads it too. No polling. A failed statistic load leaves the links without badges (logged, spec chat §8).
 */
import { HStack, Link } from '@chakra-ui/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { NavLink } from 'react-router-dom';
import type { ChatNavLinkQuery } from '../../__generated__/ChatNavLinkQuery.graphql';
import { CountBadge } from '../../components/CountBadge';
import type { Area } from '../../system/router/guards';
import { ChatEventsSubscriber } from './store/ChatEventsSubscriber';
import { logChatError } from './store/chatLog';
import { chatSignals } from './store/chatSignals';
import { hasSupportDesk, listBasePath } from './support/chatLists';
import { QuietBoundary } from './support/QuietBoundary';
import {
  chatsBadgeCount,
  createDebouncedRefresh,
  SUPPORT_REFRESH_DELAY_MS,
  supportBadgeCount,
} from './support/supportBadges';
import { SUPPORT_TEXTS } from './support/supportTexts';
import { CHAT_TEXTS } from './rules/texts';

const navQuery = graphql`
  query ChatNavLinkQuery($withSupportDesk: Boolean!) {
    viewer {
      id
      userId
      rights
      unreadStatistic {
        unreadMessagesCount
        lastMessageId
        groupTypeCounts @include(if: $withSupportDesk) {
          groupType
          unreadGroupCount
          unreadMessagesCount
        }
      }
    }
  }
`;

function NavLinks({
  area,
  support = false,
  chatsBadge,
  supportBadge,
}: {
  area: Area;
  /** Show 'Поддержка': the operator area and the SUPPORT right (issue 10), known once the viewer is loaded. */
  support?: boolean;
  chatsBadge?: ReactNode;
  supportBadge?: ReactNode;
}) {
  return (
    <>
      <Link asChild>
        <NavLink to={listBasePath(area, 'chats')}>
          <HStack gap="1.5" as="span">
            <span>{CHAT_TEXTS.chats}</span>
            {chatsBadge}
          </HStack>
        </NavLink>
      </Link>
      {support && hasSupportDesk(area) && (
        <Link asChild>
          <NavLink to={listBasePath(area, 'support')}>
            <HStack gap="1.5" as="span">
              <span>{SUPPORT_TEXTS.nav}</span>
              {supportBadge}
            </HStack>
          </NavLink>
        </Link>
      )}
    </>
  );
}

/** Reloads the badge statistic on a resync and, with a desk, after support chat changes (debounced). */
function useStatisticReloads(withSupportDesk: boolean): void {
  const environment = useRelayEnvironment();
  useEffect(() => {
    const reload = () =>
      fetchQuery<ChatNavLinkQuery>(
        environment,
        navQuery,
        { withSupportDesk },
        { fetchPolicy: 'network-only' },
      ).toPromise();
    const offResync = chatSignals.onResync(() => void reload().catch((e) => logChatError('unreadStatistic', e)));
    if (!withSupportDesk) return offResync;
    const refresh = createDebouncedRefresh(reload, SUPPORT_REFRESH_DELAY_MS, (e) => logChatError('unreadStatistic', e));
    const offSupport = chatSignals.onSupportCountsChange(refresh.request);
    return () => {
      offResync();
      offSupport();
      refresh.dispose();
    };
  }, [environment, withSupportDesk]);
}

function NavLinksWithBadges({ area }: { area: Area }) {
  const desk = hasSupportDesk(area);
  const data = useLazyLoadQuery<ChatNavLinkQuery>(
    navQuery,
    { withSupportDesk: desk },
    { fetchPolicy: 'store-or-network' },
  );
  useStatisticReloads(desk);
  const viewer = data.viewer;
  if (!viewer) return <NavLinks area={area} />;
  const counts = desk ? (viewer.unreadStatistic.groupTypeCounts ?? []) : null;
  const chats = chatsBadgeCount(viewer.unreadStatistic.unreadMessagesCount, counts);
  const supportChats = supportBadgeCount(counts);
  return (
    <>
      <ChatEventsSubscriber userId={viewer.userId} />
      <NavLinks
        area={area}
        support={viewer.rights.includes('SUPPORT')}
        chatsBadge={<CountBadge count={chats} testId="chat-unread-badge" label={CHAT_TEXTS.unreadBadge(chats)} />}
        supportBadge={
          <CountBadge
            count={supportChats}
            testId="support-unread-badge"
            label={SUPPORT_TEXTS.unreadBadge(supportChats)}
          />
        }
      />
    </>
  );
}

/** 'Чаты' (and for operators 'Поддержка') with their badges; the links show at once, the badges when loaded. */
export function ChatNavLink({ area }: { area: Area }) {
  const plain = <NavLinks area={area} />;
  return (
    <QuietBoundary what="unreadStatistic" fallback={plain}>
      <Suspense fallback={plain}>
        <NavLinksWithBadges area={area} />
      </Suspense>
    </QuietBoundary>
  );
}
