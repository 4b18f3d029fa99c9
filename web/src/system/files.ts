/**
 * Upload of order files through the gateway proxy: POST /files/orders, multipart with one part `file`,
 * header X-XSRF-TOKEN; answer { id, name, size, contentType }. Size and name limits are checked before
 * (validation.ts acceptFiles, spec core §5); the server checks them again.
 */
import { xsrfHeaders } from './cookies';

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

export const ORDER_FILES_UPLOAD_PATH = '/files/orders';

/** Uploads one file; rejects with an Error whose message is the server's Russian text when it has one. */
export async function uploadOrderFile(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await fetch(ORDER_FILES_UPLOAD_PATH, { method: 'POST', credentials: 'same-origin', headers: xsrfHeaders(), body });
  const json = (await response.json().catch(() => null)) as (Partial<UploadedFile> & { message?: string }) | null;
  if (!response.ok || !json?.id) throw new Error(json?.message || 'Что-то пошло не так');
  return { id: String(json.id), name: json.name ?? file.name, size: json.size ?? file.size, contentType: json.contentType ?? file.type };
}
