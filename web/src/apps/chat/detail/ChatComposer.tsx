/**
 * The composer of the open chat (spec chat §5): textbox 'Сообщение', button 'Отправить' (Enter sends, Shift+Enter
 * breaks the line; 'Сохранить' when editing), 'Прикрепить файл' with the attachment chips, the mention listbox
 * 'Упомянуть участника', and under it the attachment errors (role="alert", spec chat §8). Layout only; the behaviour
 * lives in hooks beside it:
 * - composer/useMentions.ts — '@' autocomplete (arrows + Enter / Tab or a click insert '@Name ', Escape closes);
 * - composer/useAttachments.ts — limits, immediate uploads through POST /files/chat/groups/<groupId>, 413 / 415 texts;
 * - composer/useSendMessage.ts — send with an optimistic placeholder (text and attachments come back on failure),
 *   reply, edit, typing notifications (at most every 2 s).
 */
import { Box, Button, CloseButton, Flex, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Mentionable } from '../rules/mentions';
import { CHAT_TEXTS } from '../rules/texts';
import { AttachmentChips } from './composer/AttachmentChips';
import { MentionSuggestions } from './composer/MentionSuggestions';
import { useAttachments } from './composer/useAttachments';
import { useMentions } from './composer/useMentions';
import { useSendMessage } from './composer/useSendMessage';
import { PaperclipIcon } from './PaperclipIcon';
import { Tooltip } from '../../../components/Tooltip';

/** What the composer does: a new message, a reply to a message, or editing the viewer's message. */
export type ComposerMode =
  | { kind: 'new' }
  | { kind: 'reply'; messageId: string; author: string }
  | { kind: 'edit'; messageId: string; text: string };

export interface ChatComposerProps {
  /** Global id of the group. */
  groupGlobalId: string;
  /** Backend group id (the upload path). */
  groupId: number;
  /** The group's members (mentions). */
  members: readonly Mentionable[];
  /** The viewer, left out of the mention suggestions. */
  viewerUserId: number | null;
  /** New message, reply or edit (the chat's message actions set it). */
  mode: ComposerMode;
  /** Called when a reply or edit ends (sent, saved or cancelled). */
  onModeDone: () => void;
}

/** The message composer of the open chat (see the module comment). */
export function ChatComposer({ groupGlobalId, groupId, members, viewerUserId, mode, onModeDone }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [editText, setEditText] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const current = mode.kind === 'edit' ? (editText ?? mode.text) : text;

  const finishMode = () => {
    setEditText(null);
    onModeDone();
  };
  const files = useAttachments(groupId);
  const mentions = useMentions({
    text: current,
    members,
    viewerUserId,
    textarea,
    onInsert: (value, at) => setCurrent(value, at),
  });
  const { submit, sendable, editing, notifyTyping } = useSendMessage({
    groupGlobalId,
    members,
    mode,
    text: current,
    clearText: () => {
      setText('');
      mentions.reset();
    },
    restoreText: (sent) => setText((t) => (t ? t : sent)),
    files,
    finishMode,
  });

  function setCurrent(value: string, at: number) {
    mentions.textChanged(value, at);
    if (mode.kind === 'edit') setEditText(value);
    else setText(value);
    notifyTyping(value);
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
    if (e.key === 'Escape' && mode.kind !== 'new') finishMode();
  };

  return (
    <Stack gap="2" borderTopWidth="1px" px="4" py="3">
      {mode.kind !== 'new' && (
        <Flex align="center" justify="space-between" bg="gray.50" borderRadius="md" px="2" py="1">
          <Text fontSize="sm" color="gray.600" truncate>
            {mode.kind === 'reply' ? CHAT_TEXTS.replyTo(mode.author) : CHAT_TEXTS.editing}
          </Text>
          <CloseButton size="xs" aria-label={CHAT_TEXTS.cancel} onClick={finishMode} />
        </Flex>
      )}
      {mode.kind !== 'edit' && <AttachmentChips attachments={files.attachments} onRemove={files.remove} />}
      <Flex gap="2" align="flex-end">
        {mode.kind !== 'edit' && (
          <>
            <Tooltip content={CHAT_TEXTS.attach}>
              <IconButton aria-label={CHAT_TEXTS.attach} variant="ghost" onClick={() => fileInput.current?.click()}>
                <PaperclipIcon boxSize="5" />
              </IconButton>
            </Tooltip>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              tabIndex={-1}
              aria-hidden
              data-testid="chat-file-input"
              onChange={(e) => {
                const picked = Array.from(e.target.files ?? []);
                e.target.value = '';
                files.add(picked);
              }}
            />
          </>
        )}
        <Box position="relative" flex="1" minW="0">
          {mentions.listOpen && (
            <MentionSuggestions
              id={mentions.listId}
              options={mentions.options}
              activeIndex={mentions.active}
              onPick={mentions.pick}
              onActiveChange={mentions.setActiveIndex}
            />
          )}
          <Textarea
            key={mode.kind === 'edit' ? mode.messageId : 'new'}
            ref={textarea}
            aria-label={CHAT_TEXTS.message}
            {...mentions.textareaProps}
            placeholder={CHAT_TEXTS.message}
            value={current}
            onChange={(e) => setCurrent(e.target.value, e.target.selectionStart ?? e.target.value.length)}
            onKeyDown={onKeyDown}
            autoresize
            maxH="40"
            rows={1}
            resize="none"
            autoFocus={mode.kind !== 'new'}
          />
        </Box>
        <Button onClick={submit} disabled={!sendable} loading={editing} colorPalette="blue">
          {mode.kind === 'edit' ? CHAT_TEXTS.save : CHAT_TEXTS.send}
        </Button>
      </Flex>
      {files.errors.length > 0 && (
        <Box role="alert" data-testid="composer-error">
          {files.errors.map((e) => (
            <Text key={e} fontSize="sm" color="red.600">
              {e}
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );
}
