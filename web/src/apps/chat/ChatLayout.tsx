/**
 * The chat layout (spec core §2 'chat'): the chat list on the left, the open chat on the right (outlet). Below
 * the desktop breakpoint only one pane shows: the list without an open chat, the chat otherwise. `kind` 'support'
 * is the operators' support desk (ECVP_SUPPORT groups only); the ordinary list of an account without a desk starts
 * with 'Написать в поддержку' (support/SupportChatLink). The ordinary list (not the desk) also shows the viewer's
 * alliance invitations 'Приглашения' (alliances/ChatInvitations) and, for accounts allowed alliances,
 * 'Создать альянс' (alliances/CreateAlliance).
 */
import { Box, Grid } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Outlet, useParams } from 'react-router-dom';
import type { ChatLayoutQuery } from '../../__generated__/ChatLayoutQuery.graphql';
import { PageSpinner } from '../../components/PageSpinner';
import type { Area } from '../../system/router/guards';
import { canCreateAlliance } from './alliances/allianceRules';
import { ChatInvitations } from './alliances/ChatInvitations';
import { CreateAlliance } from './alliances/CreateAlliance';
import { chatSignals } from './store/chatSignals';
import { ChatList } from './list/ChatList';
import { listBasePath, listTypes, offersSupportLink, type ChatListKind } from './support/chatLists';
import { SupportChatLink } from './support/SupportChatLink';

/** The list of `kind` in `area` beside the open chat (the route's outlet). */
export function ChatLayout({ area, kind = 'chats' }: { area: Area; kind?: ChatListKind }) {
  const { groupId } = useParams();
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => chatSignals.onResync(() => setFetchKey((k) => k + 1)), []);
  const data = useLazyLoadQuery<ChatLayoutQuery>(
    graphql`
      query ChatLayoutQuery($types: [ChatGroupType!], $withSupportLink: Boolean!, $withInvitations: Boolean!) {
        ...ChatList_query @arguments(types: $types)
        viewer {
          id
          ...SupportChatLink_viewer @include(if: $withSupportLink) @alias(as: "supportLink")
          ...ChatInvitations_viewer @include(if: $withInvitations) @alias(as: "invitations")
        }
      }
    `,
    { types: listTypes(area, kind), withSupportLink: offersSupportLink(area, kind), withInvitations: kind === 'chats' },
    { fetchPolicy: fetchKey ? 'network-only' : 'store-and-network', fetchKey },
  );
  const open = groupId != null;
  const basePath = listBasePath(area, kind);
  const viewer = data.viewer;
  const header = (
    <>
      {viewer?.supportLink ? <SupportChatLink viewer={viewer.supportLink} basePath={basePath} /> : null}
      {kind === 'chats' && canCreateAlliance(area) ? <CreateAlliance basePath={basePath} /> : null}
      {viewer?.invitations ? <ChatInvitations viewer={viewer.invitations} basePath={basePath} /> : null}
    </>
  );
  return (
    <Grid
      templateColumns={{ base: '1fr', lg: '340px 1fr' }}
      gap="4"
      h={{ base: 'auto', lg: 'calc(100vh - 170px)' }}
      minH="480px"
    >
      <Box
        display={{ base: open ? 'none' : 'block', lg: 'block' }}
        minH="0"
        borderWidth="1px"
        borderRadius="md"
        overflow="hidden"
      >
        <ChatList query={data} area={area} kind={kind} header={header} />
      </Box>
      <Box
        display={{ base: open ? 'block' : 'none', lg: 'block' }}
        minH="0"
        borderWidth="1px"
        borderRadius="md"
        overflow="hidden"
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Grid>
  );
}
