/**
 * The composer's attachments (spec chat §5, §8; rules and limits in attachments.ts): `add(files)` checks a pick against
 * the designed limits (their texts go to `errors`), shows each accepted file as a chip at once (pictures with an
 * object-URL thumbnail) and uploads it through POST /files/chat/groups/<groupId>; the server's 413 / 415 texts are
 * shown (`errors`) and the file dropped, other upload failures are logged and leave the chip as 'Не загружен'.
 * `remove(key)` aborts and drops one. Sending takes them all (`take()`), then frees their thumbnails on success
 * (`release(sent)`) or puts them back on failure (`restore(sent)`, unless new ones were added meanwhile). Uploads
 * are aborted and thumbnails freed on unmount.
 */
import { useEffect, useRef, useState } from 'react';
import { UploadError } from '../../../../system/files';
import { logChatError } from '../../store/chatLog';
import { acceptAttachments, uploadChatAttachment, type Attachment } from './attachments';

/** Upload failures the user is told about (spec chat §8: file too large, unsupported type); others are logged. */
const SHOWN_UPLOAD_STATUSES = new Set([413, 415]);

let attachmentSeq = 0;

/** Attachments of the composer of group `groupId` (backend id, the upload path); see the module comment. */
export function useAttachments(groupId: number) {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());

  // Unmount: stop the uploads, free the thumbnails.
  useEffect(() => {
    const running = uploads.current;
    const urls = objectUrls.current;
    return () => {
      for (const c of running.values()) c.abort();
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, []);

  const revoke = (list: readonly Attachment[]) => {
    for (const a of list)
      if (a.previewUrl) {
        URL.revokeObjectURL(a.previewUrl);
        objectUrls.current.delete(a.previewUrl);
      }
  };

  /** Checks and uploads a pick of files (see the module comment). */
  const add = (files: readonly File[]) => {
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

  /** Drops one attachment (aborting its upload). */
  const remove = (key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    revoke(attachments.filter((a) => a.key === key));
    setAttachments((prev) => prev.filter((a) => a.key !== key));
  };

  /** Empties the composer's attachments and errors for sending; returns what was there. */
  const take = (): Attachment[] => {
    const sent = attachments;
    setAttachments([]);
    setErrors([]);
    return sent;
  };

  return {
    attachments,
    errors,
    add,
    remove,
    take,
    /** The message with `sent` was stored: free their thumbnails. */
    release: (sent: readonly Attachment[]) => revoke(sent),
    /** Sending failed: put `sent` back unless new ones were added meanwhile (those thumbnails are freed on unmount). */
    restore: (sent: Attachment[]) => setAttachments((prev) => (prev.length === 0 ? sent : prev)),
  };
}
