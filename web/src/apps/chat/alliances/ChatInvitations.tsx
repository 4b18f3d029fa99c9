/**
 * The list 'Приглашения' above the chat list: the viewer's PENDING alliance invitations (`Viewer.chatInvitations`,
 * newest first), each with 'Принять' / 'Отклонить' (ChatInvitationItem). Nothing shows while there are none. The
 * invitations reload when chatEvents brings a GROUP_ADDED about the viewer (chatSignals.onInvitationsChange: the
 * backend's cue for a new invitation; no polling) and with the layout's query on a resync.
 */
import { Box, Heading } from '@chakra-ui/react';
import { useEffect } from 'react';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import type { ChatInvitations_viewer$key } from '../../../__generated__/ChatInvitations_viewer.graphql';
import type { ChatInvitationsRefetchQuery } from '../../../__generated__/ChatInvitationsRefetchQuery.graphql';
import { logChatError } from '../store/chatLog';
import { chatSignals } from '../store/chatSignals';
import { ALLIANCE_TEXTS } from '../rules/texts';
import { ChatInvitationItem } from './ChatInvitationItem';

const refetchQuery = graphql`
  query ChatInvitationsRefetchQuery {
    viewer {
      id
      ...ChatInvitations_viewer
    }
  }
`;

/** The invitations of `viewer`; an accepted one opens its alliance at `<basePath>/<groupId>`. */
export function ChatInvitations({ viewer, basePath }: { viewer: ChatInvitations_viewer$key; basePath: string }) {
  const v = useFragment(
    graphql`
      fragment ChatInvitations_viewer on Viewer {
        chatInvitations {
          id
          ...ChatInvitationItem_invitation
        }
      }
    `,
    viewer,
  );
  const environment = useRelayEnvironment();
  useEffect(
    () =>
      chatSignals.onInvitationsChange(() => {
        // the store's viewer record is updated in place, so this list re-renders with the answer
        fetchQuery<ChatInvitationsRefetchQuery>(
          environment,
          refetchQuery,
          {},
          { fetchPolicy: 'network-only' },
        ).subscribe({
          error: (error: unknown) => logChatError('chatInvitations', error),
        });
      }),
    [environment],
  );

  if (v.chatInvitations.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="chat-invitations-heading" mb="3">
      <Heading as="h2" id="chat-invitations-heading" size="sm" mb="2">
        {ALLIANCE_TEXTS.invitations}
      </Heading>
      <Box
        as="ul"
        role="list"
        aria-label={ALLIANCE_TEXTS.invitations}
        listStyleType="none"
        m="0"
        p="0"
        display="flex"
        flexDirection="column"
        gap="2"
      >
        {v.chatInvitations.map((inv) => (
          <ChatInvitationItem key={inv.id} invitation={inv} basePath={basePath} />
        ))}
      </Box>
    </Box>
  );
}
