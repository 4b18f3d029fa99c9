/**
 * A message's metaData (spec chat §3 "Metadata types, each with a display label"): the JSON `{ userMessage, metadataType }`
 * parsed into its type and Russian label. Pure, no I/O.
 *
 * The tiers do not import each other, so the types and labels are a port of the backend's
 * src/domain/chat/messages.ts METADATA_TYPE_LABELS (the wording is the project's; metadata.test.ts pins them).
 */

/** metaData types of chat §3 (the spec names them in words; the codes are the backend's). */
export type ChatMetadataTypeCode =
  'GROUP_INVITATION' | 'HASHTAG' | 'USER_POST' | 'LINK' | 'INDIVIDUAL_ENTREPRENEUR' | 'LEGAL_ENTITY' | 'NOTIFICATION';

/** Russian display label of each metaData type (chat §3), exactly as the backend's METADATA_TYPE_LABELS. */
export const METADATA_TYPE_LABELS: Readonly<Record<ChatMetadataTypeCode, string>> = {
  GROUP_INVITATION: 'Приглашение в альянс',
  HASHTAG: 'Хештег',
  USER_POST: 'Публикация пользователя',
  LINK: 'Ссылка',
  INDIVIDUAL_ENTREPRENEUR: 'Индивидуальный предприниматель',
  LEGAL_ENTITY: 'Юридическое лицо',
  NOTIFICATION: 'Уведомление',
};

/** A parsed metaData: the type, its label and the userMessage part (for GROUP_INVITATION the invitation id as text). */
export interface ParsedMetadata {
  type: ChatMetadataTypeCode;
  label: string;
  userMessage: string;
}

/** Whether the value is a metaData type of chat §3. */
export function isMetadataType(value: unknown): value is ChatMetadataTypeCode {
  return typeof value === 'string' && Object.hasOwn(METADATA_TYPE_LABELS, value);
}

/**
 * Parses a message's metaData string (chat §3). Answers null for null/empty, for text that is not a JSON object (e.g. the
 * comma-separated id list of a bulk status change), when `userMessage` is not a string, or for an unknown `metadataType`.
 * Never throws.
 */
export function parseMetadata(raw: string | null | undefined): ParsedMetadata | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.userMessage !== 'string' || !isMetadataType(o.metadataType)) return null;
  return { type: o.metadataType, label: METADATA_TYPE_LABELS[o.metadataType], userMessage: o.userMessage };
}

/** The invitation id of a GROUP_INVITATION metaData (its userMessage, a positive decimal integer), else null. */
export function invitationIdOf(m: ParsedMetadata | null): number | null {
  if (!m || m.type !== 'GROUP_INVITATION' || !/^\d{1,15}$/.test(m.userMessage)) return null;
  const id = Number(m.userMessage);
  return id > 0 ? id : null;
}
