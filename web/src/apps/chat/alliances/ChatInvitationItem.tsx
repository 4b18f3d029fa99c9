/**
 * One alliance invitation: '<inviter> приглашает в «<group>»', when it was sent, and the buttons 'Принять' /
 * 'Отклонить'. Accepting adds the alliance to the chat list (chatStore.placeGroup), drops the invitation and opens the
 * alliance; declining drops the invitation. The server's UserError text (e.g. 'Приглашение уже обработано') is shown
 * inline; other failures are logged only (spec chat §8).
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { ChatInvitationItem_invitation$key } from '../../../__generated__/ChatInvitationItem_invitation.graphql';
import { placeGroup, removeInvitation } from '../store/chatStore';
import { useAcceptChatInvitationMutation } from '../mutations/useAcceptChatInvitationMutation';
import { useDeclineChatInvitationMutation } from '../mutations/useDeclineChatInvitationMutation';
import { ALLIANCE_TEXTS } from '../rules/texts';
import { invitationText } from './allianceRules';
import { readUserError } from '../../../system/errors/userError';

/** A list item of 'Приглашения' (see the module comment); the alliance opens at `<basePath>/<groupId>`. */
export function ChatInvitationItem({
  invitation,
  basePath,
}: {
  invitation: ChatInvitationItem_invitation$key;
  basePath: string;
}) {
  const inv = useFragment(
    graphql`
      fragment ChatInvitationItem_invitation on ChatInvitation {
        id
        groupName
        createdAt
        invitedBy {
          name
        }
      }
    `,
    invitation,
  );
  const [accept, accepting] = useAcceptChatInvitationMutation();
  const [decline, declining] = useDeclineChatInvitationMutation();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const text = invitationText(inv.invitedBy?.name, inv.groupName);
  const busy = accepting || declining;

  const onAccept = () => {
    setError(null);
    accept(
      { input: { invitationId: inv.id } },
      {
        updater: (store) => {
          const f = store.getRootField('acceptChatInvitation');
          if (f?.getValue('__typename') !== 'ChatInvitationDecisionSuccess') return;
          placeGroup(store, f.getLinkedRecord('group'));
          removeInvitation(store, (f.getValue('removedInvitationId') as string | null) ?? inv.id);
        },
      },
    )
      .then((res) => {
        const r = res.acceptChatInvitation;
        if (r.__typename === 'UserError') {
          const userError = readUserError(r.userError);
          setError(userError.message);
        } else if (r.__typename === 'ChatInvitationDecisionSuccess' && r.group)
          navigate(`${basePath}/${r.group.groupId}`);
      })
      .catch(() => undefined);
  };

  const onDecline = () => {
    setError(null);
    decline(
      { input: { invitationId: inv.id } },
      {
        updater: (store) => {
          const f = store.getRootField('declineChatInvitation');
          if (f?.getValue('__typename') !== 'ChatInvitationDecisionSuccess') return;
          removeInvitation(store, (f.getValue('removedInvitationId') as string | null) ?? inv.id);
        },
      },
    )
      .then((res) => {
        const r = res.declineChatInvitation;
        if (r.__typename === 'UserError') {
          const userError = readUserError(r.userError);
          setError(userError.message);
        }
      })
      .catch(() => undefined);
  };

  return (
    <Box as="li" aria-label={text} data-testid="chat-invitation" borderWidth="1px" borderRadius="md" p="2" bg="blue.50">
      <Text fontSize="sm">{text}</Text>
      {inv.createdAt && (
        <Text fontSize="xs" color="gray.500">
          {format(new Date(inv.createdAt), 'dd.MM.yyyy HH:mm')}
        </Text>
      )}
      <HStack gap="2" mt="2">
        <Button size="xs" colorPalette="blue" onClick={onAccept} loading={accepting} disabled={busy}>
          {ALLIANCE_TEXTS.accept}
        </Button>
        <Button size="xs" variant="outline" onClick={onDecline} loading={declining} disabled={busy}>
          {ALLIANCE_TEXTS.decline}
        </Button>
      </HStack>
      {error && (
        <Text role="alert" fontSize="xs" color="red.600" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}
