/**
 * Headless Debian chromium driven by playwright-core (no browser download: `npx playwright install` cannot run
 * here). CHROMIUM_PATH overrides the binary (default /usr/bin/chromium). playwright gives each launch a fresh profile.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
}
