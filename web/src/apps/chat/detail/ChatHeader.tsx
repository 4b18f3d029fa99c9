/**
 * The open chat's header: name, the other member's online / last-seen text (rules/lastSeen) or the member count,
 * typing, and the back link to the list the chat was opened from (below `lg`). On the operators' support desk a
 * support chat is named by the user who wrote (`supportRequester`: the name as the heading, the company under it)
 * instead of 'Поддержка', and the presence is the requester's (the operator acts as the support user). An alliance the
 * viewer manages (alliances/allianceRules.canManageAlliance) shows 'Пригласить' and 'Переименовать' (AllianceActions).
 */
import { Box, Flex, Heading, IconButton, Link, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { NavLink } from 'react-router-dom';
import type { ChatHeader_group$key } from '../../../__generated__/ChatHeader_group.graphql';
import type { Area } from '../../../system/router/guards';
import { AllianceActions } from '../alliances/AllianceActions';
import { canManageAlliance } from '../alliances/allianceRules';
import { lastSeenText } from '../rules/lastSeen';
import { listKindOf, presenceMembers } from '../support/chatLists';
import { CHAT_TEXTS } from '../rules/texts';
import { typingText } from '../rules/typing';
import { useNow, useTypingUsers } from '../store/typingStore';

/**
 * Header of the open chat: the name (h1), presence or typing line, and below `lg` the back link to `basePath` (the
 * list the chat belongs to: /<area>/chats, or /operator/support on the desk).
 */
export function ChatHeader({
  group,
  viewerUserId,
  area,
  basePath,
}: {
  group: ChatHeader_group$key;
  viewerUserId: number | null;
  area: Area;
  basePath: string;
}) {
  const g = useFragment(
    graphql`
      fragment ChatHeader_group on ChatGroup {
        id
        groupId
        name
        groupType
        viewerRole
        supportRequester {
          name
          companyName
        }
        members {
          id
          userId
          name
          online
          lastSeenAt
        }
      }
    `,
    group,
  );
  const now = useNow(30_000);
  const onDesk = listKindOf(area, g.groupType) === 'support';
  const requester = onDesk ? g.supportRequester : null;
  const others = presenceMembers(g.members, viewerUserId, onDesk);
  const typing = useTypingUsers(g.id, viewerUserId);
  const typingLine = typingText(typing, others.length > 1);
  const status =
    others.length === 1
      ? others[0].online
        ? 'в сети'
        : lastSeenText(others[0].lastSeenAt, now)
      : others.length > 1
        ? CHAT_TEXTS.members(g.members.length)
        : null;
  const title = requester?.name.trim() || g.name || CHAT_TEXTS.noName;
  const company = requester?.companyName?.trim();

  return (
    <Flex align="center" gap="2" px="4" py="3" borderBottomWidth="1px">
      <Link asChild display={{ base: 'inline-flex', lg: 'none' }}>
        <NavLink to={basePath}>
          <IconButton as="span" aria-label={CHAT_TEXTS.back} size="sm" variant="ghost">
            ←
          </IconButton>
        </NavLink>
      </Link>
      <Box minW="0" flex="1">
        <Heading as="h1" size="md" truncate>
          {title}
        </Heading>
        {company && (
          <Text fontSize="sm" color="gray.600" truncate data-testid="chat-requester-company">
            {company}
          </Text>
        )}
        <Text
          fontSize="sm"
          color={typingLine ? 'blue.600' : 'gray.500'}
          data-testid={typingLine ? 'typing-indicator' : 'chat-presence'}
          aria-live="polite"
        >
          {typingLine ?? status ?? '\u00a0'}
        </Text>
      </Box>
      {canManageAlliance(g, area) && <AllianceActions groupGlobalId={g.id} groupId={g.groupId} name={g.name ?? ''} />}
    </Flex>
  );
}
