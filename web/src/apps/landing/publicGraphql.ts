/**
 * GraphQL calls of the public pages without relay-runtime (issue 13 "Fast first load": the public pages carry neither
 * Relay nor Chakra UI). The operations are `graphql` tags compiled and persisted by relay-compiler like every other;
 * this sends the persisted `doc_id` (or the text in development) to /graphql with the anti-forgery header, the same
 * request body as the Relay environment (system/relay/environment.ts `requestBody`).
 */
import { xsrfHeaders } from '../../system/cookies';

/** What a compiled operation artifact carries that the call needs. */
export interface OperationArtifact {
  params: { id?: string | null; name: string; text?: string | null };
}

/** A field problem of a UserError ('Ошибка валидации'). */
export interface PublicFieldError {
  field: string;
  message: string;
}

/** Thrown when the call fails as a whole (network, HTTP status, GraphQL errors). */
export class PublicCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PublicCallError';
  }
}

/** Runs `artifact` with `variables`; resolves with `data`, rejects with PublicCallError. */
export async function publicGraphql<TData>(
  artifact: OperationArtifact,
  variables: Record<string, unknown>,
  fetchFn: typeof fetch = fetch,
): Promise<TData> {
  const { id, name, text } = artifact.params;
  const body =
    id != null ? { doc_id: id, operationName: name, variables } : { query: text, operationName: name, variables };
  let response: Response;
  try {
    response = await fetchFn('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...xsrfHeaders() },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PublicCallError('Что-то пошло не так', 0);
  }
  const json = (await response.json().catch(() => null)) as { data?: TData; errors?: { message: string }[] } | null;
  if (!response.ok || !json?.data || json.errors?.length) {
    throw new PublicCallError(json?.errors?.[0]?.message ?? 'Что-то пошло не так', response.status);
  }
  return json.data;
}
