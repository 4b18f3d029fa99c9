/**
 * Multipart bodies for app.inject (the referral partner document uploads of issues 10 and 11: the operator's
 * POST /api/secured/oper/agents/{id}/documents and the partner's POST /api/secured/agent/documents).
 */
import { randomBytes } from 'node:crypto';

/** Multipart with the text fields first, then the file part (the order the upload reader expects). */
export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = `----t${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
