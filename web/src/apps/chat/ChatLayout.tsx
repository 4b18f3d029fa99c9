/**
 * The chat layout (spec core §2 'chat'): the chat list on the left, the open chat on the right (outlet). Below
 * the desktop breakpoint only one pane shows: the list without an open chat, the chat otherwise.
 */
import { Box, Grid } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Outlet, useParams } from 'react-router-dom';
import type { ChatLayoutQuery } from '../../__generated__/ChatLayoutQuery.graphql';
import { PageSpinner } from '../../components/PageSpinner';
import type { Area } from '../../system/router/guards';
import { chatSignals } from './chatSignals';
import { ChatList } from './list/ChatList';

export function ChatLayout({ area }: { area: Area }) {
  const { groupId } = useParams();
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => chatSignals.onResync(() => setFetchKey((k) => k + 1)), []);
  const data = useLazyLoadQuery<ChatLayoutQuery>(
    graphql`
      query ChatLayoutQuery {
        ...ChatList_query
      }
    `,
    {},
    { fetchPolicy: fetchKey ? 'network-only' : 'store-and-network', fetchKey },
  );
  const open = groupId != null;
  return (
    <Grid
      templateColumns={{ base: '1fr', lg: '340px 1fr' }}
      gap="4"
      h={{ base: 'auto', lg: 'calc(100vh - 170px)' }}
      minH="480px"
    >
      <Box display={{ base: open ? 'none' : 'block', lg: 'block' }} minH="0" borderWidth="1px" borderRadius="md" overflow="hidden">
        <ChatList query={data} area={area} />
      </Box>
      <Box display={{ base: open ? 'block' : 'none', lg: 'block' }} minH="0" borderWidth="1px" borderRadius="md" overflow="hidden">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Grid>
  );
}
