/**
 * The previous in-app location, for the routes that may be entered only from particular previous pages (spec core §2
 * "Some routes can only be entered from particular previous pages; otherwise the user is sent to /") and for the locale
 * redirect of the public pages (locale.ts).
 *
 * One history per browser tab: the current and the previous path (normalised, no query), kept in sessionStorage so that
 * a reload of a page keeps the page it was entered from. At the document's load the previous path is
 * - on a reload (or back/forward into the document) of the path the tab was on: the stored previous path;
 * - when the document was opened by a link of this origin (same-origin referrer): the referrer's path;
 * - otherwise (a typed address, a bookmark, a link in a mail or on another site, a new tab): none.
 * Later in-app navigations move it along (`record`, called on every router location change by NavigationGuard).
 */
import { normalizePath } from './guards';

const STORAGE_KEY = 'router.history';

/** How the document was loaded (PerformanceNavigationTiming.type). */
export type DocumentLoadType = 'navigate' | 'reload' | 'back_forward' | 'prerender';

export interface DocumentEntry {
  /** The path the document was loaded at. */
  path: string;
  type: DocumentLoadType;
  /** document.referrer ('' when none). */
  referrer: string;
  /** The app's origin (location.origin). */
  origin: string;
}

interface Stored {
  current: string | null;
  previous: string | null;
}

/** A tab's navigation history: where the user is and where he came from. */
export interface NavigationHistory {
  /** The path the user was on before `path` (null: entered from outside the app). */
  previousOf(path: string): string | null;
  /** Records that the app is now at `path` (same path again: no change). */
  record(path: string): void;
}

function readStored(storage: Pick<Storage, 'getItem'> | null): Stored | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Stored>;
    return {
      current: typeof value.current === 'string' ? value.current : null,
      previous: typeof value.previous === 'string' ? value.previous : null,
    };
  } catch {
    return null;
  }
}

/** The previous path of a freshly loaded document (see the module comment). */
export function previousAtLoad(entry: DocumentEntry, stored: Stored | null): string | null {
  const path = normalizePath(entry.path);
  if ((entry.type === 'reload' || entry.type === 'back_forward') && stored?.current === path) return stored.previous;
  if (entry.type === 'reload') return null;
  if (!entry.referrer) return null;
  try {
    const referrer = new URL(entry.referrer);
    return referrer.origin === entry.origin ? normalizePath(referrer.pathname) : null;
  } catch {
    return null;
  }
}

/** A history that starts at the loaded document and persists into `storage` (sessionStorage in the browser). */
export function createNavigationHistory(
  entry: DocumentEntry,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): NavigationHistory {
  const state: Stored = { current: normalizePath(entry.path), previous: previousAtLoad(entry, readStored(storage)) };
  const persist = () => {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // storage full or disabled: the history still works for this document
    }
  };
  persist();
  return {
    previousOf(path) {
      const p = normalizePath(path);
      return p === state.current ? state.previous : state.current;
    },
    record(path) {
      const p = normalizePath(path);
      if (p === state.current) return;
      state.previous = state.current;
      state.current = p;
      persist();
    },
  };
}

function browserEntry(): DocumentEntry {
  const timing = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return {
    path: window.location.pathname,
    type: (timing?.type as DocumentLoadType | undefined) ?? 'navigate',
    referrer: document.referrer,
    origin: window.location.origin,
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

let tabHistory: NavigationHistory | null = null;

/** This tab's history, created at its first use from the loaded document. */
export function navigationHistory(): NavigationHistory {
  tabHistory ??= createNavigationHistory(browserEntry(), browserStorage());
  return tabHistory;
}
