/** The open chat's header: name, the other member's online / last-seen text (rules/lastSeen) or the member count, typing. */
import { Box, Flex, Heading, IconButton, Link, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { NavLink } from 'react-router-dom';
import type { ChatHeader_group$key } from '../../../__generated__/ChatHeader_group.graphql';
import type { Area } from '../../../system/router/guards';
import { lastSeenText } from '../rules/lastSeen';
import { CHAT_TEXTS } from '../texts';
import { typingText } from '../typing';
import { useNow, useTypingUsers } from '../typingStore';

/** Header of the open chat: the name (h1), presence or typing line, and the back link below `lg`. */
export function ChatHeader({ group, viewerUserId, area }: { group: ChatHeader_group$key; viewerUserId: number | null; area: Area }) {
  const g = useFragment(
    graphql`
      fragment ChatHeader_group on ChatGroup {
        id
        name
        groupType
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
  const others = g.members.filter((m) => m.userId !== viewerUserId);
  const typing = useTypingUsers(g.id, viewerUserId);
  const typingLine = typingText(typing, others.length > 1);
  const status = others.length === 1 ? (others[0].online ? 'в сети' : lastSeenText(others[0].lastSeenAt, now)) : others.length > 1 ? CHAT_TEXTS.members(g.members.length) : null;

  return (
    <Flex align="center" gap="2" px="4" py="3" borderBottomWidth="1px">
      <Link asChild display={{ base: 'inline-flex', lg: 'none' }}>
        <NavLink to={`/${area}/chats`}>
          <IconButton as="span" aria-label={CHAT_TEXTS.back} size="sm" variant="ghost">
            ←
          </IconButton>
        </NavLink>
      </Link>
      <Box minW="0">
        <Heading as="h1" size="md" truncate>
          {g.name || CHAT_TEXTS.noName}
        </Heading>
        <Text fontSize="sm" color={typingLine ? 'blue.600' : 'gray.500'} data-testid={typingLine ? 'typing-indicator' : 'chat-presence'} aria-live="polite">
          {typingLine ?? status ?? '\u00a0'}
        </Text>
      </Box>
    </Flex>
  );
}
