/**
 * The composer: textbox 'Сообщение', button 'Отправить' (Enter sends, Shift+Enter breaks the line). A message
 * gets an extMsgId `msg_<Date.now()>` (msgKey.ts), shows at once as a placeholder (with the attachments' names
 * and picture thumbnails) and is replaced by the server's message (same extMsgId); a failed send drops the
 * placeholder and puts the text and attachments back. Typing notifications go out at most every 2 s.
 *
 * Mentions: '@' and the first letters of a name open the listbox 'Упомянуть участника' (MentionSuggestions, the
 * group's members without the viewer); arrows + Enter / Tab or a click insert '@Name ', Escape closes it. On
 * sending, `@Name` in the text becomes mentionedUserIds (mentions.ts).
 *
 * Attachments (attachments.ts): 'Прикрепить файл' opens a file picker (several files); each file uploads at once
 * through POST /files/chat/groups/<groupId> and shows as a chip (AttachmentChips). The designed limits and the
 * server's 413 / 415 texts are shown under the composer (role="alert", spec chat §8 user-facing errors); other
 * upload failures are logged and leave the chip as 'Не загружен'. Sending is disabled while an upload runs; the
 * message carries the non-picture upload as `fileId` and the pictures as `pictureIds`, with or without text.
 */
import { Box, Button, CloseButton, Flex, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { RecordProxy } from 'relay-runtime';
import { UploadError } from '../../../system/files';
import {
  acceptAttachments,
  attachmentIds,
  canSendMessage,
  uploadChatAttachment,
  type Attachment,
} from '../attachments';
import { logChatError } from '../chatLog';
import { appendMessage, placeGroup } from '../chatStore';
import { activeMention, filterMentionCandidates, insertMention, mentionedUserIds, type Mentionable } from '../mentions';
import { MentionSuggestions, mentionOptionId, type MentionOption } from '../MentionSuggestions';
import { PaperclipIcon } from '../PaperclipIcon';
import { nextExtMsgId } from '../msgKey';
import { useEditChatMessageMutation } from '../mutations/useEditChatMessageMutation';
import { useSendChatMessageMutation } from '../mutations/useSendChatMessageMutation';
import { useSendTypingMutation } from '../mutations/useSendTypingMutation';
import { CHAT_TEXTS } from '../texts';
import { shouldSendTyping } from '../typing';
import { AttachmentChips } from './AttachmentChips';
import { PENDING_PREFIX } from './ChatMessageItem';

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
  mode: ComposerMode;
  onModeDone: () => void;
}

/** Upload failures the user is told about (spec chat §8: file too large, unsupported type); others are logged. */
const SHOWN_UPLOAD_STATUSES = new Set([413, 415]);

let attachmentSeq = 0;

/** The message composer of the open chat (see the module comment). */
export function ChatComposer({ groupGlobalId, groupId, members, viewerUserId, mode, onModeDone }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [editText, setEditText] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [caret, setCaret] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [send] = useSendChatMessageMutation();
  const [edit, editing] = useEditChatMessageMutation();
  const [typing] = useSendTypingMutation();
  const lastTyping = useRef<number | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const uploads = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());
  const listId = useId();
  const editingId = mode.kind === 'edit' ? mode.messageId : null;
  const current = mode.kind === 'edit' ? (editText ?? mode.text) : text;

  // Unmount: stop the uploads, free the thumbnails.
  useEffect(() => {
    const running = uploads.current;
    const urls = objectUrls.current;
    return () => {
      for (const c of running.values()) c.abort();
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, []);

  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !textarea.current) return;
    pendingCaret.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(at, at);
  });

  const mention = activeMention(current, caret);
  const options: MentionOption[] =
    mention && mention.start !== dismissedAt ? filterMentionCandidates(members, mention.query, viewerUserId) : [];
  const listOpen = options.length > 0;
  const active = Math.min(activeIndex, Math.max(0, options.length - 1));

  const revoke = (list: readonly Attachment[]) => {
    for (const a of list)
      if (a.previewUrl) {
        URL.revokeObjectURL(a.previewUrl);
        objectUrls.current.delete(a.previewUrl);
      }
  };

  const setCurrent = (v: string, at: number) => {
    setCaret(at);
    setActiveIndex(0);
    if (dismissedAt !== null && activeMention(v, at)?.start !== dismissedAt) setDismissedAt(null);
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

  const pickMention = (option: MentionOption) => {
    if (!mention) return;
    const r = insertMention(current, mention, option.name);
    pendingCaret.current = r.caret;
    setCurrent(r.text, r.caret);
  };

  const finishMode = () => {
    setEditText(null);
    onModeDone();
  };

  const onFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    if (files.length === 0) return;
    const { accepted, errors: refused } = acceptAttachments(files, attachments);
    setErrors(refused);
    const added: Attachment[] = accepted.map(({ file, picture }) => {
      const previewUrl = picture ? URL.createObjectURL(file) : null;
      if (previewUrl) objectUrls.current.add(previewUrl);
      return {
        key: `a${++attachmentSeq}`,
        name: file.name,
        size: file.size,
        picture,
        status: 'uploading',
        fileId: null,
        previewUrl,
      };
    });
    if (added.length === 0) return;
    setAttachments((prev) => [...prev, ...added]);
    added.forEach((a, i) => {
      const controller = new AbortController();
      uploads.current.set(a.key, controller);
      uploadChatAttachment(groupId, accepted[i].file, controller.signal)
        .then((uploaded) =>
          setAttachments((prev) =>
            prev.map((x) =>
              x.key === a.key
                ? { ...x, status: 'done', fileId: uploaded.id, picture: uploaded.isPicture ?? x.picture }
                : x,
            ),
          ),
        )
        .catch((e: unknown) => {
          if (controller.signal.aborted) return;
          if (e instanceof UploadError && SHOWN_UPLOAD_STATUSES.has(e.status)) {
            revoke([a]);
            setAttachments((prev) => prev.filter((x) => x.key !== a.key));
            setErrors((prev) => (prev.includes(e.message) ? prev : [...prev, e.message]));
          } else {
            logChatError('upload attachment', e);
            setAttachments((prev) => prev.map((x) => (x.key === a.key ? { ...x, status: 'error' } : x)));
          }
        })
        .finally(() => uploads.current.delete(a.key));
    });
  };

  const removeAttachment = (key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    revoke(attachments.filter((a) => a.key === key));
    setAttachments((prev) => prev.filter((a) => a.key !== key));
  };

  const submit = () => {
    const value = current.trim();
    if (mode.kind === 'edit') {
      if (!value) return;
      const id = mode.messageId;
      edit(
        { input: { messageId: id, text: value } },
        { optimisticUpdater: (store) => void store.get(id)?.setValue(value, 'text') },
      ).catch(() => undefined);
      finishMode();
      return;
    }
    if (!canSendMessage(value, attachments)) return;
    const sent = attachments;
    const { fileId, pictureIds } = attachmentIds(sent);
    const extMsgId = nextExtMsgId();
    const replyToId = mode.kind === 'reply' ? mode.messageId : null;
    const mentioned = value ? mentionedUserIds(value, members) : [];
    setText('');
    setCaret(0);
    setAttachments([]);
    setErrors([]);
    lastTyping.current = null;
    if (mode.kind === 'reply') finishMode();
    send(
      {
        input: {
          groupId: groupGlobalId,
          extMsgId,
          text: value || null,
          replyToId,
          mentionedUserIds: mentioned.length ? mentioned : null,
          fileId,
          pictureIds: pictureIds.length ? pictureIds : null,
        },
      },
      {
        optimisticUpdater: (store) => {
          const id = `${PENDING_PREFIX}${extMsgId}`;
          const rec = store.create(id, 'ChatMessage');
          rec.setValue(id, 'id');
          rec.setValue(0, 'msgId');
          rec.setValue(extMsgId, 'extMsgId');
          rec.setValue(groupGlobalId, 'groupId');
          rec.setValue(new Date().toISOString(), 'createdAt');
          rec.setValue(value || null, 'text');
          rec.setValue('SENT', 'status');
          rec.setValue(true, 'own');
          rec.setValue(false, 'sentByGroup');
          rec.setValue(false, 'edited');
          rec.setValue(false, 'mentionsViewer');
          rec.setValue(false, 'isFirstUnread');
          rec.setValue(null, 'sender');
          rec.setValue(null, 'forwardedFrom');
          const file = sent.find((a) => !a.picture);
          if (file) {
            const f = store.create(`${id}:file`, 'ChatFile');
            f.setValue(file.name, 'name');
            f.setValue(false, 'isImage');
            f.setValue(null, 'url');
            rec.setLinkedRecord(f, 'file');
          } else rec.setValue(null, 'file');
          const pictures: RecordProxy[] = sent
            .filter((a) => a.picture)
            .map((a, i) => {
              const p = store.create(`${id}:picture:${i}`, 'ChatPicture');
              p.setValue(a.fileId, 'fileId');
              p.setValue(a.name, 'name');
              p.setValue(a.previewUrl, 'previewUrl');
              return p;
            });
          rec.setLinkedRecords(pictures, 'pictures');
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
        if (res.sendChatMessage.__typename !== 'SendChatMessageSuccess')
          throw new Error(res.sendChatMessage.__typename);
        revoke(sent);
      })
      .catch(() => {
        setText((t) => (t ? t : value));
        // Put the attachments back unless new ones were added meanwhile (their thumbnails are freed on unmount).
        setAttachments((prev) => (prev.length === 0 ? sent : prev));
      });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (listOpen) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((active + step + options.length) % options.length);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && !e.nativeEvent.isComposing) {
        e.preventDefault();
        pickMention(options[active]);
        return;
      }
      if (e.key === 'Escape' && mention) {
        e.preventDefault();
        e.stopPropagation();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
    if (e.key === 'Escape' && mode.kind !== 'new') finishMode();
  };

  const sendable = mode.kind === 'edit' ? current.trim().length > 0 : canSendMessage(current, attachments);

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
      {mode.kind !== 'edit' && <AttachmentChips attachments={attachments} onRemove={removeAttachment} />}
      <Flex gap="2" align="flex-end">
        {mode.kind !== 'edit' && (
          <>
            <IconButton
              aria-label={CHAT_TEXTS.attach}
              title={CHAT_TEXTS.attach}
              variant="ghost"
              onClick={() => fileInput.current?.click()}
            >
              <PaperclipIcon boxSize="5" />
            </IconButton>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              tabIndex={-1}
              aria-hidden
              data-testid="chat-file-input"
              onChange={(e) => onFiles(e.target.files)}
            />
          </>
        )}
        <Box position="relative" flex="1" minW="0">
          {listOpen && (
            <MentionSuggestions
              id={listId}
              options={options}
              activeIndex={active}
              onPick={pickMention}
              onActiveChange={setActiveIndex}
            />
          )}
          <Textarea
            key={editingId ?? 'new'}
            ref={textarea}
            aria-label={CHAT_TEXTS.message}
            aria-autocomplete="list"
            aria-controls={listOpen ? listId : undefined}
            aria-activedescendant={listOpen ? mentionOptionId(listId, options[active]) : undefined}
            placeholder={CHAT_TEXTS.message}
            value={current}
            onChange={(e) => setCurrent(e.target.value, e.target.selectionStart ?? e.target.value.length)}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
            onBlur={() => setDismissedAt(mention?.start ?? null)}
            onFocus={() => setDismissedAt(null)}
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
      {errors.length > 0 && (
        <Box role="alert" data-testid="composer-error">
          {errors.map((e) => (
            <Text key={e} fontSize="sm" color="red.600">
              {e}
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );
}
