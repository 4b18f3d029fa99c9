/**
 * Headless Debian chromium driven by playwright-core (no browser download: `npx playwright install` cannot run
 * here). The binary: CHROMIUM_PATH; else Debian's `chromium-headless-shell` when installed — the same Blink and V8 as
 * `chromium` without the desktop browser's UI process, the one Playwright itself uses for headless runs — else
 * /usr/bin/chromium. playwright gives each launch a fresh profile.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ||
  '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Options every e2e browser context starts from: the app's language, and reduced motion (the app then shows and hides
 * dialogs, menus and toasts without their animations: web/src/system/theme.ts), so that a step waits for the page,
 * not for an animation to end (issue 15, suite time).
 */
export const CONTEXT_DEFAULTS = { locale: 'ru-RU', reducedMotion: 'reduce' } as const;

/** Where e2e screenshots go (gitignored). */
export const ARTIFACTS = join(import.meta.dirname, '..', 'e2e', 'artifacts');

/** Options of {@link RolePages}. */
export interface RolePagesOptions {
  /** Console message types recorded into `logs` (default: error only). */
  consoleTypes?: readonly string[];
  /** Records every WebSocket frame into `logs` (for debugging realtime; e.g. when CHAT_E2E_DEBUG is set). */
  webSocketFrames?: boolean;
}

/**
 * The browser side of one e2e suite: one browser context (own cookies: one signed-in user) and page per role on
 * the stack's origin, locale ru-RU, a 1366 × 900 desktop viewport and a 15 s default timeout; console errors and page
 * errors of every page collected in `logs`; on a failed test, `afterFailure` prints the logs and saves a full-page
 * screenshot of every page into {@link ARTIFACTS} as `<prefix>-<test name>-<role>.png`.
 */
export class RolePages {
  /** Collected console and page errors, each prefixed with the role: `[client] …`. */
  readonly logs: string[] = [];
  private readonly contexts: BrowserContext[] = [];
  private readonly pages: { role: string; page: Page }[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
    private readonly options: RolePagesOptions = {},
  ) {}

  /** Opens a new context and page for `role` (a label for logs and screenshots). */
  async open(role: string): Promise<Page> {
    const context = await this.browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: this.baseURL,
      viewport: { width: 1366, height: 900 },
    });
    this.contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const types = this.options.consoleTypes ?? ['error'];
    page.on('console', (m) => {
      if (types.includes(m.type())) this.logs.push(`[${role}] ${m.text()}`);
    });
    page.on('pageerror', (e) => this.logs.push(`[${role}] pageerror ${e.message}`));
    if (this.options.webSocketFrames)
      page.on('websocket', (ws) => {
        this.logs.push(`[${role}] ws open ${ws.url()}`);
        ws.on('framesent', (f) => this.logs.push(`[${role}] ws> ${String(f.payload).slice(0, 1500)}`));
        ws.on('framereceived', (f) => this.logs.push(`[${role}] ws< ${String(f.payload).slice(0, 1500)}`));
        ws.on('close', () => this.logs.push(`[${role}] ws closed`));
      });
    this.pages.push({ role, page });
    return page;
  }

  /** For vitest's afterEach: when the test failed, prints the logs and screenshots every page. */
  async afterFailure(prefix: string, ctx: { task: { name: string; result?: { state?: string } } }): Promise<void> {
    if (ctx.task.result?.state !== 'fail') return;
    mkdirSync(ARTIFACTS, { recursive: true });
    if (this.logs.length) console.log(this.logs.join('\n'));
    const name = ctx.task.name.replace(/\W+/g, '-').slice(0, 40);
    await Promise.all(
      this.pages.map(({ role, page }) =>
        page.screenshot({ path: join(ARTIFACTS, `${prefix}-${name}-${role}.png`), fullPage: true }).catch(() => {}),
      ),
    );
  }

  /** Closes every context (errors ignored: the browser may already be gone). */
  async close(): Promise<void> {
    for (const c of this.contexts.splice(0)) await c.close().catch(() => {});
  }
}
