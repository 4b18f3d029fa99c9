/**
 * Message-level rules (spec chat §3, §5): message keys, image attachments, message statuses and the
 * metaData field (typed metadata with Russian labels, or a comma-separated list of ids for bulk status
 * changes). Pure, no I/O.
 */
import { ChatRuleError } from './errors.js';

/** Message statuses (chat §3), in the only order a status may move: SENT → DELIVERED → VIEWED. */
export type MessageStatus = 'SENT' | 'DELIVERED' | 'VIEWED';
export const MESSAGE_STATUSES: readonly MessageStatus[] = ['SENT', 'DELIVERED', 'VIEWED'];

/**
 * The later of two statuses (chat §4 modification types): a late MSG_DELIVERED never takes back a VIEWED.
 * The spec says MSG_DELIVERED "sets DELIVERED"; we never move a status backwards.
 */
export function laterStatus(current: MessageStatus, incoming: MessageStatus): MessageStatus {
  return MESSAGE_STATUSES.indexOf(incoming) > MESSAGE_STATUSES.indexOf(current) ? incoming : current;
}

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

/** Image extensions (chat §5), lower case, without the dot. */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'webp'];

/**
 * Designed limit (spec chat §5 "maximum attachments per message: the numbers are not shown"): at most 10 pictures
 * per message. More is refused with TOO_MANY_ATTACHMENTS 'Можно прикрепить не более 10 изображений'.
 */
export const MAX_PICTURES_PER_MESSAGE = 10;

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
  const base = fileName.split(/[\\/]/).pop() ?? '';
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

/** Russian display label of each metaData type (chat §3; the wording is ours). */
export const METADATA_TYPE_LABELS: Readonly<Record<MetadataType, string>> = {
  GROUP_INVITATION: 'Приглашение в альянс',
  HASHTAG: 'Хештег',
  USER_POST: 'Публикация пользователя',
  LINK: 'Ссылка',
  INDIVIDUAL_ENTREPRENEUR: 'Индивидуальный предприниматель',
  LEGAL_ENTITY: 'Юридическое лицо',
  NOTIFICATION: 'Уведомление',
};
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
