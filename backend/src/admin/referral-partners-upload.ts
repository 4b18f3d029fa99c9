/**
 * The multipart of POST /api/secured/oper/agents/{id}/documents (issue 10; spec core §3 "documents/acts", §5 partner
 * documents ≤ 50 MB): text fields `type` (ACT | DOCUMENT), `name` (required), `number`, `description` sent BEFORE
 * the one file part `file`. The file gets the same checks as every upload (files/storage.ts
 * `receiveCheckedUpload`: ≤ 50 MB, not empty, named, type decided by the content); this reader also returns the
 * text fields, which that function does not.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart, MultipartFields } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import { issue, type FieldIssue } from '@platform/domain/validation/rules';
import { cleanFileName, decideUploadType, extensionOf, UNSUPPORTED_FILE_TYPE } from '../domain/orders.js';
import { AppError, MESSAGES } from '../errors.js';
import { discardUpload, receiveUpload, type AcceptedUpload } from '../files/storage.js';
import {
  DOCUMENT_TYPES,
  PARTNER_LIMITS,
  PARTNER_MESSAGES,
  type ReferralPartnerDocumentType,
} from './referral-partners.js';

/** The checked text fields of a document upload. */
export interface DocumentFields {
  type: ReferralPartnerDocumentType;
  name: string;
  number: string | null;
  description: string | null;
}

function fieldValue(fields: MultipartFields, key: string): string {
  const raw = fields[key] as Multipart | Multipart[] | undefined;
  const one = Array.isArray(raw) ? raw[0] : raw;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value.trim() : '';
}

/** Checks the text fields; the items of a 400 VALIDATION_ERROR. */
export function checkDocumentFields(
  fields: MultipartFields,
  only?: ReferralPartnerDocumentType,
): { value: DocumentFields; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  // `only` (the partner's uploads, issue 11): the type may be left out and must be that one when given.
  const type = fieldValue(fields, 'type') || (only ?? '');
  if (only && type !== only)
    issues.push({ field: 'type', code: 'TYPE_INVALID', message: 'Партнёр загружает только документы' });
  else if (!(DOCUMENT_TYPES as readonly string[]).includes(type))
    issues.push({ field: 'type', code: 'TYPE_INVALID', message: 'Выберите тип: акт или документ' });
  const name = fieldValue(fields, 'name');
  const number = fieldValue(fields, 'number') || null;
  const description = fieldValue(fields, 'description') || null;
  if (!name) issues.push({ field: 'name', ...issue('REQUIRED') });
  const long = (field: string, v: string | null, max: number) => {
    if (v && v.length > max) issues.push({ field, code: 'TOO_LONG', message: PARTNER_MESSAGES.tooLong });
  };
  long('name', name, PARTNER_LIMITS.documentName);
  long('number', number, PARTNER_LIMITS.documentNumber);
  long('description', description, PARTNER_LIMITS.documentDescription);
  return { value: { type: type as ReferralPartnerDocumentType, name, number, description }, issues };
}

/**
 * Reads the fields and the file part into a temporary file and checks both. Throws 415 UNSUPPORTED_MEDIA_TYPE (not
 * multipart), 400 VALIDATION_ERROR (bad fields, no file part, empty, no name), 413 FILE_TOO_LARGE 'Превышен размер
 * файла', 415 UNSUPPORTED_FILE_TYPE 'Недопустимый тип файла'. A refused upload leaves nothing behind.
 */
export async function receiveDocumentUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  only?: ReferralPartnerDocumentType,
): Promise<{ fields: DocumentFields; accepted: AcceptedUpload }> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Неподдерживаемый тип содержимого');
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw AppError.validation([{ field: 'file', code: 'REQUIRED', message: MESSAGES.required }]);
  }
  const name = cleanFileName(part.filename ?? '');
  const upload = await receiveUpload(app.config.dataDir, part.file, extensionOf(name) === 'txt');
  if (part.file.truncated) {
    await discardUpload(upload);
    throw new AppError(413, 'FILE_TOO_LARGE', MESSAGES.fileTooLarge);
  }
  const { value: fields, issues } = checkDocumentFields(part.fields, only);
  if (!name) issues.push({ field: 'file', code: 'FILE_NAME_REQUIRED', message: 'Укажите имя файла' });
  else if (upload.size === 0) issues.push({ field: 'file', code: 'FILE_EMPTY', message: 'Файл пуст' });
  if (issues.length) {
    await discardUpload(upload);
    throw AppError.validation(issues.map(({ field, code, message }) => ({ field, code, message })));
  }
  const detected = await fileTypeFromFile(upload.tmpPath);
  const contentType = decideUploadType({ name, detectedExt: detected?.ext, utf8Text: upload.utf8Text });
  if (!contentType) {
    await discardUpload(upload);
    throw new AppError(415, UNSUPPORTED_FILE_TYPE.code, UNSUPPORTED_FILE_TYPE.message);
  }
  return { fields, accepted: { name, size: upload.size, contentType, upload } };
}
