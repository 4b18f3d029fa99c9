// @vitest-environment jsdom
/**
 * The analytics adapter (spec chat-and-shell §4 "Analytics"): hits only when the full path changes, the previous path
 * as referrer, the deferred first hit with document.referrer, goals with the guest flag, the console fallback when the
 * `ym` function is missing; and the router listener.
 */
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Analytics, analyticsSettingsOf, type AnalyticsEnv, type YmFunction } from './analytics';
import { AnalyticsListener } from './AnalyticsListener';

const ORIGIN = window.location.origin;

function setup(config: unknown, opts: { ym?: YmFunction } = {}) {
  const ym = opts.ym ?? (vi.fn() as unknown as YmFunction);
  const win = { location: window.location, document, ym } as unknown as AnalyticsEnv['window'];
  const info = vi.fn();
  const analytics = new Analytics({ window: win, console: { info }, loadConfig: () => Promise.resolve(config) });
  return { analytics, ym: ym as unknown as ReturnType<typeof vi.fn>, info, win };
}

const counter = (over: Record<string, unknown> = {}) => ({
  analytics: {
    counterId: '12345',
    options: { webvisor: true },
    defer: false,
    scriptUrl: 'https://mc.test/tag.js',
    ...over,
  },
});

afterEach(() => {
  document.head.querySelectorAll('script[data-analytics-counter]').forEach((s) => s.remove());
  window.history.replaceState(null, '', '/');
});

describe('counter start', () => {
  it('loads the counter script and calls init with the options; no own first hit without defer', async () => {
    const { analytics, ym } = setup(counter());
    await analytics.start();
    const script = document.head.querySelector<HTMLScriptElement>('script[data-analytics-counter]');
    expect(script?.src).toBe('https://mc.test/tag.js');
    expect(script?.async).toBe(true);
    expect(ym.mock.calls).toEqual([[12345, 'init', { webvisor: true }]]);
  });

  it('with defer: init with defer: true and a first hit of the start page with document.referrer', async () => {
    window.history.replaceState(null, '', '/clients?utm=1');
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://search.example/?q=платежи');
    const { analytics, ym } = setup(counter({ defer: true }));
    await analytics.start();
    expect(ym.mock.calls).toEqual([
      [12345, 'init', { webvisor: true, defer: true }],
      [12345, 'hit', `${ORIGIN}/clients?utm=1`, { referer: 'https://search.example/?q=платежи' }],
    ]);
    vi.restoreAllMocks();
  });

  it('installs the snippet queue when ym is not there yet', async () => {
    const { analytics, win } = setup(counter(), { ym: undefined });
    (win as { ym?: unknown }).ym = undefined;
    await analytics.start();
    expect(typeof win.ym).toBe('function');
    expect(win.ym?.a).toEqual([[12345, 'init', { webvisor: true }]]);
  });
});

describe('page hits (only when the full path differs; the previous path is the referrer)', () => {
  it('sends hits on changes only, with the previous page as referrer', async () => {
    window.history.replaceState(null, '', '/clients');
    const { analytics, ym } = setup(counter());
    await analytics.start();
    ym.mockClear();
    analytics.pageView('/clients'); // the start page: no hit
    analytics.pageView('/agents');
    analytics.pageView('/agents'); // same path: nothing
    analytics.pageView('/agents?tab=2');
    analytics.pageView('/agents?tab=2#faq');
    expect(ym.mock.calls).toEqual([
      [12345, 'hit', `${ORIGIN}/agents`, { referer: `${ORIGIN}/clients` }],
      [12345, 'hit', `${ORIGIN}/agents?tab=2`, { referer: `${ORIGIN}/agents` }],
      [12345, 'hit', `${ORIGIN}/agents?tab=2#faq`, { referer: `${ORIGIN}/agents?tab=2` }],
    ]);
  });

  it('hits made before the config arrives are sent after init, in order', async () => {
    window.history.replaceState(null, '', '/clients');
    let resolve: (v: unknown) => void = () => undefined;
    const ym = vi.fn();
    const analytics = new Analytics({
      window: { location: window.location, document, ym } as unknown as AnalyticsEnv['window'],
      console: { info: vi.fn() },
      loadConfig: () => new Promise((r) => (resolve = r)),
    });
    const started = analytics.start();
    analytics.pageView('/partners');
    expect(ym).not.toHaveBeenCalled();
    resolve(counter());
    await started;
    expect(ym.mock.calls.map((c) => c[1])).toEqual(['init', 'hit']);
  });
});

describe('goals with the guest flag', () => {
  it('a guest until told otherwise; then the viewer decides', async () => {
    const { analytics, ym } = setup(counter());
    await analytics.start();
    analytics.reachGoal('callback_sent', { type: 'clients' });
    analytics.setGuest(false);
    analytics.reachGoal('order_created');
    analytics.setGuest(true);
    analytics.reachGoal('signed_out');
    expect(ym.mock.calls.slice(1)).toEqual([
      [12345, 'reachGoal', 'callback_sent', { type: 'clients', guest: true }],
      [12345, 'reachGoal', 'order_created', { guest: false }],
      [12345, 'reachGoal', 'signed_out', { guest: true }],
    ]);
  });
});

describe('console fallback when the ym function is missing', () => {
  it('without a counter id hits and goals are logged, nothing is loaded', async () => {
    window.history.replaceState(null, '', '/clients');
    const { analytics, info, win } = setup({ analytics: { counterId: null } }, { ym: undefined });
    (win as { ym?: unknown }).ym = undefined;
    await analytics.start();
    analytics.pageView('/agents');
    analytics.reachGoal('callback_sent');
    expect(document.head.querySelector('script[data-analytics-counter]')).toBeNull();
    expect(win.ym).toBeUndefined();
    expect(info.mock.calls).toEqual([
      ['[analytics] hit', `${ORIGIN}/agents`, { referer: `${ORIGIN}/clients` }],
      ['[analytics] goal', 'callback_sent', { guest: true }],
    ]);
  });

  it('an unreadable runtime config is the fallback too', async () => {
    const info = vi.fn();
    const analytics = new Analytics({
      window: { location: window.location, document } as unknown as AnalyticsEnv['window'],
      console: { info },
      loadConfig: () => Promise.reject(new Error('404')),
    });
    await analytics.start();
    analytics.reachGoal('x');
    expect(info).toHaveBeenCalledWith('[analytics] goal', 'x', { guest: true });
  });

  it('settings: malformed values are off', () => {
    expect(analyticsSettingsOf(null).counterId).toBeNull();
    expect(analyticsSettingsOf({ analytics: { counterId: '12a', scriptUrl: 'javascript:x' } })).toMatchObject({
      counterId: null,
      scriptUrl: 'https://mc.yandex.ru/metrika/tag.js',
    });
  });
});

describe('AnalyticsListener (router root)', () => {
  it('reports each new full path once', async () => {
    const track = vi.fn();
    let go: (to: string) => void = () => undefined;
    function Nav() {
      const navigate = useNavigate();
      go = (to) => void navigate(to);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/clients']}>
        <AnalyticsListener track={track} />
        <Nav />
      </MemoryRouter>,
    );
    await act(async () => go('/agents?x=1'));
    await act(async () => go('/agents?x=1'));
    expect(track.mock.calls).toEqual([['/clients'], ['/agents?x=1']]);
  });
});
