/**
 * One message: sender, 'Вас упомянули' when it mentions the viewer, reply quote, forward quote 'Переслано', text
 * with mentions, picture previews (a click opens the full picture, PictureLightbox) and the file as a download
 * link named by the file, time, 'изменено', own message status (SENT / DELIVERED / VIEWED, 'Отправляется' for the
 * placeholder), reactions; actions reply, react, forward, and for own messages edit and delete (removed at once,
 * restored if the call fails). A message with metaData (spec chat §3: alliance invitation, hashtag, link…) is a compact
 * system-style item instead: the type's label and the userMessage where meaningful (alliances/allianceRules
 * metadataDisplay: for an invitation 'Приглашение в альянс · <invited name>' and the status word 'ожидает ответа' /
 * 'принято' / 'отклонено', updated live by METADATA_EDITED; never the invitation id), any text, and the time.
 */
import { Badge, Box, Button, chakra, Flex, HStack, Image, Link, Menu, Portal, Text, Wrap } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ChatMessageItem_message$key } from '../../../__generated__/ChatMessageItem_message.graphql';
import { metadataDisplay } from '../alliances/allianceRules';
import { removeMessage, setUnreadStatistic } from '../store/chatStore';
import { splitMentions, type Mentionable } from '../rules/mentions';
import { useDeleteChatMessageMutation } from '../mutations/useDeleteChatMessageMutation';
import { useReactToChatMessageMutation } from '../mutations/useReactToChatMessageMutation';
import { PaperclipIcon } from './PaperclipIcon';
import { CHAT_TEXTS, REACTIONS } from '../rules/texts';
import { PictureLightbox } from './PictureLightbox';
import { Tooltip } from '../../../components/Tooltip';

/** Ids of optimistic placeholders (ChatComposer). */
export const PENDING_PREFIX = 'client:pending:';

const STATUS_ICON = { SENDING: '🕓', SENT: '✓', DELIVERED: '✓✓', VIEWED: '✓✓' } as const;

/** Props of ChatMessageItem: the message, its group (global id), the members for mentions and the action callbacks. */
export interface ChatMessageItemProps {
  message: ChatMessageItem_message$key;
  groupGlobalId: string;
  members: readonly Mentionable[];
  onReply: (messageId: string, author: string) => void;
  onEdit: (messageId: string, text: string) => void;
  onForward: (messageId: string) => void;
}

/** One message of the open chat (see the module comment); its fragment is `ChatMessageItem_message`. */
export function ChatMessageItem({ message, groupGlobalId, members, onReply, onEdit, onForward }: ChatMessageItemProps) {
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
          url
        }
        pictures {
          fileId
          name
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
          pictures {
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
        metadata {
          type
          label
          userMessage
          invitation {
            id
            invitedUserId
            status
            invitedUser {
              name
            }
          }
        }
      }
    `,
    message,
  );
  const [del] = useDeleteChatMessageMutation();
  const [react] = useReactToChatMessageMutation();
  const pending = m.id.startsWith(PENDING_PREFIX);
  const status: keyof typeof STATUS_ICON = pending
    ? 'SENDING'
    : m.status === 'DELIVERED' || m.status === 'VIEWED'
      ? m.status
      : 'SENT';
  const author = m.own ? CHAT_TEXTS.you : (m.sender?.name ?? '');
  const label = CHAT_TEXTS.statusLabel[status];
  const [lightbox, setLightbox] = useState<{ name: string; url: string } | null>(null);
  const pictureName = (p: { name: string | null | undefined }, i: number) => p.name || `${CHAT_TEXTS.picture} ${i + 1}`;
  const summary = m.text || m.file?.name || m.pictures.map(pictureName).join(', ');
  // A forward without own text repeats the forwarded text (the backend copies it): show it once, in the quote.
  const ownText = m.forwardedFrom && m.text === m.forwardedFrom.text ? null : m.text;

  const onDelete = () =>
    del(
      { input: { messageId: m.id } },
      {
        optimisticUpdater: (store) => removeMessage(store, groupGlobalId, m.id),
        updater: (store) => {
          const f = store.getRootField('deleteChatMessage');
          if (f?.getValue('__typename') !== 'DeleteChatMessageSuccess') return;
          removeMessage(store, groupGlobalId, m.id);
          setUnreadStatistic(store, f.getLinkedRecord('unreadStatistic'), groupGlobalId);
        },
      },
    ).catch(() => undefined);
  const onReact = (reaction: string) => react({ input: { messageId: m.id, reaction } }).catch(() => undefined);

  if (m.metadata) {
    const {
      label: typeLabel,
      detail,
      status: invitationStatus,
    } = metadataDisplay(m.metadata, (userId) => members.find((x) => x.userId === userId)?.name);
    const extra = m.text && m.text !== detail ? m.text : null;
    return (
      <Box
        as="li"
        data-testid="chat-message"
        data-message-id={m.msgId}
        data-own={m.own}
        data-metadata-type={m.metadata.type}
        aria-label={[[typeLabel, detail].filter(Boolean).join(' · '), invitationStatus, extra]
          .filter(Boolean)
          .join(': ')}
        alignSelf="center"
        maxW={{ base: '95%', md: '80%' }}
      >
        <Box bg="gray.100" borderRadius="md" px="3" py="1.5" textAlign="center" data-testid="message-metadata">
          <Text fontSize="sm" color="gray.700">
            <Text as="span" fontWeight="semibold">
              {typeLabel}
            </Text>
            {detail && <Text as="span">{` · ${detail}`}</Text>}
            {invitationStatus && (
              <Text as="span" color="gray.500" data-testid="invitation-status">{` · ${invitationStatus}`}</Text>
            )}
          </Text>
          {extra && (
            <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
              {extra}
            </Text>
          )}
          <Text fontSize="xs" color="gray.500">
            {m.sender?.name && !m.own ? `${m.sender.name} · ` : ''}
            {format(new Date(m.createdAt), 'HH:mm')}
          </Text>
        </Box>
      </Box>
    );
  }

  return (
    <Box
      as="li"
      data-testid="chat-message"
      data-message-id={m.msgId}
      data-own={m.own}
      aria-label={`${author}: ${summary}`}
      data-mentions-viewer={m.mentionsViewer}
      alignSelf={m.own ? 'flex-end' : 'flex-start'}
      maxW={{ base: '90%', md: '75%' }}
    >
      <Box
        bg={m.own ? 'blue.50' : m.mentionsViewer ? 'orange.50' : 'gray.50'}
        borderWidth="1px"
        borderRadius="lg"
        px="3"
        py="2"
        opacity={pending ? 0.7 : 1}
      >
        {((!m.own && m.sender?.name) || m.mentionsViewer) && (
          <Flex align="center" gap="2" wrap="wrap">
            {!m.own && m.sender?.name && (
              <Text fontSize="xs" fontWeight="semibold" color="blue.700">
                {m.sender.name}
              </Text>
            )}
            {m.mentionsViewer && (
              <Badge size="xs" colorPalette="orange" variant="subtle" data-testid="message-mentions-viewer">
                {CHAT_TEXTS.mentionsViewer}
              </Badge>
            )}
          </Flex>
        )}
        {m.forwardedFrom && (
          <Box borderStartWidth="3px" borderColor="gray.300" ps="2" my="1" data-testid="message-forward">
            <Text fontSize="xs" color="gray.500">
              {CHAT_TEXTS.forwarded}
              {m.forwardedFrom.sender?.name ? ` · ${m.forwardedFrom.sender.name}` : ''}
            </Text>
            {m.forwardedFrom.text && (
              <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                {m.forwardedFrom.text}
              </Text>
            )}
          </Box>
        )}
        {m.replyTo && (
          <Box borderStartWidth="3px" borderColor="blue.300" ps="2" my="1" data-testid="message-reply">
            <Text fontSize="xs" color="blue.600">
              {m.replyTo.sender?.name ?? ''}
            </Text>
            <Text fontSize="sm" color="gray.600" lineClamp={2}>
              {m.replyTo.text || m.replyTo.file?.name || m.replyTo.pictures.map(pictureName).join(', ')}
            </Text>
          </Box>
        )}
        {ownText && (
          <Text whiteSpace="pre-wrap" wordBreak="break-word">
            {splitMentions(ownText, members).map((p, i) =>
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
          <Wrap gap="2" mt="1" data-testid="message-pictures">
            {m.pictures.map((p, i) => {
              const url = p.previewUrl;
              const name = pictureName(p, i);
              return url ? (
                <chakra.button
                  key={p.fileId ?? i}
                  type="button"
                  aria-label={CHAT_TEXTS.openPicture(name)}
                  title={name}
                  onClick={() => setLightbox({ name, url })}
                  borderRadius="md"
                  overflow="hidden"
                  cursor="zoom-in"
                  lineHeight="0"
                >
                  <Image src={url} alt={name} maxH="40" maxW="60" objectFit="cover" />
                </chakra.button>
              ) : null;
            })}
          </Wrap>
        )}
        {m.file && (
          <Text fontSize="sm" mt="1" data-testid="message-file">
            {m.file.url ? (
              <Link href={m.file.url} download={m.file.name} color="blue.700" wordBreak="break-all">
                <PaperclipIcon boxSize="4" />
                {m.file.name}
              </Link>
            ) : (
              <Flex as="span" align="center" gap="1">
                <PaperclipIcon boxSize="4" />
                {m.file.name}
              </Flex>
            )}
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
            <Tooltip content={label}>
              <Text
                as="span"
                fontSize="xs"
                color={status === 'VIEWED' ? 'blue.500' : 'gray.500'}
                role="img"
                aria-label={label}
                data-testid="message-status"
                data-status={status}
              >
                {STATUS_ICON[status]}
              </Text>
            </Tooltip>
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
            <Button size="2xs" variant="ghost" onClick={() => onForward(m.id)}>
              {CHAT_TEXTS.forward}
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
      <PictureLightbox picture={lightbox} onClose={() => setLightbox(null)} />
    </Box>
  );
}
