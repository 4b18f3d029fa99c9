// @vitest-environment jsdom
/**
 * The app's error state (spec chat-and-shell §8 "Fatal or unhandled app error: full error page"): window errors and
 * unhandled rejections set it, benign noise does not, and the shell shows the full error page while it is set.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorGate } from '../shell/AppErrorGate';
import { appErrorStore, clearAppError, installAppErrorHandlers, isBenignError } from './appError';

let uninstall: () => void = () => undefined;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  uninstall = installAppErrorHandlers(window);
});
afterEach(() => {
  uninstall();
  clearAppError();
  vi.restoreAllMocks();
});

const origin = window.location.origin;

function windowError(init: ErrorEventInit) {
  window.dispatchEvent(new ErrorEvent('error', { cancelable: true, ...init }));
}
function rejection(reason: unknown) {
  const event = new Event('unhandledrejection') as Event & { reason?: unknown };
  event.reason = reason;
  window.dispatchEvent(event);
}

describe('window errors and unhandled rejections', () => {
  it('a script error of the app sets the error state (the first one wins)', () => {
    const crash = new TypeError("Cannot read properties of undefined (reading 'id')");
    windowError({ error: crash, message: crash.message, filename: `${origin}/assets/index-abc.js` });
    windowError({ error: new Error('second'), message: 'second' });
    expect(appErrorStore.get()).toEqual({ status: 500, cause: crash });
  });

  it('an unhandled rejection sets it', () => {
    const reason = new Error('boom');
    rejection(reason);
    expect(appErrorStore.get()?.cause).toBe(reason);
  });

  it('installs once: a second install adds no listeners', () => {
    const again = installAppErrorHandlers(window);
    const listen = vi.spyOn(window, 'addEventListener');
    installAppErrorHandlers(window);
    expect(listen).not.toHaveBeenCalled();
    again();
  });

  it.each([
    ['the ResizeObserver loop', { message: 'ResizeObserver loop completed with undelivered notifications.' }],
    ['an opaque cross-origin script error', { message: 'Script error.' }],
    ['a script of another origin', { message: 'x', error: new Error('x'), filename: 'https://cdn.example/ads.js' }],
    ['an extension', { message: 'x', error: new Error('x'), filename: 'chrome-extension://abc/content.js' }],
  ])('ignores %s', (_name, init) => {
    windowError(init);
    expect(appErrorStore.get()).toBeNull();
  });

  it('ignores aborted requests and a lost session in rejections', () => {
    rejection(new DOMException('The operation was aborted.', 'AbortError'));
    rejection(Object.assign(new Error('Требуется вход в систему'), { name: 'GraphQLRequestError', status: 401 }));
    const fromExtension = new Error('x');
    fromExtension.stack = 'Error: x\n    at chrome-extension://abc/inject.js:1:1';
    rejection(fromExtension);
    expect(appErrorStore.get()).toBeNull();
    expect(isBenignError(new Error('real'), { origin })).toBe(false);
  });
});

describe('the shell shows the full error page', () => {
  it('renders the children until an error, then the 500 page with a reloading home link', async () => {
    render(
      <AppErrorGate>
        <p>страница</p>
      </AppErrorGate>,
    );
    expect(screen.getByText('страница')).toBeTruthy();
    act(() => rejection(new Error('boom')));
    const page = await screen.findByTestId('server-error-page');
    expect(page.getAttribute('data-status')).toBe('500');
    expect(screen.getByText('Internal Server Error')).toBeTruthy();
    expect(screen.queryByText('страница')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/');
  });
});
