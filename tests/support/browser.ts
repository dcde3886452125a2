/**
 * Launches the Chromium for browser tests, found with no manual step (scripts/lib/find-chrome.mjs:
 * CHROME_PATH, else @sparticuz/chromium on Linux x64, then a system Chromium or Chrome).
 */
import { chromium, type Browser } from 'playwright-core';
import { findChrome, QUIET_CHROME_ARGS } from '../../scripts/lib/find-chrome.mjs';

/** Launch flags that keep Chromium quiet on a machine with no network. */
export const QUIET_ARGS = [...QUIET_CHROME_ARGS, '--disable-quic'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await findChrome(), args: QUIET_ARGS, headless: true });
}
