/**
 * The one chatEvents subscription (spec chat §4 "Realtime connection"): while signed in and the tab is visible.
 * Remembers the last durable cursor and resumes from it after a reconnect (the gateway replays what was missed,
 * or sends ChatResyncEvent → the list, the open chat and the badge reload). A failed or closed subscription is
 * retried after 5 s, except when the session is gone or the error is a 500 (chatRetry.ts); a new signed-in user
 * starts from scratch. A GROUP_ADDED about the viewer (how an alliance invitation arrives) reloads the invitations; a
 * GROUP_JOINED / GROUP_LEFT / GROUP_ADDED makes the open chat of that group refetch its members (header count, presence).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { Disposable } from 'relay-runtime';
import type { ChatEventsSubscriberSubscription } from '../../../__generated__/ChatEventsSubscriberSubscription.graphql';
import { GraphQLRequestError } from '../../../system/relay/environment';
import { applyChatEvent, isViewerAddedEvent, membershipChangedGroupId } from './chatEventUpdater';
import { logChatError } from './chatLog';
import { shouldRetryChatEvents } from './chatRetry';
import { chatSignals } from './chatSignals';
import { typingStore } from './typingStore';

/** Delay before resubscribing after a failed or closed subscription (spec chat §4 "Realtime connection", §9: 5 s). */
export const CHAT_RETRY_DELAY_MS = 5000;

const subscription = graphql`
  subscription ChatEventsSubscriberSubscription($resumeFrom: String) {
    chatEvents(resumeFrom: $resumeFrom) {
      __typename
      ... on ChatMessageEvent {
        cursor
        kind
        groupId
        messageIds
        message {
          id
          own
          ...ChatMessageItem_message
        }
        group {
          id
          # a new support chat on the operator's desk is named by its requester (SupportChatListItem includes ChatListItem)
          ...SupportChatListItem_group
        }
        unreadStatistic {
          unreadMessagesCount
          lastMessageId
        }
      }
      ... on ChatGroupEvent {
        cursor
        event
        groupId
        userId
        removedForViewer
        group {
          id
          # a new support chat on the operator's desk is named by its requester (SupportChatListItem includes ChatListItem)
          ...SupportChatListItem_group
        }
        unreadStatistic {
          unreadMessagesCount
          lastMessageId
        }
      }
      ... on ChatTypingEvent {
        groupId
        users {
          userId
          name
          expiresAt
        }
      }
      ... on ChatPresenceEvent {
        user {
          id
          online
          lastSeenAt
        }
      }
      ... on ChatResyncEvent {
        cursor
        reason
      }
      ... on ChatRequestDocumentEvent {
        cursor
        payload
      }
    }
  }
`;

function subscribeVisibility(l: () => void) {
  document.addEventListener('visibilitychange', l);
  return () => document.removeEventListener('visibilitychange', l);
}

/** Whether the tab is visible (the subscription runs and chats are marked viewed only then, spec chat §4). */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== 'hidden');
}

/** Keeps the one chatEvents subscription of the signed-in user `userId` open while the tab is visible (see the module comment). */
export function ChatEventsSubscriber({ userId }: { userId: number }) {
  const environment = useRelayEnvironment();
  const visible = useDocumentVisible();
  const cursor = useRef<{ userId: number; value: string | null }>({ userId, value: null });
  if (cursor.current.userId !== userId) cursor.current = { userId, value: null };

  useEffect(() => () => typingStore.clear(), [userId]);

  useEffect(() => {
    if (!visible) return;
    let stopped = false;
    let disposable: Disposable | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const again = () => {
      if (!stopped && retry === null)
        retry = setTimeout(() => {
          retry = null;
          start();
        }, CHAT_RETRY_DELAY_MS);
    };
    const start = () => {
      disposable?.dispose();
      disposable = requestSubscription<ChatEventsSubscriberSubscription>(environment, {
        subscription,
        variables: { resumeFrom: cursor.current.value },
        updater: (store) => applyChatEvent(store),
        onNext: (data) => {
          const ev = data?.chatEvents;
          if (!ev) return;
          if ('cursor' in ev && ev.cursor) cursor.current.value = ev.cursor;
          if (ev.__typename === 'ChatTypingEvent') typingStore.set(ev.groupId, ev.users);
          if (ev.__typename === 'ChatResyncEvent') chatSignals.resync();
          if (isViewerAddedEvent(ev, userId)) chatSignals.invitationsChanged();
          const membersOf = membershipChangedGroupId(ev);
          if (membersOf) chatSignals.membersChanged(membersOf);
        },
        onError: (error) => {
          if (error instanceof GraphQLRequestError && error.status === 401) return;
          logChatError('chatEvents', error);
          // chat §4: no retry after a deliberate stop or a 500 (INTERNAL_SERVER_ERROR)
          if (shouldRetryChatEvents(error)) again();
        },
        onCompleted: again,
      });
    };
    start();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      disposable?.dispose();
    };
  }, [visible, environment, userId]);

  return null;
}
