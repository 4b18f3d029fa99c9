/**
 * Setup of the web test project (vitest.config.mts). Every file: relay-test-utils' mock environment wraps its
 * network and store methods in `jest.fn`, which Vitest provides as `vi.fn`. Files in jsdom
 * (`// @vitest-environment jsdom`, the component tests): the browser APIs jsdom lacks and Chakra UI / Ark UI call
 * (matchMedia, ResizeObserver, IntersectionObserver, scrolling, object URLs), the Russian texts (i18n), a 5 s wait for
 * findBy…/waitFor, and after each test the rendered tree and the app-wide toasts are removed.
 */
import { afterEach, vi } from 'vitest';

(globalThis as { jest?: unknown }).jest = { fn: vi.fn };

if (typeof window !== 'undefined') {
  await import('../system/i18n/app');
  // The operator and referral partner areas' texts load with their routes in the app (system/i18n/areas.ts); the
  // component tests render those pages directly.
  await (await import('../system/i18n/areas')).loadAreaTexts();
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy…/waitFor wait up to 5 s: the machine running the suite may be busy (the default 1 s is flaky there).
  configure({ asyncUtilTimeout: 5000 });
  const { toaster } = await import('../system/toaster');

  if (!window.matchMedia)
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;

  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
  Element.prototype.scrollTo ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  window.scrollTo = () => undefined;
  let objectUrlSeq = 0;
  URL.createObjectURL ??= () => `blob:test/${++objectUrlSeq}`;
  URL.revokeObjectURL ??= () => undefined;

  afterEach(() => {
    cleanup();
    toaster.remove();
  });
}
