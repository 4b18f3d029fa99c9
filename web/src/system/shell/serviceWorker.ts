/**
 * Registers the service worker at the site root (spec chat-and-shell §2 "A service worker is registered at the site
 * root"; §8 'Service Worker не поддерживается браузером', 'Service Worker не активирован', "registration failure sets
 * an error flag"). The worker itself is web/public/sw.js (caches the app shell; never the API).
 */

/** The messages of chat §8. */
export const SERVICE_WORKER_MESSAGES = {
  unsupported: 'Service Worker не поддерживается браузером',
  notActive: 'Service Worker не активирован',
} as const;

/** Outcome of a registration: the registration, a chat §8 message, and the error flag. */
export interface ServiceWorkerState {
  registration: ServiceWorkerRegistration | null;
  message: string | null;
  /** Set when `register` itself failed (chat §8). */
  error: boolean;
}

/** Registers `/sw.js` with scope '/'. Never throws; logs the chat §8 messages. */
export async function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.serviceWorker,
  log: (message: string, error?: unknown) => void = (m, e) => console.warn(m, e ?? ''),
): Promise<ServiceWorkerState> {
  if (!container) {
    log(SERVICE_WORKER_MESSAGES.unsupported);
    return { registration: null, message: SERVICE_WORKER_MESSAGES.unsupported, error: false };
  }
  try {
    const registration = await container.register('/sw.js', { scope: '/' });
    if (!registration.active && !registration.installing && !registration.waiting) {
      log(SERVICE_WORKER_MESSAGES.notActive);
      return { registration, message: SERVICE_WORKER_MESSAGES.notActive, error: false };
    }
    return { registration, message: null, error: false };
  } catch (error) {
    log('service worker registration failed', error);
    return { registration: null, message: null, error: true };
  }
}
