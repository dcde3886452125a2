/**
 * Finds a Chromium for browser tests, benchmarks and Lighthouse, with no manual step: CHROME_PATH
 * if set; on Linux x64 the npm-shipped @sparticuz/chromium (unpacked to /tmp on first use), then
 * Debian's chromium; elsewhere the system's Chrome. One search for tests/support/browser.ts,
 * scripts/lighthouse.mjs and scripts/measure-interactivity.mjs.
 */
import { existsSync } from 'node:fs';

/** Launch flags that keep Chromium quiet on a machine with no network (tests, Lighthouse, CI). */
export const QUIET_CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const SYSTEM_CHROMES = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

/** The path of the Chromium to launch. */
export async function findChrome() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (process.platform === 'linux' && process.arch === 'x64') {
    try {
      const { default: sparticuz } = await import('@sparticuz/chromium');
      return await sparticuz.executablePath();
    } catch {
      // fall through to a system browser
    }
  }
  const found = (SYSTEM_CHROMES[process.platform] ?? []).find((p) => existsSync(p));
  if (!found) throw new Error('No Chromium found: set CHROME_PATH to a Chrome or Chromium executable');
  return found;
}
