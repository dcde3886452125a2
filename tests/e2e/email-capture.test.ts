/**
 * Newsletter sign-up in real Chromium against the built local stack: an invalid address never
 * leaves the browser; a valid one is accepted by the email-capture function, the form thanks the
 * reader, and the loopback provider sink receives the address (lower-cased) exactly once.
 */
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { builtSiteInBrowser } from '../support/site-in-browser';

const FUNCTION_PATH = '/.netlify/functions/email-capture';
const SINK_PATH = '/_local/klaviyo/_sink/received';

const site = builtSiteInBrowser();

type Watched = {
  page: Page;
  problems: string[];
  signups: { body: unknown; status: () => Promise<number> }[];
};

async function open(path: string): Promise<Watched> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems: string[] = [];
  const signups: Watched['signups'] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname !== FUNCTION_PATH) return;
    signups.push({
      body: r.postDataJSON(),
      status: async () => (await r.response())?.status() ?? 0,
    });
  });
  await page.goto(site.server.url + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
    timeout: 15_000,
  });
  return { page, problems, signups };
}

type Received = { email: string; listId: string; companyId: string; source: string; at: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function receivedAs(email: string): Promise<Received[]> {
  const received = (await (await fetch(site.server.url + SINK_PATH)).json()) as Received[];
  return received.filter((r) => r.email === email);
}

/**
 * Polls the provider sink until `email` arrives (delivery runs after the 202), for up to 5 s, then
 * looks once more a moment later so a duplicate delivery would show.
 */
async function delivered(email: string): Promise<Received[]> {
  const deadline = Date.now() + 5000;
  while ((await receivedAs(email)).length === 0 && Date.now() < deadline) await sleep(100);
  await sleep(300);
  return receivedAs(email);
}

/** The sign-up form named `name`: its field, button and status line. */
function signupForm(page: Page, name: string) {
  const region = page.getByRole('region', { name, exact: true });
  return {
    region,
    input: region.getByRole('textbox', { name: 'Email address' }),
    /** The same field by name: once the form is hidden it leaves the accessibility tree. */
    field: region.locator('input[name="email"]'),
    button: region.getByRole('button', { name: 'Subscribe' }),
    status: region.getByRole('status'),
  };
}

async function submit(input: Locator, button: Locator, value: string) {
  await input.fill(value);
  await button.click();
}

/** (a) an invalid address shows 'invalid email' and sends nothing; (b) a valid one signs up. */
async function signsUp(path: string, name: string, source: 'sidebar' | 'footer') {
  const { page, problems, signups } = await open(path);
  const form = signupForm(page, name);
  await form.region.scrollIntoViewIfNeeded();

  await submit(form.input, form.button, 'not-an-email');
  await form.region.getByText('invalid email', { exact: true }).waitFor();
  expect(await form.input.getAttribute('aria-invalid')).toBe('true');
  // The widget refuses before any request; give a stray one a moment to show.
  await page.waitForTimeout(150);
  expect(signups).toHaveLength(0);

  const email = `E2E-${source}-${Date.now()}@Example.com`;
  await submit(form.input, form.button, email);
  await form.status.getByText('Thanks for signing up!').waitFor();
  expect(await form.region.locator('form').isHidden()).toBe(true);
  expect(await form.field.inputValue()).toBe('');
  expect(await form.region.getByText(/^By subscribing you agree/).isHidden()).toBe(true);

  expect(signups).toHaveLength(1);
  expect(signups[0]?.body).toEqual({ email, source, path, consent: true, company: '' });
  expect(await signups[0]?.status()).toBe(202);

  const received = await delivered(email.toLowerCase());
  expect(received).toHaveLength(1);
  expect(received[0]?.source).toContain(source);
  expect(problems).toEqual([]);
  await page.close();
}

test('the article sidebar form: an invalid address stays in the browser, a valid one reaches the provider once', async () => {
  const sitemap = await (await fetch(`${site.server.url}/sitemap`)).text();
  const article = sitemap.match(/href="(\/training\/[a-z0-9-]+)"/)?.[1];
  expect(article, 'no article link on /sitemap').toBeTruthy();
  await signsUp(article as string, 'Never miss a round', 'sidebar');
});

test('the footer form on the home page signs up the same way', async () => {
  await signsUp('/', 'Get a round in your inbox', 'footer');
});

test('a sign-up posted from another site is refused (403) and never reaches the provider', async () => {
  const email = `cross.site.${Date.now()}@example.com`;
  const body = JSON.stringify({ email, source: 'footer', path: '/', consent: true });
  const crossSite: Record<string, string>[] = [
    { Origin: 'https://evil.example' },
    { 'Sec-Fetch-Site': 'cross-site' },
  ];
  for (const headers of crossSite) {
    const response = await fetch(site.server.url + FUNCTION_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({
      errors: [{ field: 'origin', message: 'sign-ups must come from this site' }],
    });
  }
  await sleep(300);
  expect(await receivedAs(email)).toEqual([]);
});
