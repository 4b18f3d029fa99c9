/**
 * Uploads through the gateway's file proxy: POST <path>, multipart with one part `file`, header X-XSRF-TOKEN;
 * answer { id, name, size, contentType } (chat uploads add `isPicture`). Paths: `/files/orders` (request files,
 * checked before by validation.ts acceptFiles, spec core §5) and `/files/chat/groups/<groupId>` (chat attachments,
 * apps/chat/detail/composer/attachments.ts). The server checks everything again (type by content, size).
 */
import { xsrfHeaders } from './cookies';

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
  /** Whether the server counts it as a picture (chat uploads only: jpg, jpeg, png or webp). */
  isPicture?: boolean;
}

/** A refused upload: `message` is the server's Russian text when it sent one, `status` the HTTP status (0: no answer). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export const ORDER_FILES_UPLOAD_PATH = '/files/orders';
const GENERIC_UPLOAD_ERROR = 'Что-то пошло не так';

/**
 * Uploads one file to `path` of the gateway's file proxy. Rejects with an UploadError carrying the server's
 * message and status (or the AbortError of `signal`).
 */
export async function uploadFile(path: string, file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: xsrfHeaders(), body, signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new UploadError(GENERIC_UPLOAD_ERROR, 0);
  }
  const json = (await response.json().catch(() => null)) as (Partial<UploadedFile> & { message?: string }) | null;
  if (!response.ok || !json?.id)
    throw new UploadError(json?.message || GENERIC_UPLOAD_ERROR, response.ok ? 500 : response.status);
  return {
    id: String(json.id),
    name: json.name ?? file.name,
    size: json.size ?? file.size,
    contentType: json.contentType ?? file.type,
    ...(typeof json.isPicture === 'boolean' ? { isPicture: json.isPicture } : {}),
  };
}

/** Uploads one request file (POST /files/orders); rejects with an Error whose message is the server's Russian text when it has one. */
export function uploadOrderFile(file: File): Promise<UploadedFile> {
  return uploadFile(ORDER_FILES_UPLOAD_PATH, file);
}
