/**
 * The exact bytes to sign (spec chat-and-shell §4 "Signing flow": the signature is over the document itself,
 * detached): from the base64 `VerificationDocument.content`, or downloaded from a document's `downloadUrl` with
 * the session cookie.
 */

/** Decodes standard base64 (line breaks and spaces ignored) into bytes. Throws on characters outside the alphabet. */
export function base64ToBytes(base64: string): Uint8Array {
  const clean = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw new Error('Некорректные данные документа');
  const bin = atob(clean);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Downloads a document's bytes (same origin, with the session cookie). Throws 'Не удалось загрузить документ' on any failure. */
export async function fetchDocumentBytes(url: string, fetchImpl: typeof fetch = fetch): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetchImpl(url, { credentials: 'include' });
  } catch {
    throw new Error('Не удалось загрузить документ');
  }
  if (!res.ok) throw new Error('Не удалось загрузить документ');
  return new Uint8Array(await res.arrayBuffer());
}
