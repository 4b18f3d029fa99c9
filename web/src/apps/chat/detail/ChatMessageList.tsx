/**
 * The messages of the open chat, oldest first (backward paging 'Загрузить более ранние'): date separators, the
 * UNREAD separator (rules/messageItems.ts), the messages. Opens at the UNREAD separator or the bottom and follows new
 * messages while near the bottom. A new message from someone else while the tab is visible is marked viewed
 * (markChatViewedTo).
 */
import { Box, Button, Center, Flex, Separator, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { ChatMessageList_query$key } from '../../../__generated__/ChatMessageList_query.graphql';
import type { ChatMessageListPaginationQuery } from '../../../__generated__/ChatMessageListPaginationQuery.graphql';
import { useDocumentVisible } from '../store/ChatEventsSubscriber';
import { markMessagesViewed, setUnreadStatistic } from '../store/chatStore';
import type { Mentionable } from '../rules/mentions';
import { buildMessageRows } from '../rules/messageItems';
import { useMarkChatViewedToMutation } from '../mutations/useMarkChatViewedToMutation';
import { CHAT_TEXTS } from '../rules/texts';
import { ChatMessageItem, PENDING_PREFIX } from './ChatMessageItem';

const PAGE = 30;

/** Props of ChatMessageList: the query with the messages, the group, the UNREAD separator position, members and callbacks. */
export interface ChatMessageListProps {
  query: ChatMessageList_query$key;
  groupGlobalId: string;
  unreadId: string | null;
  members: readonly Mentionable[];
  onReply: (messageId: string, author: string) => void;
  onEdit: (messageId: string, text: string) => void;
  onForward: (messageId: string) => void;
}

/** The open chat's message list with its separators and backward paging (see the module comment). */
export function ChatMessageList({
  query,
  groupGlobalId,
  unreadId,
  members,
  onReply,
  onEdit,
  onForward,
}: ChatMessageListProps) {
  const { data, loadPrevious, hasPrevious, isLoadingPrevious } = usePaginationFragment<
    ChatMessageListPaginationQuery,
    ChatMessageList_query$key
  >(
    graphql`
      fragment ChatMessageList_query on Query
      @refetchable(queryName: "ChatMessageListPaginationQuery")
      @argumentDefinitions(
        groupId: { type: "Int!" }
        last: { type: "Int", defaultValue: 30 }
        before: { type: "String" }
      ) {
        viewer {
          chatGroup(groupId: $groupId) {
            id
            messages(last: $last, before: $before) @connection(key: "ChatMessageList_messages") {
              edges {
                node {
                  id
                  extMsgId
                  createdAt
                  own
                  status
                  ...ChatMessageItem_message
                }
              }
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.viewer?.chatGroup?.messages.edges;
  const messages = useMemo(
    () => (edges ?? []).map((e) => ({ ...e.node, pending: e.node.id.startsWith(PENDING_PREFIX) })),
    [edges],
  );
  const rows = buildMessageRows(messages, unreadId);
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const initial = useRef(true);
  const lastId = messages.length ? messages[messages.length - 1].id : null;
  const [markTo] = useMarkChatViewedToMutation();
  const visible = useDocumentVisible();

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (initial.current) {
      initial.current = false;
      const sep = el.querySelector<HTMLElement>('[data-testid="unread-separator"]');
      if (sep) el.scrollTop = Math.max(0, sep.offsetTop - el.offsetTop - 16);
      else el.scrollTop = el.scrollHeight;
      return;
    }
    if (nearBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const last = messages.length ? messages[messages.length - 1] : null;
  useEffect(() => {
    if (!last || last.own || last.pending || last.status === 'VIEWED' || !visible || initial.current) return;
    const id = last.id;
    markTo(
      { input: { groupId: groupGlobalId, messageId: id } },
      {
        updater: (store) => {
          const f = store.getRootField('markChatViewedTo');
          if (f?.getValue('__typename') !== 'ChatGroupChangeSuccess') return;
          markMessagesViewed(store, [id]);
          setUnreadStatistic(store, f.getLinkedRecord('unreadStatistic'), groupGlobalId);
        },
      },
    ).catch(() => undefined);
  }, [last?.id, last?.status, last?.own, last?.pending, visible, groupGlobalId, markTo, last]);

  return (
    <Box
      ref={scroller}
      flex="1"
      minH="0"
      overflowY="auto"
      px="4"
      py="3"
      onScroll={(e) => {
        const el = e.currentTarget;
        nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      {hasPrevious && (
        <Center mb="2">
          <Button size="xs" variant="ghost" loading={isLoadingPrevious} onClick={() => loadPrevious(PAGE)}>
            {CHAT_TEXTS.olderMessages}
          </Button>
        </Center>
      )}
      {messages.length === 0 && (
        <Center h="full">
          <Text color="gray.500">{CHAT_TEXTS.noMessages}</Text>
        </Center>
      )}
      <Box
        as="ul"
        role="list"
        aria-label={CHAT_TEXTS.messages}
        listStyleType="none"
        m="0"
        p="0"
        display="flex"
        flexDirection="column"
        gap="2"
      >
        {rows.map((row) => {
          if (row.kind === 'date')
            return (
              <Box as="li" key={row.key} role="separator" data-testid="date-separator" aria-label={row.label}>
                <Center>
                  <Text fontSize="xs" color="gray.500" bg="gray.100" px="2" py="0.5" borderRadius="full">
                    {row.label}
                  </Text>
                </Center>
              </Box>
            );
          if (row.kind === 'unread')
            return (
              <Box
                as="li"
                key={row.key}
                role="separator"
                data-testid="unread-separator"
                aria-label={CHAT_TEXTS.unreadSeparator}
              >
                <Flex align="center" gap="2">
                  <Separator flex="1" borderColor="orange.300" />
                  <Text fontSize="xs" color="orange.600" fontWeight="medium">
                    {CHAT_TEXTS.unreadSeparator}
                  </Text>
                  <Separator flex="1" borderColor="orange.300" />
                </Flex>
              </Box>
            );
          const node = edges?.find((e) => e.node.id === row.message.id)?.node;
          return node ? (
            <ChatMessageItem
              key={row.key}
              message={node}
              groupGlobalId={groupGlobalId}
              members={members}
              onReply={onReply}
              onEdit={onEdit}
              onForward={onForward}
            />
          ) : null;
        })}
      </Box>
    </Box>
  );
}
