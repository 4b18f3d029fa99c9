/**
 * The 'Чаты' navigation link with the unread badge (Viewer.unreadStatistic, spec chat §3) for the account
 * layouts. Owns the chatEvents subscription, which keeps the badge current; reloads on a resync. A failed
 * statistic load leaves the link without a badge (logged, spec chat §8).
 */
import { Badge, HStack, Link } from '@chakra-ui/react';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { NavLink } from 'react-router-dom';
import type { ChatNavLinkQuery } from '../../__generated__/ChatNavLinkQuery.graphql';
import type { Area } from '../../system/router/guards';
import { ChatEventsSubscriber } from './ChatEventsSubscriber';
import { logChatError } from './chatLog';
import { chatSignals } from './chatSignals';
import { CHAT_TEXTS } from './texts';

class Quiet extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    logChatError('unreadStatistic', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function UnreadBadge() {
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => chatSignals.onResync(() => setFetchKey((k) => k + 1)), []);
  const data = useLazyLoadQuery<ChatNavLinkQuery>(
    graphql`
      query ChatNavLinkQuery {
        viewer {
          id
          userId
          unreadStatistic {
            unreadMessagesCount
            lastMessageId
          }
        }
      }
    `,
    {},
    { fetchPolicy: fetchKey ? 'network-only' : 'store-or-network', fetchKey },
  );
  const viewer = data.viewer;
  if (!viewer) return null;
  const count = viewer.unreadStatistic.unreadMessagesCount;
  return (
    <>
      <ChatEventsSubscriber userId={viewer.userId} />
      {count > 0 && (
        <Badge colorPalette="red" variant="solid" borderRadius="full" data-testid="chat-unread-badge" aria-label={CHAT_TEXTS.unreadBadge(count)}>
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </>
  );
}

export function ChatNavLink({ area }: { area: Area }) {
  return (
    <Link asChild>
      <NavLink to={`/${area}/chats`}>
        <HStack gap="1.5" as="span">
          <span>{CHAT_TEXTS.chats}</span>
          <Quiet fallback={null}>
            <Suspense fallback={null}>
              <UnreadBadge />
            </Suspense>
          </Quiet>
        </HStack>
      </NavLink>
    </Link>
  );
}
