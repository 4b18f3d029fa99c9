/**
 * One chat in the list: name, last message with its time (rules/dateFormat), unread count and mention marker,
 * pin mark; actions pin / unpin (the limit error and failures shown, spec chat §8), leave, delete (owner or
 * admin, spec chat §6) — removed at once and restored by Relay if the call fails. A support chat can be neither
 * left nor deleted (the backend answers 409 'Чат поддержки нельзя покинуть'), so it offers only pin / unpin.
 */
import { Badge, Box, Flex, HStack, IconButton, Link, Menu, Portal, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { NavLink, useNavigate, useParams } from 'react-router-dom';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import type { ChatListItem_group$key } from '../../../__generated__/ChatListItem_group.graphql';
import { toaster } from '../../../system/toaster';
import { placeGroup, removeGroup, setUnreadStatistic } from '../store/chatStore';
import { useDeleteChatGroupMutation } from '../mutations/useDeleteChatGroupMutation';
import { useLeaveChatGroupMutation } from '../mutations/useLeaveChatGroupMutation';
import { usePinChatGroupMutation } from '../mutations/usePinChatGroupMutation';
import { useUnpinChatGroupMutation } from '../mutations/useUnpinChatGroupMutation';
import { formatMessageListDate } from '../rules/dateFormat';
import { CHAT_TEXTS } from '../rules/texts';
import { readUserError } from '../../../system/errors/userError';

function pinError(title: string, description?: string) {
  toaster.create({ type: 'error', title, description, closable: true });
}

/**
 * A list row linking to `<basePath>/<groupId>`; `displayName` replaces the group name and `subtitle` shows under it
 * (the support desk names a support chat by the user who wrote and his company, support/SupportChatListItem).
 */
export function ChatListItem({
  group,
  basePath,
  active,
  displayName,
  subtitle,
}: {
  group: ChatListItem_group$key;
  basePath: string;
  active: boolean;
  displayName?: string | null;
  subtitle?: string | null;
}) {
  const g = useFragment(
    graphql`
      fragment ChatListItem_group on ChatGroup {
        id
        groupId
        name
        groupType
        isFavorite
        favoriteId
        isBotOrSupport
        viewerRole
        createdAt
        lastMessage {
          createdAt
          text
          fileName
          senderName
          own
          status
        }
        statistics {
          unreadMessagesCount
          hasNewMentions
          hasNewReactions
        }
      }
    `,
    group,
  );
  const [pin] = usePinChatGroupMutation();
  const [unpin] = useUnpinChatGroupMutation();
  const [leave] = useLeaveChatGroupMutation();
  const [del] = useDeleteChatGroupMutation();
  const navigate = useNavigate();
  const { groupId: openGroupId } = useParams();
  const name = displayName || g.name || CHAT_TEXTS.noName;
  const unread = g.statistics.unreadMessagesCount;
  const canLeave = !g.isBotOrSupport;
  const canDelete = !g.isBotOrSupport && (g.viewerRole === 'OWNER' || g.viewerRole === 'ADMIN');
  const last = g.lastMessage;
  // a message without text or file (e.g. an alliance invitation, metaData only) shows no 'Вы:' prefix alone
  const body = last ? last.text || last.fileName || '' : '';
  const preview =
    last && body ? `${last.own ? `${CHAT_TEXTS.you}: ` : last.senderName ? `${last.senderName}: ` : ''}${body}` : '';

  const onPin = async () => {
    const pinning = !g.isFavorite;
    try {
      const commit = pinning ? pin : unpin;
      const res = await commit(
        { input: { groupId: g.id } },
        {
          updater: (store) => {
            const field = store.getRootField(pinning ? 'pinChatGroup' : 'unpinChatGroup');
            if (field?.getValue('__typename') !== 'ChatGroupChangeSuccess') return;
            setUnreadStatistic(store, field.getLinkedRecord('unreadStatistic'), g.id);
            placeGroup(store, field.getLinkedRecord('group'));
          },
        },
      );
      const r = 'pinChatGroup' in res ? res.pinChatGroup : res.unpinChatGroup;
      if (r.__typename === 'UserError') {
        const userError = readUserError(r.userError);
        if (userError.code === 'PIN_LIMIT') pinError(userError.message || CHAT_ERRORS.PIN_LIMIT);
        else pinError(pinning ? CHAT_TEXTS.pinFailed : CHAT_TEXTS.unpinFailed, userError.message);
      }
    } catch {
      pinError(pinning ? CHAT_TEXTS.pinFailed : CHAT_TEXTS.unpinFailed);
    }
  };

  const onRemove = async (kind: 'leave' | 'delete') => {
    const commit = kind === 'leave' ? leave : del;
    const field = kind === 'leave' ? 'leaveChatGroup' : 'deleteChatGroup';
    if (openGroupId === String(g.groupId)) navigate(basePath);
    await commit(
      { input: { groupId: g.id } },
      {
        optimisticUpdater: (store) => removeGroup(store, g.id),
        updater: (store) => {
          const f = store.getRootField(field);
          if (f?.getValue('__typename') !== 'ChatGroupRemovedSuccess') return;
          removeGroup(store, g.id);
          setUnreadStatistic(store, f.getLinkedRecord('unreadStatistic'), g.id);
        },
      },
    ).catch(() => undefined);
  };

  return (
    <Box
      as="li"
      aria-label={name}
      borderBottomWidth="1px"
      bg={active ? 'blue.50' : undefined}
      _hover={{ bg: active ? 'blue.50' : 'gray.50' }}
    >
      <Flex align="center" gap="1" pe="1">
        <Link asChild flex="1" minW="0" px="3" py="2.5" textDecoration="none" _hover={{ textDecoration: 'none' }}>
          <NavLink to={`${basePath}/${g.groupId}`} aria-current={active ? 'page' : undefined}>
            <Box w="full" minW="0">
              <Flex justify="space-between" gap="2" align="baseline">
                <HStack gap="1" minW="0">
                  {g.isFavorite && (
                    <Text as="span" aria-label={CHAT_TEXTS.pinned} title={CHAT_TEXTS.pinned} color="blue.500">
                      📌
                    </Text>
                  )}
                  <Text fontWeight="semibold" truncate>
                    {name}
                  </Text>
                </HStack>
                {last && (
                  <Text fontSize="xs" color="gray.500" flexShrink={0}>
                    {formatMessageListDate(last.createdAt)}
                  </Text>
                )}
              </Flex>
              {subtitle && (
                <Text fontSize="xs" color="gray.600" truncate data-testid="chat-group-subtitle">
                  {subtitle}
                </Text>
              )}
              <Flex justify="space-between" gap="2" align="center">
                <Text fontSize="sm" color="gray.600" truncate>
                  {preview}
                </Text>
                <HStack gap="1" flexShrink={0}>
                  {g.statistics.hasNewMentions && (
                    <Badge colorPalette="orange" variant="solid" borderRadius="full">
                      @
                    </Badge>
                  )}
                  {unread > 0 && (
                    <Badge colorPalette="blue" variant="solid" borderRadius="full" data-testid="chat-group-unread">
                      {unread}
                    </Badge>
                  )}
                </HStack>
              </Flex>
            </Box>
          </NavLink>
        </Link>
        <Menu.Root>
          <Menu.Trigger asChild>
            <IconButton aria-label={CHAT_TEXTS.actions(name)} size="xs" variant="ghost">
              ⋮
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="pin" onClick={onPin}>
                  {g.isFavorite ? CHAT_TEXTS.unpin : CHAT_TEXTS.pin}
                </Menu.Item>
                {canLeave && (
                  <Menu.Item value="leave" onClick={() => onRemove('leave')}>
                    {CHAT_TEXTS.leave}
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item value="delete" color="red.600" onClick={() => onRemove('delete')}>
                    {CHAT_TEXTS.delete}
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>
    </Box>
  );
}
