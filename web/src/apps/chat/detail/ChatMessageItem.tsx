/**
 * One message: sender, reply / forward quote, text with mentions, file and picture previews, time, 'изменено',
 * own message status (SENT / DELIVERED / VIEWED, 'Отправляется' for the placeholder), reactions; actions reply,
 * react, and for own messages edit and delete (removed at once, restored if the call fails).
 */
import { Badge, Box, Button, Flex, HStack, Image, Menu, Portal, Text, Wrap } from '@chakra-ui/react';
import { format } from 'date-fns';
import { graphql, useFragment } from 'react-relay';
import type { ChatMessageItem_message$key } from '../../../__generated__/ChatMessageItem_message.graphql';
import { removeMessage, setUnreadStatistic } from '../chatStore';
import { splitMentions, type Mentionable } from '../mentions';
import { useDeleteChatMessageMutation } from '../mutations/useDeleteChatMessageMutation';
import { useReactToChatMessageMutation } from '../mutations/useReactToChatMessageMutation';
import { CHAT_TEXTS, REACTIONS } from '../texts';

/** Ids of optimistic placeholders (ChatComposer). */
export const PENDING_PREFIX = 'client:pending:';

const STATUS_ICON = { SENDING: '🕓', SENT: '✓', DELIVERED: '✓✓', VIEWED: '✓✓' } as const;

export interface ChatMessageItemProps {
  message: ChatMessageItem_message$key;
  groupGlobalId: string;
  members: readonly Mentionable[];
  onReply: (messageId: string, author: string) => void;
  onEdit: (messageId: string, text: string) => void;
}

export function ChatMessageItem({ message, groupGlobalId, members, onReply, onEdit }: ChatMessageItemProps) {
  const m = useFragment(
    graphql`
      fragment ChatMessageItem_message on ChatMessage {
        id
        msgId
        extMsgId
        createdAt
        text
        status
        own
        sentByGroup
        edited
        mentionsViewer
        sender {
          id
          userId
          name
        }
        file {
          name
          isImage
        }
        pictures {
          previewUrl
        }
        replyTo {
          id
          text
          sender {
            name
          }
          file {
            name
          }
        }
        forwardedFrom {
          id
          text
          sender {
            name
          }
        }
        reactions {
          reaction
          count
          viewerReacted
        }
      }
    `,
    message,
  );
  const [del] = useDeleteChatMessageMutation();
  const [react] = useReactToChatMessageMutation();
  const pending = m.id.startsWith(PENDING_PREFIX);
  const status: keyof typeof STATUS_ICON = pending ? 'SENDING' : m.status === 'DELIVERED' || m.status === 'VIEWED' ? m.status : 'SENT';
  const author = m.own ? CHAT_TEXTS.you : m.sender?.name ?? '';
  const label = CHAT_TEXTS.statusLabel[status];

  const onDelete = () =>
    del(
      { input: { messageId: m.id } },
      {
        optimisticUpdater: (store) => removeMessage(store, groupGlobalId, m.id),
        updater: (store) => {
          const f = store.getRootField('deleteChatMessage');
          if (f?.getValue('__typename') !== 'DeleteChatMessageSuccess') return;
          removeMessage(store, groupGlobalId, m.id);
          setUnreadStatistic(store, f.getLinkedRecord('unreadStatistic'));
        },
      },
    ).catch(() => undefined);
  const onReact = (reaction: string) => react({ input: { messageId: m.id, reaction } }).catch(() => undefined);

  return (
    <Box
      as="li"
      data-testid="chat-message"
      data-message-id={m.msgId}
      data-own={m.own}
      aria-label={`${author}: ${m.text ?? m.file?.name ?? ''}`}
      alignSelf={m.own ? 'flex-end' : 'flex-start'}
      maxW={{ base: '90%', md: '75%' }}
    >
      <Box bg={m.own ? 'blue.50' : m.mentionsViewer ? 'orange.50' : 'gray.50'} borderWidth="1px" borderRadius="lg" px="3" py="2" opacity={pending ? 0.7 : 1}>
        {!m.own && m.sender?.name && (
          <Text fontSize="xs" fontWeight="semibold" color="blue.700">
            {m.sender.name}
          </Text>
        )}
        {m.forwardedFrom && (
          <Box borderStartWidth="3px" borderColor="gray.300" ps="2" my="1">
            <Text fontSize="xs" color="gray.500">
              {CHAT_TEXTS.forwarded}
              {m.forwardedFrom.sender?.name ? ` · ${m.forwardedFrom.sender.name}` : ''}
            </Text>
            <Text fontSize="sm">{m.forwardedFrom.text}</Text>
          </Box>
        )}
        {m.replyTo && (
          <Box borderStartWidth="3px" borderColor="blue.300" ps="2" my="1" data-testid="message-reply">
            <Text fontSize="xs" color="blue.600">
              {m.replyTo.sender?.name ?? ''}
            </Text>
            <Text fontSize="sm" color="gray.600" lineClamp={2}>
              {m.replyTo.text || m.replyTo.file?.name}
            </Text>
          </Box>
        )}
        {m.text && (
          <Text whiteSpace="pre-wrap" wordBreak="break-word">
            {splitMentions(m.text, members).map((p, i) =>
              p.kind === 'mention' ? (
                <Text as="span" key={i} color="blue.600" fontWeight="medium" data-testid="message-mention">
                  {p.text}
                </Text>
              ) : (
                <span key={i}>{p.text}</span>
              ),
            )}
          </Text>
        )}
        {m.pictures.length > 0 && (
          <Wrap gap="2" mt="1">
            {m.pictures.map((p, i) =>
              p.previewUrl ? <Image key={i} src={p.previewUrl} alt={`${CHAT_TEXTS.picture} ${i + 1}`} maxH="40" borderRadius="md" /> : null,
            )}
          </Wrap>
        )}
        {m.file && (
          <Text fontSize="sm" mt="1">
            📎 {m.file.name}
          </Text>
        )}
        <Flex justify="flex-end" align="center" gap="1.5" mt="1">
          {m.edited && (
            <Text fontSize="xs" color="gray.500">
              {CHAT_TEXTS.edited}
            </Text>
          )}
          <Text fontSize="xs" color="gray.500">
            {format(new Date(m.createdAt), 'HH:mm')}
          </Text>
          {m.own && (
            <Text
              as="span"
              fontSize="xs"
              color={status === 'VIEWED' ? 'blue.500' : 'gray.500'}
              role="img"
              aria-label={label}
              title={label}
              data-testid="message-status"
              data-status={status}
            >
              {STATUS_ICON[status]}
            </Text>
          )}
        </Flex>
      </Box>
      <HStack gap="1" mt="1" justify={m.own ? 'flex-end' : 'flex-start'} wrap="wrap">
        {m.reactions.map((r) => (
          <Badge
            key={r.reaction}
            asChild
            variant={r.viewerReacted ? 'solid' : 'outline'}
            colorPalette="blue"
            cursor="pointer"
          >
            <button type="button" onClick={() => onReact(r.reaction)} aria-pressed={r.viewerReacted}>
              {r.reaction} {r.count}
            </button>
          </Badge>
        ))}
        {!pending && (
          <>
            <Button size="2xs" variant="ghost" onClick={() => onReply(m.id, author)}>
              {CHAT_TEXTS.reply}
            </Button>
            <Menu.Root>
              <Menu.Trigger asChild>
                <Button size="2xs" variant="ghost">
                  {CHAT_TEXTS.react}
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="auto">
                    <HStack gap="0">
                      {REACTIONS.map((r) => (
                        <Menu.Item key={r} value={r} onClick={() => onReact(r)} aria-label={r}>
                          {r}
                        </Menu.Item>
                      ))}
                    </HStack>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            {m.own && (
              <>
                <Button size="2xs" variant="ghost" onClick={() => onEdit(m.id, m.text ?? '')}>
                  {CHAT_TEXTS.edit}
                </Button>
                <Button size="2xs" variant="ghost" colorPalette="red" onClick={onDelete}>
                  {CHAT_TEXTS.deleteMessage}
                </Button>
              </>
            )}
          </>
        )}
      </HStack>
    </Box>
  );
}
