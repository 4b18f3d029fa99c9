/**
 * The payment agent's documents (spec core §5: the sample contract and partner documents at most 50 MB each;
 * a repeated name refused with 'Файл с именем {name} уже загружен'): the client-side check before an upload,
 * and the upload through the gateway proxy
 *   POST /files/partner/orders/<orderId>/offer/<docs-example|docs|final-docs>   multipart, one part `file`
 * (schema.graphql `Mutation.deleteDocument`), answered with the backend's document
 * `{ id, fileId, name, size, contentType, status, ... }`. The server checks everything again (type by content).
 */
import { MAX_FILE_BYTES } from '@platform/domain/limits';
import { xsrfHeaders } from '../../../system/cookies';
import { MESSAGES, type ValidationResult } from '../../../system/validation';

/** Which set a document belongs to (schema `PartnerDocumentSet`). */
export type PartnerDocumentSet = 'DOC_EXAMPLES' | 'OFFER_DOCS' | 'FINAL_DOCS';

/** Path tail of each set in the proxy and the backend (spec core §7 partner offer/docs-example, docs, final-docs). */
export const DOCUMENT_SET_PATH: Readonly<Record<PartnerDocumentSet, 'docs-example' | 'docs' | 'final-docs'>> = {
  DOC_EXAMPLES: 'docs-example',
  OFFER_DOCS: 'docs',
  FINAL_DOCS: 'final-docs',
};

/** Each document of a payment agent: at most 50 MB (spec core §5, §9). */
export const MAX_PARTNER_FILE_BYTES = MAX_FILE_BYTES;

/** Names compare as the backend compares them: ignoring case (and Unicode normal form). */
export function fileNameKey(name: string): string {
  return name.normalize('NFC').trim().toLowerCase();
}

/**
 * One file against the documents already in its set: a repeated name → 'Файл с именем {name} уже загружен';
 * over 50 MB → 'Превышен размер файла'; empty → 'Загрузите хотя бы 1 файл' is not this check's business.
 */
export function validatePartnerFile(
  file: { name: string; size: number },
  existing: ReadonlyArray<{ name: string }>,
): ValidationResult {
  const key = fileNameKey(file.name);
  if (existing.some((f) => fileNameKey(f.name) === key)) return MESSAGES.fileDuplicate(file.name);
  if (file.size > MAX_PARTNER_FILE_BYTES) return MESSAGES.fileTooLarge;
  return true;
}

/** A batch in order: each accepted file counts as existing for the next ones (two files of one name in one pick). */
export function acceptPartnerFiles<T extends { name: string; size: number }>(
  files: ReadonlyArray<T>,
  existing: ReadonlyArray<{ name: string }>,
): { accepted: T[]; errors: string[] } {
  const accepted: T[] = [];
  const errors: string[] = [];
  const seen: Array<{ name: string }> = [...existing];
  for (const f of files) {
    const r = validatePartnerFile(f, seen);
    if (r === true) {
      accepted.push(f);
      seen.push(f);
    } else errors.push(r);
  }
  return { accepted, errors };
}

/** '/files/partner/orders/12/offer/docs' */
export function partnerUploadPath(orderId: number, set: PartnerDocumentSet): string {
  return `/files/partner/orders/${encodeURIComponent(String(orderId))}/offer/${DOCUMENT_SET_PATH[set]}`;
}

export interface UploadedPartnerDocument {
  /** Backend document id (`Document.documentId`). */
  documentId: number;
  /** Stored file id (UUID): what `SendOfferInput.sampleContractFileId` takes. */
  fileId: string | null;
  name: string;
  size: number;
}

/** Uploads one document; rejects with an Error carrying the server's Russian message when it has one. */
export async function uploadPartnerDocument(
  orderId: number,
  set: PartnerDocumentSet,
  file: File,
): Promise<UploadedPartnerDocument> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await fetch(partnerUploadPath(orderId, set), {
    method: 'POST',
    credentials: 'same-origin',
    headers: xsrfHeaders(),
    body,
  });
  const json = (await response.json().catch(() => null)) as {
    id?: number;
    fileId?: string;
    name?: string;
    size?: number;
    message?: string;
  } | null;
  if (!response.ok || json?.id == null) throw new Error(json?.message || MESSAGES.generic);
  return {
    documentId: Number(json.id),
    fileId: json.fileId ?? null,
    name: json.name ?? file.name,
    size: json.size ?? file.size,
  };
}
