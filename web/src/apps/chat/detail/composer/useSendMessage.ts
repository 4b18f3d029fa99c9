/**
 * Sending from the composer (spec chat §5): a new message or a reply gets an extMsgId `msg_<Date.now()>`
 * (rules/msgKey.ts), shows at once as a placeholder (`pending:<extMsgId>`, with the attachments' names and picture
 * thumbnails) and is replaced by the server's message with the same extMsgId (store/chatStore.ts appendMessage); a
 * failure (UserError or transport, logged: spec chat §8) drops the placeholder and puts the text and attachments back.
 * `@Name` in the text becomes mentionedUserIds (rules/mentions.ts); the uploads go as `fileId` / `pictureIds`.
 * Editing changes the message text in place at once (rolled back on failure). Typing notifications go out at most
 * every 2 s (rules/typing.ts) while the text is not blank.
 *
 * `const { submit, sendable, editing, notifyTyping } = useSendMessage({ … })`; `submit()` acts on the current text
 * and attachments in the composer's mode.
 */
import { validateChatMessage } from '@platform/domain/chat/message';
import { useRef } from 'react';
import type { RecordProxy, RecordSourceSelectorProxy } from 'relay-runtime';
import { useEditChatMessageMutation } from '../../mutations/useEditChatMessageMutation';
import { useSendChatMessageMutation } from '../../mutations/useSendChatMessageMutation';
import { useSendTypingMutation } from '../../mutations/useSendTypingMutation';
import { mentionedUserIds, type Mentionable } from '../../rules/mentions';
import { nextExtMsgId } from '../../rules/msgKey';
import { shouldSendTyping } from '../../rules/typing';
import { appendMessage, placeGroup } from '../../store/chatStore';
import { PENDING_PREFIX } from '../ChatMessageItem';
import type { ComposerMode } from '../ChatComposer';
import { attachmentIds, canSendMessage, type Attachment } from './attachments';
import type { useAttachments } from './useAttachments';

export interface UseSendMessageArgs {
  /** Global id of the group. */
  groupGlobalId: string;
  /** The group's members (mentions). */
  members: readonly Mentionable[];
  mode: ComposerMode;
  /** The composer's current text (in edit mode: the edited text). */
  text: string;
  /** Empties the text after sending; `restore` puts the sent text back after a failure unless a new one was typed. */
  clearText: () => void;
  restoreText: (sent: string) => void;
  /** The composer's attachments (useAttachments). */
  files: ReturnType<typeof useAttachments>;
  /** Ends a reply or edit mode. */
  finishMode: () => void;
}

/** The optimistic placeholder of a message being sent: what the list shows until the server's message arrives. */
function addPlaceholder(
  store: RecordSourceSelectorProxy,
  p: { groupGlobalId: string; extMsgId: string; text: string | null; replyToId: string | null; sent: Attachment[] },
) {
  const id = `${PENDING_PREFIX}${p.extMsgId}`;
  const rec = store.create(id, 'ChatMessage');
  rec.setValue(id, 'id');
  rec.setValue(0, 'msgId');
  rec.setValue(p.extMsgId, 'extMsgId');
  rec.setValue(p.groupGlobalId, 'groupId');
  rec.setValue(new Date().toISOString(), 'createdAt');
  rec.setValue(p.text, 'text');
  rec.setValue('SENT', 'status');
  rec.setValue(true, 'own');
  rec.setValue(false, 'sentByGroup');
  rec.setValue(false, 'edited');
  rec.setValue(false, 'mentionsViewer');
  rec.setValue(false, 'isFirstUnread');
  rec.setValue(null, 'sender');
  rec.setValue(null, 'forwardedFrom');
  const file = p.sent.find((a) => !a.picture);
  if (file) {
    const f = store.create(`${id}:file`, 'ChatFile');
    f.setValue(file.name, 'name');
    f.setValue(false, 'isImage');
    f.setValue(null, 'url');
    rec.setLinkedRecord(f, 'file');
  } else rec.setValue(null, 'file');
  const pictures: RecordProxy[] = p.sent
    .filter((a) => a.picture)
    .map((a, i) => {
      const pic = store.create(`${id}:picture:${i}`, 'ChatPicture');
      pic.setValue(a.fileId, 'fileId');
      pic.setValue(a.name, 'name');
      pic.setValue(a.previewUrl, 'previewUrl');
      return pic;
    });
  rec.setLinkedRecords(pictures, 'pictures');
  rec.setLinkedRecords([], 'reactions');
  const reply = p.replyToId ? store.get(p.replyToId) : null;
  if (reply) rec.setLinkedRecord(reply, 'replyTo');
  else rec.setValue(null, 'replyTo');
  appendMessage(store, p.groupGlobalId, rec);
}

/** Sending, editing and typing notifications of the composer (see the module comment). */
export function useSendMessage({
  groupGlobalId,
  members,
  mode,
  text,
  clearText,
  restoreText,
  files,
  finishMode,
}: UseSendMessageArgs) {
  const [send] = useSendChatMessageMutation();
  const [edit, editing] = useEditChatMessageMutation();
  const [typing] = useSendTypingMutation();
  const lastTyping = useRef<number | null>(null);

  /** The text changed: tells the group the viewer types (at most every 2 s, not for a blank text or an edit). */
  const notifyTyping = (value: string) => {
    if (mode.kind === 'edit') return;
    const now = Date.now();
    if (value.trim() && shouldSendTyping(lastTyping.current, now)) {
      lastTyping.current = now;
      typing({ input: { groupId: groupGlobalId } }).catch(() => undefined);
    }
  };

  const submit = () => {
    const value = text.trim();
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
    if (!canSendMessage(value, files.attachments)) return;
    const sent = files.take();
    const { fileId, pictureIds } = attachmentIds(sent);
    const extMsgId = nextExtMsgId();
    const replyToId = mode.kind === 'reply' ? mode.messageId : null;
    const mentioned = value ? mentionedUserIds(value, members) : [];
    clearText();
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
        optimisticUpdater: (store) =>
          addPlaceholder(store, { groupGlobalId, extMsgId, text: value || null, replyToId, sent }),
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
        files.release(sent);
      })
      .catch(() => {
        restoreText(value);
        files.restore(sent);
      });
  };

  // Editing changes the text only: the same domain check as sending, on the text (blank or too long is refused).
  const sendable =
    mode.kind === 'edit' ? validateChatMessage({ text }) === null : canSendMessage(text, files.attachments);

  return { submit, sendable, editing, notifyTyping };
}
