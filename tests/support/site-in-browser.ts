/**
 * The setup most browser tests share: the built local stack and one Chromium for the whole file,
 * started before its first test and stopped after its last. Call at a test file's top level.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startBuiltServer, type RunningServer } from './local-server';

export type SiteInBrowser = { readonly server: RunningServer; readonly browser: Browser };

export function builtSiteInBrowser(): SiteInBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the site and browser start in beforeAll: use them in tests');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
