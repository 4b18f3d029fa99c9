/**
 * The composer: textbox 'Сообщение', button 'Отправить' (Enter sends, Shift+Enter breaks the line). A message
 * gets an extMsgId `msg_<Date.now()>` (msgKey.ts), shows at once as a placeholder and is replaced by the
 * server's message (same extMsgId); a failed send drops the placeholder and puts the text back. Mentions
 * `@Name` become mentionedUserIds. Typing notifications go out at most every 2 s while typing. Attachments:
 * the gateway has no chat file proxy yet (gateway/src/http/files.ts), so the composer is text-only.
 */
import { Box, Button, CloseButton, Flex, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { appendMessage, placeGroup } from '../chatStore';
import { mentionedUserIds, type Mentionable } from '../mentions';
import { nextExtMsgId } from '../msgKey';
import { useEditChatMessageMutation } from '../mutations/useEditChatMessageMutation';
import { useSendChatMessageMutation } from '../mutations/useSendChatMessageMutation';
import { useSendTypingMutation } from '../mutations/useSendTypingMutation';
import { CHAT_TEXTS } from '../texts';
import { shouldSendTyping } from '../typing';
import { PENDING_PREFIX } from './ChatMessageItem';

export type ComposerMode = { kind: 'new' } | { kind: 'reply'; messageId: string; author: string } | { kind: 'edit'; messageId: string; text: string };

export interface ChatComposerProps {
  groupGlobalId: string;
  members: readonly Mentionable[];
  mode: ComposerMode;
  onModeDone: () => void;
}

export function ChatComposer({ groupGlobalId, members, mode, onModeDone }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [editText, setEditText] = useState<string | null>(null);
  const [send] = useSendChatMessageMutation();
  const [edit, editing] = useEditChatMessageMutation();
  const [typing] = useSendTypingMutation();
  const lastTyping = useRef<number | null>(null);
  const editingId = mode.kind === 'edit' ? mode.messageId : null;
  const current = mode.kind === 'edit' ? (editText ?? mode.text) : text;

  const setCurrent = (v: string) => {
    if (mode.kind === 'edit') setEditText(v);
    else {
      setText(v);
      const now = Date.now();
      if (v.trim() && shouldSendTyping(lastTyping.current, now)) {
        lastTyping.current = now;
        typing({ input: { groupId: groupGlobalId } }).catch(() => undefined);
      }
    }
  };

  const finishMode = () => {
    setEditText(null);
    onModeDone();
  };

  const submit = () => {
    const value = current.trim();
    if (!value) return;
    if (mode.kind === 'edit') {
      const id = mode.messageId;
      edit(
        { input: { messageId: id, text: value } },
        { optimisticUpdater: (store) => void store.get(id)?.setValue(value, 'text') },
      ).catch(() => undefined);
      finishMode();
      return;
    }
    const extMsgId = nextExtMsgId();
    const replyToId = mode.kind === 'reply' ? mode.messageId : null;
    const mentioned = mentionedUserIds(value, members);
    setText('');
    lastTyping.current = null;
    if (mode.kind === 'reply') finishMode();
    send(
      { input: { groupId: groupGlobalId, extMsgId, text: value, replyToId, mentionedUserIds: mentioned.length ? mentioned : null } },
      {
        optimisticUpdater: (store) => {
          const id = `${PENDING_PREFIX}${extMsgId}`;
          const rec = store.create(id, 'ChatMessage');
          rec.setValue(id, 'id');
          rec.setValue(0, 'msgId');
          rec.setValue(extMsgId, 'extMsgId');
          rec.setValue(groupGlobalId, 'groupId');
          rec.setValue(new Date().toISOString(), 'createdAt');
          rec.setValue(value, 'text');
          rec.setValue('SENT', 'status');
          rec.setValue(true, 'own');
          rec.setValue(false, 'sentByGroup');
          rec.setValue(false, 'edited');
          rec.setValue(false, 'mentionsViewer');
          rec.setValue(false, 'isFirstUnread');
          rec.setValue(null, 'sender');
          rec.setValue(null, 'file');
          rec.setValue(null, 'forwardedFrom');
          rec.setLinkedRecords([], 'pictures');
          rec.setLinkedRecords([], 'reactions');
          const reply = replyToId ? store.get(replyToId) : null;
          if (reply) rec.setLinkedRecord(reply, 'replyTo');
          else rec.setValue(null, 'replyTo');
          appendMessage(store, groupGlobalId, rec);
        },
        updater: (store) => {
          const f = store.getRootField('sendChatMessage');
          if (f?.getValue('__typename') !== 'SendChatMessageSuccess') return;
          const msg = f.getLinkedRecord('message');
          if (msg) appendMessage(store, groupGlobalId, msg);
          placeGroup(store, f.getLinkedRecord('group'));
        },
      },
    )
      .then((res) => {
        if (res.sendChatMessage.__typename !== 'SendChatMessageSuccess') throw new Error(res.sendChatMessage.__typename);
      })
      .catch(() => setText((t) => (t ? t : value)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
    if (e.key === 'Escape' && mode.kind !== 'new') finishMode();
  };

  return (
    <Box borderTopWidth="1px" px="4" py="3">
      {mode.kind !== 'new' && (
        <Flex align="center" justify="space-between" bg="gray.50" borderRadius="md" px="2" py="1" mb="2">
          <Text fontSize="sm" color="gray.600" truncate>
            {mode.kind === 'reply' ? CHAT_TEXTS.replyTo(mode.author) : CHAT_TEXTS.editing}
          </Text>
          <CloseButton size="xs" aria-label={CHAT_TEXTS.cancel} onClick={finishMode} />
        </Flex>
      )}
      <Flex gap="2" align="flex-end">
        <Textarea
          key={editingId ?? 'new'}
          aria-label={CHAT_TEXTS.message}
          placeholder={CHAT_TEXTS.message}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          onKeyDown={onKeyDown}
          autoresize
          maxH="40"
          rows={1}
          resize="none"
          autoFocus={mode.kind !== 'new'}
        />
        <Button onClick={submit} disabled={!current.trim()} loading={editing} colorPalette="blue">
          {mode.kind === 'edit' ? CHAT_TEXTS.save : CHAT_TEXTS.send}
        </Button>
      </Flex>
      <Text fontSize="xs" color="gray.400" mt="1">
        {CHAT_TEXTS.attachmentsUnavailable}
      </Text>
    </Box>
  );
}
