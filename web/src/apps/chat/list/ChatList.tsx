/**
 * The chat list (spec chat §4 "Group list"): favourites first (server order, kept by chatStore after events),
 * 20 per page with 'Показать ещё'; search from 3 characters, debounced 500 ms, the empty result shown 500 ms
 * after searching started.
 */
import { Box, Button, Center, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { useParams } from 'react-router-dom';
import type { ChatList_query$key } from '../../../__generated__/ChatList_query.graphql';
import type { ChatListPaginationQuery } from '../../../__generated__/ChatListPaginationQuery.graphql';
import { useDebouncedValue } from '../../../system/useDebouncedValue';
import type { Area } from '../../../system/router/guards';
import { listConnections } from '../chatStore';
import { EMPTY_RESULTS_DELAY_MS, GROUP_PAGE_SIZE, SEARCH_DEBOUNCE_MS, shouldSearch, showEmptyResults } from '../rules/constants';
import { CHAT_TEXTS } from '../texts';
import { ChatListItem } from './ChatListItem';

export function ChatList({ query, area }: { query: ChatList_query$key; area: Area }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<ChatListPaginationQuery, ChatList_query$key>(
    graphql`
      fragment ChatList_query on Query
      @refetchable(queryName: "ChatListPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }, search: { type: "String" }) {
        viewer {
          id
          chatGroups(first: $first, after: $after, search: $search) @connection(key: "ChatList_chatGroups", filters: ["search"]) {
            __id
            edges {
              node {
                id
                groupId
                ...ChatListItem_group
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

  const connection = data.viewer?.chatGroups;
  const connectionId = connection?.__id;
  useEffect(() => {
    if (!connectionId) return;
    listConnections.add(connectionId);
    return () => void listConnections.delete(connectionId);
  }, [connectionId]);

  const onChange = (value: string) => {
    setText(value);
    if (shouldSearch(value)) setStartedAt(Date.now());
    else setStartedAt(null);
    setNow(Date.now());
  };

  const edges = connection?.edges ?? [];
  const searching = shouldSearch(text);
  const loading = isPending || (searching && (text.trim() !== search));
  const emptySearch = searching && showEmptyResults({ startedAt, now, loading, resultCount: edges.length });

  return (
    <Stack gap="0" h="full">
      <Box p="3" borderBottomWidth="1px">
        <Input
          aria-label={CHAT_TEXTS.search}
          placeholder={CHAT_TEXTS.search}
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
            {CHAT_TEXTS.nothingFound}
          </Text>
        )}
        {!searching && !loading && edges.length === 0 && (
          <Text p="4" color="gray.500">
            {CHAT_TEXTS.noChats}
          </Text>
        )}
        <Box as="ul" role="list" aria-label={CHAT_TEXTS.chats} listStyleType="none" m="0" p="0">
          {edges.map((edge) => (
            <ChatListItem
              key={edge.node.id}
              group={edge.node}
              area={area}
              active={openGroupId === String(edge.node.groupId)}
            />
          ))}
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
