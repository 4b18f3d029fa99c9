/**
 * Message-level rules (spec chat §3, §5): message keys, image attachments, the metaData field (typed metadata with
 * Russian labels, or a comma-separated list of ids for bulk status changes) and the validation of a message to send or
 * edit ({@link validateChatMessage}, applied by the backend's handlers and by the web composer before it sends).
 * Message statuses are in messageStatus.ts, the numbers (attachment counts, text length) in ../limits.ts. Pure, no I/O.
 */
import { MAX_FILES_PER_MESSAGE, MAX_MESSAGE_TEXT_LENGTH, MAX_PICTURES_PER_MESSAGE } from '../limits.js';
import { CHAT_ERRORS, ChatRuleError } from './errors.js';

/** The message key prefix (chat §5). */
export const MSG_KEY_PREFIX = 'msg_';
const MSG_KEY = /^msg_(\d{1,15})$/;

/**
 * Parses a message key `msg_<number>` (chat §5) into the message id.
 * The number is a non-negative decimal integer without sign, fraction or spaces (ids are serials).
 * @throws ChatRuleError MSG_KEY_INVALID ('msgKey is not valid', chat §8) for anything else.
 */
export function parseMsgKey(key: unknown): number {
  const m = typeof key === 'string' ? MSG_KEY.exec(key) : null;
  if (!m) throw new ChatRuleError('MSG_KEY_INVALID');
  return Number(m[1]);
}

/** Whether `key` is a valid message key (chat §5); see {@link parseMsgKey}. */
export function isValidMsgKey(key: unknown): boolean {
  return typeof key === 'string' && MSG_KEY.test(key);
}

/** The key of a message id: `msg_<id>` (chat §5). @throws RangeError for a negative or fractional id. */
export function msgKeyOf(msgId: number): string {
  if (!Number.isSafeInteger(msgId) || msgId < 0) throw new RangeError(`not a message id: ${msgId}`);
  return `${MSG_KEY_PREFIX}${msgId}`;
}

/**
 * A generator of client message keys (chat §5; the composer's extMsgId): `msg_<clock()>`, or the previous number + 1
 * when the clock did not move on, so two sends in the same millisecond get different keys.
 * @param clock ms since the epoch (default Date.now)
 */
export function createMsgKeyFactory(clock: () => number = Date.now): () => string {
  let last = 0;
  return () => {
    const n = Math.max(clock(), last + 1);
    last = n;
    return msgKeyOf(n);
  };
}

/** Image extensions (chat §5), lower case, without the dot. */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'webp'];

/** Content types a picture may have, as detected from the bytes at upload (the chat §5 image extensions). */
export const PICTURE_CONTENT_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Whether a stored file may be attached as a picture: its name has an image extension (chat §5,
 * {@link isImageFileName}) AND its content was detected as JPEG, PNG or WebP at upload. The second check keeps
 * a PDF renamed 'scan.png' out of the pictures (the type is checked by content, spec core §5).
 */
export function isPictureFile(f: { name: string | null | undefined; contentType: string | null | undefined }): boolean {
  return (
    isImageFileName(f.name) &&
    PICTURE_CONTENT_TYPES.includes(
      String(f.contentType ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase(),
    )
  );
}

/**
 * The creation time of a new message in a group (decision for spec chat §3 lastViewedMessageDateTime and §4
 * "VIEWED if it was created at or before the last-viewed time"): the later of `now` and 1 ms after the group's
 * newest message (`previous`, null for the first message). So creation times are strictly increasing in id
 * order within a group even when the clock stands still or steps back, and the time rule agrees with the id
 * read pointer. Pure; times in ms precision (JavaScript Date).
 */
export function nextMessageTime(now: Date, previous: Date | null | undefined): Date {
  if (!previous) return new Date(now.getTime());
  return new Date(Math.max(now.getTime(), previous.getTime() + 1));
}

/**
 * Whether a file is an image by its extension jpg, jpeg, png or webp (chat §5). The extension is what
 * follows the last dot, compared case-insensitively; a name without a dot (or only a leading dot, like
 * `.png`) is not an image.
 */
export function isImageFileName(fileName: string | null | undefined): boolean {
  if (!fileName) return false;
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return false;
  return IMAGE_EXTENSIONS.includes(base.slice(dot + 1).toLowerCase());
}

/**
 * metaData types (chat §3). The spec names them in words; the codes are ours:
 * GROUP_INVITATION (invitation to an alliance), HASHTAG, USER_POST, LINK, INDIVIDUAL_ENTREPRENEUR,
 * LEGAL_ENTITY, NOTIFICATION.
 */
export type MetadataType =
  'GROUP_INVITATION' | 'HASHTAG' | 'USER_POST' | 'LINK' | 'INDIVIDUAL_ENTREPRENEUR' | 'LEGAL_ENTITY' | 'NOTIFICATION';

/** Russian display label of each metaData type (chat §3 "each with a display label"; the wording is ours). */
export const METADATA_TYPE_LABELS: Readonly<Record<MetadataType, string>> = {
  GROUP_INVITATION: 'Приглашение в альянс',
  HASHTAG: 'Хештег',
  USER_POST: 'Публикация пользователя',
  LINK: 'Ссылка',
  INDIVIDUAL_ENTREPRENEUR: 'Индивидуальный предприниматель',
  LEGAL_ENTITY: 'Юридическое лицо',
  NOTIFICATION: 'Уведомление',
};
/** The metaData type codes of chat §3, in the order of {@link METADATA_TYPE_LABELS}. */
export const METADATA_TYPES = Object.keys(METADATA_TYPE_LABELS) as MetadataType[];

/** Whether the value is a metaData type of chat §3. */
export function isMetadataType(value: unknown): value is MetadataType {
  return typeof value === 'string' && Object.hasOwn(METADATA_TYPE_LABELS, value);
}

/** The metaData JSON of a message (chat §3): `{ userMessage, metadataType }`. */
export interface MessageMetaData {
  userMessage: string;
  metadataType: MetadataType;
}

/**
 * Reads a message's metaData (chat §3). Answers:
 *   { kind: 'none' }                      null, empty or blank
 *   { kind: 'ids', ids }                  a comma-separated list of message ids (bulk status changes),
 *                                         e.g. '12, 13,14' → [12, 13, 14] (order kept, duplicates dropped)
 *   { kind: 'metadata', value }           JSON with a known metadataType; userMessage defaults to ''
 *   { kind: 'invalid' }                   anything else (logged by the caller, never shown: chat §8)
 */
export function parseMetaData(
  raw: string | null | undefined,
):
  | { kind: 'none' }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'metadata'; value: MessageMetaData }
  | { kind: 'invalid' } {
  if (raw == null || raw.trim() === '') return { kind: 'none' };
  const ids = parseIdList(raw);
  if (ids) return { kind: 'ids', ids };
  try {
    const json: unknown = JSON.parse(raw);
    if (json && typeof json === 'object' && isMetadataType((json as { metadataType?: unknown }).metadataType)) {
      const { userMessage, metadataType } = json as { userMessage?: unknown; metadataType: MetadataType };
      return {
        kind: 'metadata',
        value: { userMessage: typeof userMessage === 'string' ? userMessage : '', metadataType },
      };
    }
  } catch {
    /* not JSON */
  }
  return { kind: 'invalid' };
}

/** A metaData with its type's label (chat §3 "Metadata types, each with a display label"). */
export interface LabelledMetadata {
  type: MetadataType;
  label: string;
  /** The userMessage part; for GROUP_INVITATION the invitation id as text. */
  userMessage: string;
}

/**
 * A message's typed metaData with its Russian label (chat §3), or null when it has none: null/blank, a bulk id list,
 * not JSON, or an unknown metadataType ({@link parseMetaData} kinds other than 'metadata'). Never throws.
 */
export function labelledMetadata(raw: string | null | undefined): LabelledMetadata | null {
  const parsed = parseMetaData(raw);
  if (parsed.kind !== 'metadata') return null;
  const { metadataType, userMessage } = parsed.value;
  return { type: metadataType, label: METADATA_TYPE_LABELS[metadataType], userMessage };
}

/** The invitation id of a GROUP_INVITATION metaData (its userMessage, a positive decimal integer), else null (chat §6). */
export function invitationIdOf(m: LabelledMetadata | null): number | null {
  if (!m || m.type !== 'GROUP_INVITATION' || !/^\d{1,15}$/.test(m.userMessage)) return null;
  const id = Number(m.userMessage);
  return id > 0 ? id : null;
}

/** Builds the metaData JSON string of chat §3. */
export function formatMetaData(value: MessageMetaData): string {
  return JSON.stringify({ userMessage: value.userMessage, metadataType: value.metadataType });
}

/** A comma-separated id list ('1,2, 3') → ids, or null when any part is not a positive integer. */
export function parseIdList(raw: string): number[] | null {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d{1,15}$/.test(p) || Number(p) === 0)) return null;
  return [...new Set(parts.map(Number))];
}

/**
 * Ids of a metaData that is a comma-separated list of message ids (chat §3 bulk status changes, MSG_VIEWED), or []
 * when it is anything else ({@link parseIdList}).
 */
export function metaDataIds(metaData: string | null | undefined): number[] {
  return metaData ? (parseIdList(metaData) ?? []) : [];
}

// ---------------------------------------------------------------------------------------------------------
// Validation of a message to send or edit (chat §5; the designed limits of ../limits.ts).

/** What a message to send (or an edited message, as it will be stored) carries. */
export interface ChatMessageDraft {
  /** The text as typed; it is trimmed, and blank counts as none. */
  text?: string | null;
  /** The attached non-picture file(s): a file id, or how many. */
  files?: number;
  /** Distinct attached pictures, how many. */
  pictures?: number;
  /** Whether it forwards a message (a forward needs no text). */
  forward?: boolean;
  /** Whether it carries typed metaData (chat §3). */
  metaData?: boolean;
}

/** Stable codes of {@link validateChatMessage}, each with its Russian text in CHAT_ERRORS. */
export type ChatMessageErrorCode = 'EMPTY_MESSAGE' | 'MESSAGE_TOO_LONG' | 'TOO_MANY_ATTACHMENTS' | 'TOO_MANY_FILES';

/** One refusal: the stable code, the field it is about (`text`, `pictureIds`, `fileId`) and the Russian text. */
export interface ChatMessageError {
  code: ChatMessageErrorCode;
  field: 'text' | 'pictureIds' | 'fileId';
  message: string;
}

/**
 * Checks a message before it is sent or stored (chat §5), in this order, and answers the first refusal or null:
 *   more than MAX_PICTURES_PER_MESSAGE (10) pictures  → TOO_MANY_ATTACHMENTS 'Можно прикрепить не более 10 изображений'
 *   more than MAX_FILES_PER_MESSAGE (1) other files   → TOO_MANY_FILES 'Можно прикрепить только один файл'
 *   text longer than MAX_MESSAGE_TEXT_LENGTH (10 000 code points, trimmed) → MESSAGE_TOO_LONG
 *   no text (blank after trimming), no file, no picture, no forward, no metaData → EMPTY_MESSAGE
 *     'Сообщение не может быть пустым'
 * Pure; the caller maps the answer to its error shape (backend: 400 with the code; web: the composer's message).
 */
export function validateChatMessage(draft: ChatMessageDraft): ChatMessageError | null {
  const text = (draft.text ?? '').trim();
  const refuse = (code: ChatMessageErrorCode, field: ChatMessageError['field']): ChatMessageError => ({
    code,
    field,
    message: CHAT_ERRORS[code],
  });
  const pictures = draft.pictures ?? 0;
  const files = draft.files ?? 0;
  if (pictures > MAX_PICTURES_PER_MESSAGE) return refuse('TOO_MANY_ATTACHMENTS', 'pictureIds');
  if (files > MAX_FILES_PER_MESSAGE) return refuse('TOO_MANY_FILES', 'fileId');
  if ([...text].length > MAX_MESSAGE_TEXT_LENGTH) return refuse('MESSAGE_TOO_LONG', 'text');
  if (!text && !files && !pictures && !draft.forward && !draft.metaData) return refuse('EMPTY_MESSAGE', 'text');
  return null;
}
