/**
 * Finds a Chromium for browser tests and benchmarks, with no manual step:
 * CHROME_PATH if set; on Linux the npm-shipped @sparticuz/chromium (unpacked to /tmp on first use),
 * then Debian's chromium; elsewhere the system's Chrome.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const SYSTEM_CHROMES: Record<string, string[]> = {
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

/** Launch flags that keep Chromium quiet on a machine with no network. */
export const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function findChrome(): Promise<string> {
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await findChrome(), args: QUIET_ARGS, headless: true });
}
