#!/usr/bin/env node
// Exit 0 when the browser the tests would use starts and renders a page.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { QUIET_CHROME_ARGS as args } from './lib/find-chrome.mjs';
try {
  let executablePath = process.env.CHROME_PATH;
  if (!executablePath && process.platform === 'linux') {
    executablePath = await (await import('@sparticuz/chromium')).default.executablePath();
  }
  if (!executablePath || !existsSync(executablePath)) throw new Error('no executable');
  const browser = await chromium.launch({ executablePath, args });
  const page = await browser.newPage();
  await page.setContent('<p>ok</p>');
  console.log(`browser ok: ${executablePath} ${browser.version()}`);
  await browser.close();
} catch (error) {
  console.error(`browser check failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
