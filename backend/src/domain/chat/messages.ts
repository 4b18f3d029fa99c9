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
  | 'GROUP_INVITATION' | 'HASHTAG' | 'USER_POST' | 'LINK' | 'INDIVIDUAL_ENTREPRENEUR' | 'LEGAL_ENTITY' | 'NOTIFICATION';

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
export function parseMetaData(raw: string | null | undefined):
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
      return { kind: 'metadata', value: { userMessage: typeof userMessage === 'string' ? userMessage : '', metadataType } };
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
