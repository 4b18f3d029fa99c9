/**
 * Analytics adapter for a visitor-statistics counter in the style of Yandex Metrica (spec chat-and-shell §4
 * "Analytics", §1 "A site analytics service records visits and goals"; issue 13). It imports neither Chakra UI nor
 * Relay, so the public pages' first load stays small.
 *
 * - Configuration: the public runtime config GET /runtime-config.json served by the gateway
 *   (`{ analytics: { counterId, options, defer, scriptUrl } }`, env ANALYTICS_* in README "Configuration").
 * - With a counter id: the `ym` command queue of the counter's own snippet is installed, the counter script is loaded
 *   (async) and `ym(id, 'init', options)` is called; with `defer` the counter is initialised with `defer: true` and the
 *   first hit is sent here at start with `document.referrer` as referrer.
 * - Page hits: `pageView(fullPath)` on every route change (the router root's AnalyticsListener) sends
 *   `ym(id, 'hit', url, { referer })` only when the full path (path, query and hash) differs from the previous one,
 *   with the previous page's URL as referrer. The first page is the counter's own first hit (or the deferred one).
 * - Goals: `reachGoal(goal, params)` sends `ym(id, 'reachGoal', goal, { ...params, guest })`.
 * - The guest flag (chat §1 "the guest flag is the opposite of being logged in"): true until the account areas'
 *   AppRoot has read the viewer; from then on it follows the viewer of this tab (signed in → false, signed out → true).
 *   The public pages make no session call (issue 13 "Fast first load"), so on a fresh load of a public page the visitor
 *   counts as a guest even when a session cookie exists; after a visit to an account area the tab knows better.
 * - Fallback: when the `ym` function is missing (no counter id configured, or the config could not be read), hits and
 *   goals are logged with console.info instead (chat §4).
 * Calls made before the runtime config has arrived are queued and sent, in order, once it has.
 */

/** The analytics part of /runtime-config.json. */
export interface AnalyticsSettings {
  /** Counter id (digits), null = no counter. */
  counterId: string | null;
  /** Options of `ym(id, 'init', options)`. */
  options: Record<string, unknown>;
  /** The app sends the first hit itself (counter initialised with `defer: true`). */
  defer: boolean;
  /** URL of the counter script. */
  scriptUrl: string;
}

/** The counter's global command function (`window.ym`), with the queue of its snippet. */
export type YmFunction = ((counterId: number, method: string, ...args: unknown[]) => void) & {
  a?: unknown[][];
  l?: number;
};

/** What the adapter needs from the browser (tests pass their own). */
export interface AnalyticsEnv {
  window: Window & { ym?: YmFunction };
  console: Pick<Console, 'info'>;
  /** Reads the public runtime config; default GET /runtime-config.json. */
  loadConfig: () => Promise<unknown>;
}

/** Path of the public runtime config served by the gateway. */
export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** Analytics switched off (no counter): hits and goals go to the console. */
export const ANALYTICS_OFF: AnalyticsSettings = {
  counterId: null,
  options: {},
  defer: false,
  scriptUrl: 'https://mc.yandex.ru/metrika/tag.js',
};

/** The analytics settings of a runtime config answer; anything malformed is {@link ANALYTICS_OFF}. */
export function analyticsSettingsOf(config: unknown): AnalyticsSettings {
  const a = (config as { analytics?: Partial<AnalyticsSettings> } | null)?.analytics;
  if (!a || typeof a !== 'object') return ANALYTICS_OFF;
  const counterId = typeof a.counterId === 'string' && /^\d{1,20}$/.test(a.counterId) ? a.counterId : null;
  const options = a.options && typeof a.options === 'object' && !Array.isArray(a.options) ? a.options : {};
  const scriptUrl =
    typeof a.scriptUrl === 'string' && /^https?:\/\//.test(a.scriptUrl) ? a.scriptUrl : ANALYTICS_OFF.scriptUrl;
  return { counterId, options, defer: a.defer === true, scriptUrl };
}

/** The full path of a location: path, query and hash (what a route change compares). */
export function fullPathOf(location: { pathname: string; search?: string; hash?: string }): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

type Command = { kind: 'hit'; url: string; referer: string } | { kind: 'goal'; goal: string; params: object };

/** One counter of one page (the app uses the module's default instance). */
export class Analytics {
  private settings: AnalyticsSettings = ANALYTICS_OFF;
  private ready = false;
  private started = false;
  private readonly queue: Command[] = [];
  private lastPath: string | null = null;
  private guest = true;

  constructor(private readonly env: AnalyticsEnv) {}

  /**
   * Starts the counter once: remembers the current page, reads the runtime config, loads the counter and sends the
   * deferred first hit when configured. Never rejects (an unreadable config means the console fallback).
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { window: win } = this.env;
    const startUrl = win.location.href;
    this.lastPath ??= fullPathOf(win.location);
    try {
      this.settings = analyticsSettingsOf(await this.env.loadConfig());
    } catch {
      this.settings = ANALYTICS_OFF;
    }
    const id = this.settings.counterId;
    if (id !== null) {
      this.installCounter();
      const options = this.settings.defer ? { ...this.settings.options, defer: true } : this.settings.options;
      win.ym?.(Number(id), 'init', options);
      if (this.settings.defer) this.send({ kind: 'hit', url: startUrl, referer: win.document.referrer });
    }
    this.ready = true;
    for (const command of this.queue.splice(0)) this.send(command);
  }

  /** A route change to `fullPath` (path + query + hash): a hit when it differs from the previous page. */
  pageView(fullPath: string): void {
    const previous = this.lastPath;
    if (previous === fullPath) return;
    this.lastPath = fullPath;
    if (previous === null) return; // the first page: the counter's own (or the deferred) first hit
    const origin = this.env.window.location.origin;
    this.enqueue({ kind: 'hit', url: origin + fullPath, referer: origin + previous });
  }

  /** Reports a goal (e.g. 'callback_sent') with the guest flag added. */
  reachGoal(goal: string, params: Record<string, unknown> = {}): void {
    this.enqueue({ kind: 'goal', goal, params: { ...params, guest: this.guest } });
  }

  /** Sets whether the visitor is a guest (not signed in); AppRoot calls it when the viewer is known. */
  setGuest(guest: boolean): void {
    this.guest = guest;
  }

  /** The current guest flag. */
  isGuest(): boolean {
    return this.guest;
  }

  private enqueue(command: Command): void {
    if (this.ready) this.send(command);
    else this.queue.push(command);
  }

  private send(command: Command): void {
    const ym = this.env.window.ym;
    const id = this.settings.counterId;
    if (id !== null && typeof ym === 'function') {
      if (command.kind === 'hit') ym(Number(id), 'hit', command.url, { referer: command.referer });
      else ym(Number(id), 'reachGoal', command.goal, command.params);
      return;
    }
    if (command.kind === 'hit') this.env.console.info('[analytics] hit', command.url, { referer: command.referer });
    else this.env.console.info('[analytics] goal', command.goal, command.params);
  }

  /** The counter's snippet: a `ym` queue until the script has loaded, and the script itself (once). */
  private installCounter(): void {
    const { window: win } = this.env;
    if (typeof win.ym !== 'function') {
      const queued: YmFunction = (...args: unknown[]) => {
        (queued.a ??= []).push(args);
      };
      queued.l = Date.now();
      win.ym = queued;
    }
    const doc = win.document;
    if (doc.querySelector(`script[data-analytics-counter]`)) return;
    const script = doc.createElement('script');
    script.async = true;
    script.src = this.settings.scriptUrl;
    script.dataset.analyticsCounter = this.settings.counterId ?? '';
    doc.head.appendChild(script);
  }
}

/** Reads GET /runtime-config.json (JSON; a non-2xx answer is an error). */
export async function fetchRuntimeConfig(): Promise<unknown> {
  const response = await fetch(RUNTIME_CONFIG_PATH, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`runtime config: ${response.status}`);
  return response.json();
}

const defaultAnalytics =
  typeof window === 'undefined' ? null : new Analytics({ window, console, loadConfig: fetchRuntimeConfig });

/** Starts the app's counter (main.tsx, once at start). */
export function startAnalytics(): Promise<void> {
  return defaultAnalytics?.start() ?? Promise.resolve();
}

/** A route change of the app to `fullPath` (the router root's listener). */
export function trackPageView(fullPath: string): void {
  defaultAnalytics?.pageView(fullPath);
}

/** Reports a goal (e.g. 'callback_sent') with the guest flag added by the adapter. */
export function reachGoal(goal: string, params: Record<string, unknown> = {}): void {
  defaultAnalytics?.reachGoal(goal, params);
}

/** Whether the visitor is a guest (not signed in): set by AppRoot from the viewer. */
export function setAnalyticsGuest(guest: boolean): void {
  defaultAnalytics?.setGuest(guest);
}
