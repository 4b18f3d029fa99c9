/** Service worker registration and the messages of spec chat-and-shell §8. */
import { describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_MESSAGES, registerServiceWorker } from './serviceWorker';

const container = (register: () => Promise<unknown>) =>
  ({ register: vi.fn(register) }) as unknown as ServiceWorkerContainer;

describe('service worker registration (chat §2, §8)', () => {
  it('registers /sw.js at the site root', async () => {
    const registration = { active: {}, installing: null, waiting: null };
    const c = container(async () => registration);
    const state = await registerServiceWorker(c, vi.fn());
    expect(c.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(state).toEqual({ registration, message: null, error: false });
  });

  it("says 'Service Worker не поддерживается браузером' without support", async () => {
    const log = vi.fn();
    const state = await registerServiceWorker(undefined, log);
    expect(state.message).toBe('Service Worker не поддерживается браузером');
    expect(log).toHaveBeenCalledWith(SERVICE_WORKER_MESSAGES.unsupported);
  });

  it("says 'Service Worker не активирован' when no worker is active or coming", async () => {
    const state = await registerServiceWorker(
      container(async () => ({ active: null, installing: null, waiting: null })),
      vi.fn(),
    );
    expect(state.message).toBe('Service Worker не активирован');
    expect(state.error).toBe(false);
  });

  it('sets the error flag when registration fails', async () => {
    const log = vi.fn();
    const state = await registerServiceWorker(
      container(async () => Promise.reject(new Error('SecurityError'))),
      log,
    );
    expect(state).toEqual({ registration: null, message: null, error: true });
    expect(log).toHaveBeenCalled();
  });
});
