/**
 * The app's error state (spec chat-and-shell §8 "Fatal or unhandled app error: full error page. A startup error sets
 * the app's error state"): a tiny store that the shell root reads (ShellRoot shows the full error page while it is
 * set), fed by a startup failure (main.tsx) and by the window's `error` and `unhandledrejection` events
 * (`installAppErrorHandlers`, installed once at start).
 *
 * Benign noise is ignored, because it does not break the page: the ResizeObserver loop notices, errors of scripts from
 * other origins or browser extensions (an opaque 'Script error.', a file or stack under chrome-extension:// and the
 * like), aborted requests (AbortError) and a lost session (the GraphQL error with status 401: the app has already
 * opened the sign-in page, spec core §8). No module here imports a UI library.
 */

/** What the full error page shows. */
export interface AppError {
  /** HTTP-like status of the page: 500 for a crash. */
  status: number;
  /** Message under the title; the page's default when absent. */
  message?: string;
  /** The original error or rejection reason (for the log). */
  cause: unknown;
}

let current: AppError | null = null;
const listeners = new Set<() => void>();

/** The app's error state (useSyncExternalStore-shaped). */
export const appErrorStore = {
  get: (): AppError | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Sets the app's error state (the first error wins: the page shows what broke it) and logs the cause. */
export function reportAppError(cause: unknown): void {
  console.error('[app] unhandled error', cause);
  if (current) return;
  current = { status: 500, cause };
  listeners.forEach((l) => l());
}

/** Clears the app's error state (tests; a new start). */
export function clearAppError(): void {
  current = null;
  listeners.forEach((l) => l());
}

const RESIZE_OBSERVER = /ResizeObserver loop/i;
const EXTENSION_URL = /(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i;

/** Whether `url` (a script's file) is of another origin than the page's `origin`. */
function isForeignUrl(url: string | undefined, origin: string): boolean {
  if (!url) return false;
  if (EXTENSION_URL.test(url)) return true;
  try {
    return new URL(url, origin).origin !== origin;
  } catch {
    return false;
  }
}

/** An error or rejection reason that must not take the page down (see the module comment). */
export function isBenignError(
  error: unknown,
  details: { message?: string; filename?: string; origin: string } = { origin: '' },
): boolean {
  const message = details.message ?? (error instanceof Error ? error.message : typeof error === 'string' ? error : '');
  if (RESIZE_OBSERVER.test(message)) return true;
  // An opaque error of a cross-origin script: the browser hides everything but this text.
  if (message === 'Script error.' || (message === 'Script error' && error == null)) return true;
  if (isForeignUrl(details.filename, details.origin)) return true;
  const e = error as { name?: unknown; status?: unknown; stack?: unknown } | null;
  if (e && typeof e === 'object') {
    if (e.name === 'AbortError') return true;
    if (e.name === 'GraphQLRequestError' && e.status === 401) return true;
    if (typeof e.stack === 'string' && EXTENSION_URL.test(e.stack)) return true;
  }
  return false;
}

let installed = false;

/**
 * Installs the window's `error` and `unhandledrejection` listeners once (later calls do nothing): a non-benign error
 * sets the app's error state. Returns a function that removes them (tests).
 */
export function installAppErrorHandlers(win: Window = window): () => void {
  if (installed) return () => undefined;
  installed = true;
  const origin = win.location.origin;
  const onError = (event: ErrorEvent) => {
    // A resource that failed to load (img, script tag) is not an ErrorEvent of a script error.
    if (!('message' in event)) return;
    if (isBenignError(event.error, { message: event.message, filename: event.filename, origin })) return;
    reportAppError(event.error ?? new Error(event.message));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isBenignError(event.reason, { origin })) return;
    reportAppError(event.reason);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
    installed = false;
  };
}
