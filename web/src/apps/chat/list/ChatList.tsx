/**
 * The chat list (spec chat §4 "Group list"): favourites first (server order, kept by chatStore after events),
 * 20 per page with 'Показать ещё'; search from 3 characters, debounced 500 ms, the empty result shown 500 ms
 * after searching started. The same list serves the operators' support desk (`kind` 'support': ECVP_SUPPORT
 * groups only, support/chatLists.ts); the connection is loaded with the kind's `types` and registered with that
 * filter, so realtime events add new groups to the list of their kind only.
 */
import { Box, Button, Center, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { useParams } from 'react-router-dom';
import { ConnectionHandler } from 'relay-runtime';
import type { ChatList_query$key } from '../../../__generated__/ChatList_query.graphql';
import type { ChatListPaginationQuery } from '../../../__generated__/ChatListPaginationQuery.graphql';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import type { Area } from '../../../system/router/guards';
import { GROUP_LIST_KEY, registerListConnection } from '../store/chatStore';
import {
  CHAT_EMPTY_RESULTS_DELAY_MS as EMPTY_RESULTS_DELAY_MS,
  CHAT_GROUP_PAGE_SIZE as GROUP_PAGE_SIZE,
  CHAT_SEARCH_DEBOUNCE_MS as SEARCH_DEBOUNCE_MS,
} from '@platform/domain/limits';
import { isSearchLongEnough as shouldSearch } from '@platform/domain/chat/groupList';
import { showEmptyResults } from '../rules/constants';
import { listBasePath, listTypes, type ChatListKind } from '../support/chatLists';
import { SupportChatListItem } from '../support/SupportChatListItem';
import { SUPPORT_TEXTS } from '../support/supportTexts';
import { CHAT_TEXTS } from '../rules/texts';
import { ChatListItem } from './ChatListItem';

const LIST_TEXTS: Record<ChatListKind, { list: string; search: string; nothingFound: string; empty: string }> = {
  chats: {
    list: CHAT_TEXTS.chats,
    search: CHAT_TEXTS.search,
    nothingFound: CHAT_TEXTS.nothingFound,
    empty: CHAT_TEXTS.noChats,
  },
  support: {
    list: SUPPORT_TEXTS.list,
    search: SUPPORT_TEXTS.search,
    nothingFound: SUPPORT_TEXTS.nothingFound,
    empty: SUPPORT_TEXTS.empty,
  },
};

/**
 * The group list of `kind` in `area` from the layout query (`types` there must be `listTypes(area, kind)`);
 * `header` is shown above the search (the support chat entry).
 */
export function ChatList({
  query,
  area,
  kind = 'chats',
  header,
}: {
  query: ChatList_query$key;
  area: Area;
  kind?: ChatListKind;
  header?: ReactNode;
}) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    ChatListPaginationQuery,
    ChatList_query$key
  >(
    graphql`
      fragment ChatList_query on Query
      @refetchable(queryName: "ChatListPaginationQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
        search: { type: "String" }
        types: { type: "[ChatGroupType!]" }
      ) {
        viewer {
          id
          chatGroups(first: $first, after: $after, search: $search, types: $types)
            @connection(key: "ChatList_chatGroups", filters: ["search", "types"]) {
            __id
            edges {
              node {
                id
                groupId
                ...ChatListItem_group
                ...SupportChatListItem_group
              }
            }
          }
        }
      }
    `,
    query,
  );
  const { groupId: openGroupId } = useParams();
  const [text, setText] = useState('');
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = shouldSearch(debounced) ? debounced.trim() : null;
  const [isPending, startTransition] = useTransition();
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (search === applied.current) return;
    applied.current = search;
    startTransition(() => {
      refetch({ search, first: GROUP_PAGE_SIZE, after: null }, { fetchPolicy: 'store-and-network' });
    });
  }, [search, refetch]);

  useEffect(() => {
    if (startedAt === null) return;
    const t = setTimeout(() => setNow(Date.now()), Math.max(0, startedAt + EMPTY_RESULTS_DELAY_MS - Date.now()) + 5);
    return () => clearTimeout(t);
  }, [startedAt]);

  const texts = LIST_TEXTS[kind];
  const basePath = listBasePath(area, kind);
  const types = listTypes(area, kind);
  const connection = data.viewer?.chatGroups;
  const connectionId = connection?.__id;
  const viewerId = data.viewer?.id;
  useEffect(() => {
    if (!connectionId || !viewerId) return;
    // the unsearched connection of these types has this id; any other one is a search result
    const unsearched = ConnectionHandler.getConnectionID(viewerId, GROUP_LIST_KEY, { types });
    registerListConnection(connectionId, { types, searched: connectionId !== unsearched });
  }, [connectionId, viewerId, types]);

  const onChange = (value: string) => {
    setText(value);
    if (shouldSearch(value)) setStartedAt(Date.now());
    else setStartedAt(null);
    setNow(Date.now());
  };

  const edges = connection?.edges ?? [];
  const searching = shouldSearch(text);
  const loading = isPending || (searching && text.trim() !== search);
  const emptySearch = searching && showEmptyResults({ startedAt, now, loading, resultCount: edges.length });

  return (
    <Stack gap="0" h="full">
      <Box p="3" borderBottomWidth="1px">
        {header}
        <Input
          aria-label={texts.search}
          placeholder={texts.search}
          type="search"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          size="sm"
        />
        {text.trim().length > 0 && !searching && (
          <Text fontSize="xs" color="gray.500" mt="1">
            {CHAT_TEXTS.searchHint}
          </Text>
        )}
      </Box>
      <Box flex="1" overflowY="auto" aria-busy={loading}>
        {loading && edges.length === 0 ? (
          <Center p="4">
            <Spinner size="sm" />
          </Center>
        ) : null}
        {emptySearch && (
          <Text p="4" color="gray.500" role="status">
            {texts.nothingFound}
          </Text>
        )}
        {!searching && !loading && edges.length === 0 && (
          <Text p="4" color="gray.500">
            {texts.empty}
          </Text>
        )}
        <Box as="ul" role="list" aria-label={texts.list} listStyleType="none" m="0" p="0">
          {edges.map((edge) =>
            kind === 'support' ? (
              <SupportChatListItem
                key={edge.node.id}
                group={edge.node}
                basePath={basePath}
                active={openGroupId === String(edge.node.groupId)}
              />
            ) : (
              <ChatListItem
                key={edge.node.id}
                group={edge.node}
                basePath={basePath}
                active={openGroupId === String(edge.node.groupId)}
              />
            ),
          )}
        </Box>
        {hasNext && (
          <Center p="3">
            <Button size="sm" variant="outline" loading={isLoadingNext} onClick={() => loadNext(GROUP_PAGE_SIZE)}>
              {CHAT_TEXTS.showMore}
            </Button>
          </Center>
        )}
      </Box>
    </Stack>
  );
}
