/**
 * The chat navigation links of the account layouts: 'Чаты' with the unread badge (Viewer.unreadStatistic, spec chat
 * §3) and, in the operator area, 'Поддержка' — the support desk — with the number of support chats having unread
 * messages. The operator's 'Чаты' badge leaves out the support chats' unread messages, which the desk shows
 * (support/supportBadges.ts). Owns the chatEvents subscription, which keeps the badges current; reloads on a
 * resync. A failed statistic load leaves the links without badges (logged, spec chat §8).
 */
import { Badge, HStack, Link } from '@chakra-ui/react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { NavLink } from 'react-router-dom';
import type { ChatNavLinkQuery } from '../../__generated__/ChatNavLinkQuery.graphql';
import type { Area } from '../../system/router/guards';
import { ChatEventsSubscriber } from './ChatEventsSubscriber';
import { chatSignals } from './chatSignals';
import { hasSupportDesk, listBasePath } from './support/chatLists';
import { QuietBoundary } from './support/QuietBoundary';
import { badgeText, chatsBadgeCount, groupsWithUnread } from './support/supportBadges';
import { SUPPORT_TEXTS } from './support/supportTexts';
import { useSupportUnread } from './support/useSupportUnread';
import { CHAT_TEXTS } from './texts';

function CountBadge({ count, testId, label }: { count: number; testId: string; label: string }) {
  if (count <= 0) return null;
  return (
    <Badge colorPalette="red" variant="solid" borderRadius="full" data-testid={testId} aria-label={label}>
      {badgeText(count)}
    </Badge>
  );
}

function NavLinks({ area, chatsBadge, supportBadge }: { area: Area; chatsBadge?: ReactNode; supportBadge?: ReactNode }) {
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
      {hasSupportDesk(area) && (
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

function NavLinksWithBadges({ area }: { area: Area }) {
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => chatSignals.onResync(() => setFetchKey((k) => k + 1)), []);
  const desk = hasSupportDesk(area);
  const data = useLazyLoadQuery<ChatNavLinkQuery>(
    graphql`
      query ChatNavLinkQuery($withSupportDesk: Boolean!) {
        viewer {
          id
          userId
          unreadStatistic {
            unreadMessagesCount
            lastMessageId
          }
          ...useSupportUnread_viewer @include(if: $withSupportDesk) @alias(as: "supportDesk")
        }
      }
    `,
    { withSupportDesk: desk },
    { fetchPolicy: fetchKey ? 'network-only' : 'store-or-network', fetchKey },
  );
  const viewer = data.viewer;
  const support = useSupportUnread(viewer?.supportDesk);
  if (!viewer) return <NavLinks area={area} />;
  const chats = chatsBadgeCount(viewer.unreadStatistic.unreadMessagesCount, support ?? []);
  const supportChats = support ? groupsWithUnread(support) : 0;
  return (
    <>
      <ChatEventsSubscriber userId={viewer.userId} />
      <NavLinks
        area={area}
        chatsBadge={<CountBadge count={chats} testId="chat-unread-badge" label={CHAT_TEXTS.unreadBadge(chats)} />}
        supportBadge={<CountBadge count={supportChats} testId="support-unread-badge" label={SUPPORT_TEXTS.unreadBadge(supportChats)} />}
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
