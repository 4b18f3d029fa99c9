/**
 * One open chat: header (name, online / last seen, typing), the messages, the composer, and the forward dialog
 * of a message ('Переслать'). Opening marks the group viewed (markChatGroupViewed); the UNREAD separator stays
 * where it was when the chat was opened. Reloads on a resync; refetches the members when someone joins, leaves or is
 * added (chatSignals.membersChanged), so the header's member count and presence follow live. `kind` is the list the route belongs to: a chat opened
 * in the other list of the area (a support chat under /operator/chats, another chat under /operator/support) is
 * redirected to its own place (support/chatLists.misplacedChatPath) without being marked viewed.
 */
import { Flex, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { Navigate } from 'react-router-dom';
import type { ChatDetailMembersQuery } from '../../../__generated__/ChatDetailMembersQuery.graphql';
import type { ChatDetailQuery } from '../../../__generated__/ChatDetailQuery.graphql';
import { STRICT_ERRORS } from '../../../system/relay/environment';
import type { Area } from '../../../system/router/guards';
import { ChatPlaceholder } from '../ChatPlaceholder';
import { ForwardDialog } from './ForwardDialog';
import { useDocumentVisible } from '../store/ChatEventsSubscriber';
import { logChatError } from '../store/chatLog';
import { chatSignals } from '../store/chatSignals';
import { setUnreadStatistic } from '../store/chatStore';
import { useMarkChatGroupViewedMutation } from '../mutations/useMarkChatGroupViewedMutation';
import { listBasePath, misplacedChatPath, type ChatListKind } from '../support/chatLists';
import { CHAT_TEXTS } from '../rules/texts';
import { ChatComposer, type ComposerMode } from './ChatComposer';
import { ChatHeader } from './ChatHeader';
import { ChatMessageList } from './ChatMessageList';

/**
 * The open group's members again (with the header's presence fields): after a GROUP_JOINED / GROUP_LEFT / GROUP_ADDED
 * (chatSignals.membersChanged); the answer updates the group's record, so the header and the mention lists follow.
 */
const membersQuery = graphql`
  query ChatDetailMembersQuery($groupId: Int!) {
    viewer {
      id
      chatGroup(groupId: $groupId) {
        id
        members {
          userId
          name
        }
        ...ChatHeader_group
      }
    }
  }
`;

/** The open chat of group `groupId` (backend id) in the list `kind` of `area` (see the module comment). */
export function ChatDetail({ groupId, area, kind }: { groupId: number; area: Area; kind: ChatListKind }) {
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => chatSignals.onResync(() => setFetchKey((k) => k + 1)), []);
  const data = useLazyLoadQuery<ChatDetailQuery>(
    graphql`
      query ChatDetailQuery($groupId: Int!) {
        viewer {
          id
          userId
          unreadStatistic {
            unreadMessagesCount
            lastMessageId
          }
          chatGroup(groupId: $groupId) {
            id
            groupId
            groupType
            firstUnreadMessageId
            members {
              userId
              name
            }
            ...ChatHeader_group
          }
        }
        ...ChatMessageList_query @arguments(groupId: $groupId)
      }
    `,
    { groupId },
    // Any failed field (the unread statistic) fails the route: the error page with the backend's status (chat §8).
    { fetchPolicy: 'network-only', fetchKey, networkCacheConfig: { metadata: STRICT_ERRORS } },
  );
  const group = data.viewer?.chatGroup;
  const viewerUserId = data.viewer?.userId ?? null;
  const [unreadId] = useState(() => group?.firstUnreadMessageId ?? null);
  const [mode, setMode] = useState<ComposerMode>({ kind: 'new' });
  const [forwardId, setForwardId] = useState<string | null>(null);
  const [markViewed] = useMarkChatGroupViewedMutation();
  const visible = useDocumentVisible();
  const redirectTo = group ? misplacedChatPath(area, kind, group.groupType, group.groupId) : null;
  const groupGlobalId = redirectTo ? undefined : group?.id;
  const environment = useRelayEnvironment();

  // someone joined, left or was added: refetch this group's members only (no polling)
  useEffect(() => {
    if (!groupGlobalId) return;
    return chatSignals.onMembersChange((id) => {
      if (id !== groupGlobalId) return;
      fetchQuery<ChatDetailMembersQuery>(
        environment,
        membersQuery,
        { groupId },
        { fetchPolicy: 'network-only' },
      ).subscribe({ error: (e: unknown) => logChatError('chat members', e) });
    });
  }, [groupGlobalId, groupId, environment]);

  useEffect(() => {
    if (!groupGlobalId || !visible) return;
    markViewed(
      { input: { groupId: groupGlobalId } },
      {
        updater: (store) => {
          const f = store.getRootField('markChatGroupViewed');
          if (f?.getValue('__typename') === 'ChatGroupChangeSuccess')
            setUnreadStatistic(store, f.getLinkedRecord('unreadStatistic'), groupGlobalId);
        },
      },
    ).catch(() => undefined);
  }, [groupGlobalId, visible, markViewed]);

  if (!group) return <ChatPlaceholder text={CHAT_TEXTS.chatNotFound} />;
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  const members = group.members.map((m) => ({ userId: m.userId, name: m.name }));

  return (
    <Flex direction="column" h="full" minH={{ base: '70vh', lg: '0' }}>
      <ChatHeader group={group} viewerUserId={viewerUserId} area={area} basePath={listBasePath(area, kind)} />
      <Stack gap="0" flex="1" minH="0">
        <ChatMessageList
          query={data}
          groupGlobalId={group.id}
          unreadId={unreadId}
          members={members}
          onReply={(id, author) => setMode({ kind: 'reply', messageId: id, author })}
          onEdit={(id, text) => setMode({ kind: 'edit', messageId: id, text })}
          onForward={setForwardId}
        />
        <ChatComposer
          groupGlobalId={group.id}
          groupId={group.groupId}
          members={members}
          viewerUserId={viewerUserId}
          mode={mode}
          onModeDone={() => setMode({ kind: 'new' })}
        />
      </Stack>
      <ForwardDialog messageId={forwardId} area={area} onClose={() => setForwardId(null)} />
    </Flex>
  );
}
