/**
 * Chat attachments (spec chat §5 "an image file is recognised by the extension jpg, jpeg, png or webp"; §5 and §8
 * leave the limits' numbers open — the designed limits, also documented in web/README.md "Chat"):
 * - each file at most 50 MB → 'Превышен размер файла';
 * - at most 10 pictures per message → 'Можно прикрепить не более 10 изображений';
 * - at most one other file per message → 'Можно прикрепить только один файл'.
 * A pick that would go over a count limit is refused for that kind as a whole (the user picks again); the size is
 * checked per file. The server checks all of it again (type by content: 415 'Недопустимый тип файла', shown as it
 * comes). Files upload at once through POST /files/chat/groups/<groupId>; the message then carries the one
 * non-picture upload as `fileId` and the pictures as `pictureIds` (schema `SendChatMessageInput`).
 * The limits, the picture rule (isImageFileName) and the message check (validateChatMessage) are @platform/domain's,
 * the same the backend applies.
 */
import {
  MAX_CHAT_FILE_BYTES,
  MAX_FILES_PER_MESSAGE as MAX_CHAT_FILES,
  MAX_PICTURES_PER_MESSAGE as MAX_CHAT_PICTURES,
} from '@platform/domain/limits';
import { isImageFileName as isPictureName, validateChatMessage } from '@platform/domain/chat/message';
import { uploadFile, type UploadedFile } from '../../../../system/files';
import { CHAT_TEXTS } from '../../rules/texts';

/** '/files/chat/groups/17': the upload path of group 17 (backend group id). */
export function chatUploadPath(groupId: number): string {
  return `/files/chat/groups/${encodeURIComponent(String(groupId))}`;
}

/** Uploads one attachment of group `groupId`; rejects with the server's message (system/files.ts UploadError). */
export function uploadChatAttachment(groupId: number, file: File, signal?: AbortSignal): Promise<UploadedFile> {
  return uploadFile(chatUploadPath(groupId), file, signal);
}

/** The state of one attachment in the composer. */
export type AttachmentStatus = 'uploading' | 'done' | 'error';

/** An attachment of the composer: chosen, uploading, uploaded (with the server's id) or failed. */
export interface Attachment {
  /** Local key (unique within the composer). */
  key: string;
  name: string;
  size: number;
  /** Picture by extension (spec chat §5); after the upload, as the server answered. */
  picture: boolean;
  status: AttachmentStatus;
  /** Stored file id, once uploaded. */
  fileId: string | null;
  /** Object URL of a picture for its thumbnail (revoked by the composer). */
  previewUrl: string | null;
}

/** What a pick of files is checked against: the name and size of each. */
export interface PickedFile {
  name: string;
  size: number;
}

/**
 * Checks a pick against the attachments already there (failed uploads do not count): each file ≤ 50 MB; the
 * pictures of the pick are refused together when they would bring the message above 10, the other files when
 * above one. Answers the accepted files (in pick order, with their kind) and the distinct error texts.
 */
export function acceptAttachments<T extends PickedFile>(
  picked: readonly T[],
  current: ReadonlyArray<Pick<Attachment, 'picture' | 'status'>>,
): { accepted: Array<{ file: T; picture: boolean }>; errors: string[] } {
  const errors = new Set<string>();
  const live = current.filter((a) => a.status !== 'error');
  const sized = picked.filter((f) => {
    if (f.size <= MAX_CHAT_FILE_BYTES) return true;
    errors.add(CHAT_TEXTS.fileTooLarge);
    return false;
  });
  const pictures = sized.filter((f) => isPictureName(f.name));
  const others = sized.filter((f) => !isPictureName(f.name));
  const picturesOk = live.filter((a) => a.picture).length + pictures.length <= MAX_CHAT_PICTURES;
  const othersOk = live.filter((a) => !a.picture).length + others.length <= MAX_CHAT_FILES;
  if (pictures.length && !picturesOk) errors.add(CHAT_TEXTS.tooManyPictures);
  if (others.length && !othersOk) errors.add(CHAT_TEXTS.tooManyFiles);
  const accepted = sized
    .map((file) => ({ file, picture: isPictureName(file.name) }))
    .filter((a) => (a.picture ? picturesOk : othersOk));
  return { accepted, errors: [...errors] };
}

/** The attachment ids of a message: the uploaded non-picture as `fileId`, the uploaded pictures as `pictureIds`. */
export function attachmentIds(attachments: readonly Attachment[]): { fileId: string | null; pictureIds: string[] } {
  const done = attachments.filter(
    (a): a is Attachment & { fileId: string } => a.status === 'done' && a.fileId !== null,
  );
  return {
    fileId: done.find((a) => !a.picture)?.fileId ?? null,
    pictureIds: done.filter((a) => a.picture).map((a) => a.fileId),
  };
}

/**
 * Whether the composer can send: nothing uploading or failed (a failed one must be removed first), and the message
 * passes the backend's own check (@platform/domain/chat/message validateChatMessage: some text or an attachment, the
 * attachment counts, the text length).
 */
export function canSendMessage(
  text: string,
  attachments: ReadonlyArray<Pick<Attachment, 'status' | 'picture'>>,
): boolean {
  if (attachments.some((a) => a.status !== 'done')) return false;
  const pictures = attachments.filter((a) => a.picture).length;
  return validateChatMessage({ text, pictures, files: attachments.length - pictures }) === null;
}
