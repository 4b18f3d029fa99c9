/**
 * The tab's navigation history behind the entered-from rule of spec core §2 ("Some routes can only be entered from
 * particular previous pages; otherwise the user is sent to /"): what counts as the previous page at a document load and
 * after in-app navigations.
 */
import { describe, expect, it } from 'vitest';
import { createNavigationHistory, previousAtLoad, type DocumentEntry } from './navigationHistory';

const ORIGIN = 'https://pay.example';
const entry = (patch: Partial<DocumentEntry>): DocumentEntry => ({
  path: '/client/auth/pass',
  type: 'navigate',
  referrer: '',
  origin: ORIGIN,
  ...patch,
});

function memoryStorage(initial?: Record<string, string>) {
  const data = new Map(Object.entries(initial ?? {}));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('previous page at a document load', () => {
  const stored = { current: '/client/auth/pass', previous: '/client/auth' };

  it('is none for a typed address, a bookmark, a new tab or a link from another site', () => {
    expect(previousAtLoad(entry({}), stored)).toBeNull();
    expect(previousAtLoad(entry({ referrer: 'https://mail.example/inbox' }), stored)).toBeNull();
    expect(previousAtLoad(entry({ referrer: 'not a url' }), null)).toBeNull();
  });

  it('is the referrer of a link of the same origin', () => {
    expect(previousAtLoad(entry({ referrer: `${ORIGIN}/client/auth/` }), null)).toBe('/client/auth');
  });

  it('survives a reload of the same page in the tab, not of another one', () => {
    expect(previousAtLoad(entry({ type: 'reload' }), stored)).toBe('/client/auth');
    expect(previousAtLoad(entry({ type: 'back_forward', path: '/client/auth/pass/' }), stored)).toBe('/client/auth');
    expect(previousAtLoad(entry({ type: 'reload', path: '/client/auth/registration' }), stored)).toBeNull();
    expect(previousAtLoad(entry({ type: 'reload', referrer: `${ORIGIN}/clients` }), null)).toBeNull();
  });
});

describe('navigation history of a tab', () => {
  it('moves along with in-app navigations and answers for the page being entered or shown', () => {
    const storage = memoryStorage();
    const history = createNavigationHistory(entry({ path: '/client/auth' }), storage);
    expect(history.previousOf('/client/auth')).toBeNull();
    // While /client/auth/pass is being entered, the previous page is where the user still is.
    expect(history.previousOf('/client/auth/pass')).toBe('/client/auth');
    history.record('/client/auth/pass');
    expect(history.previousOf('/client/auth/pass')).toBe('/client/auth');
    history.record('/client/auth/pass/');
    expect(history.previousOf('/client/auth/pass')).toBe('/client/auth');
    history.record('/client/auth/registration');
    expect(history.previousOf('/client/auth/registration')).toBe('/client/auth/pass');
    expect(JSON.parse(storage.data.get('router.history') ?? '')).toEqual({
      current: '/client/auth/registration',
      previous: '/client/auth/pass',
    });
  });

  it('restores the previous page after a reload from the stored history', () => {
    const storage = memoryStorage({
      'router.history': JSON.stringify({ current: '/client/auth/pass', previous: '/client/auth' }),
    });
    const history = createNavigationHistory(entry({ type: 'reload' }), storage);
    expect(history.previousOf('/client/auth/pass')).toBe('/client/auth');
  });

  it('ignores a damaged stored history and works without storage', () => {
    const damaged = memoryStorage({ 'router.history': '{' });
    expect(createNavigationHistory(entry({ type: 'reload' }), damaged).previousOf('/client/auth/pass')).toBeNull();
    const history = createNavigationHistory(entry({}), null);
    history.record('/clients');
    expect(history.previousOf('/clients')).toBe('/client/auth/pass');
  });
});
