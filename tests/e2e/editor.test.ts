/**
 * An editor's whole day in Chromium, offline, on the local stack: the local editor opens a story's
 * preview with the signed link Storyblok's app would build; typing shows live in the preview
 * through the official bridge; a click on the preview opens the block's field; Save keeps a draft
 * visitors do not see; navigating inside the preview stays in drafts; Publish makes it live and
 * fires the publish webhook; "Exit preview" ends the session. Forged links and cookies see no draft.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { signedEditorUrl } from '../../src/server/preview-token';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type RunningServer } from '../support/local-server';

const DRAFT_TITLE = 'The Jab, Properly: Your First Punch, Your Best Punch (Updated)';
const PUBLISHED_TITLE = 'The Jab, Properly: Your First Punch and Your Most Important One';

let server: RunningServer;
let browser: Browser;
let hooks: Server;
const received: unknown[] = [];

beforeAll(async () => {
  hooks = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  const address = hooks.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  [server, browser] = await Promise.all([
    startBuiltServer({ LOCAL_PUBLISH_WEBHOOK_URL: `http://127.0.0.1:${port}/hook` }),
    launchBrowser(),
  ]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => hooks?.close(resolve));
});

/** The published site as a visitor sees it (no cookie). */
async function visitorHtml(path: string): Promise<string> {
  return (await fetch(server.url + path)).text();
}

async function openInEditor(page: Page, story: RegExp): Promise<FrameLocator> {
  await page.goto(`${server.url}/_local/editor`);
  const picker = page.getByLabel('Story');
  const value = await picker.locator('option', { hasText: story }).first().getAttribute('value');
  await picker.selectOption(value!);
  await page.getByRole('button', { name: 'Open' }).click();
  // The preview's bridge has said 'initialized': live editing is listening.
  await page.locator('#preview[data-bridge="ready"]').waitFor({ timeout: 20_000 });
  return page.frameLocator('#preview');
}

describe('the local editor', () => {
  test('edit live, click to edit, save, navigate in drafts, publish', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const preview = await openInEditor(page, /The Jab, Properly/);
    const heading = preview.locator('h1');
    expect(await heading.textContent()).toBe(DRAFT_TITLE);
    const badge = preview.getByRole('complementary', { name: 'Preview mode' });
    await expect(badge.textContent()).resolves.toMatch(
      /Preview.*Draft · last published 2025-01-24 · visible from 2025-01-14 07:00 UTC/,
    );
    // Inside the editor, its own controls end editing: no "Exit preview" in the frame.
    expect(await badge.getByRole('link', { name: 'Exit preview' }).count()).toBe(0);

    // Live: the preview follows the title field, through the server's own validation.
    await page.getByLabel('Title').fill('A jab typed live');
    await heading.filter({ hasText: 'A jab typed live' }).waitFor({ timeout: 15_000 });
    await badge.getByText('Showing unsaved changes').waitFor();
    expect(await visitorHtml('/training/how-to-throw-a-jab')).toContain(PUBLISHED_TITLE);

    // Click to edit: the header is the story's own block; clicking it focuses the Title field.
    await page.getByLabel('Lede').focus();
    await preview.locator('header.article-header').click();
    await page.waitForFunction(
      () =>
        document.activeElement?.id &&
        document.querySelector(`label[for="${document.activeElement.id}"]`)?.textContent === 'Title',
    );
    expect(await preview.locator('header.article-header[data-blok-uid]').count()).toBe(1);

    // Save: a draft for editors, still not for visitors.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: /Saved/ }).waitFor();
    await page.locator('#preview[data-bridge="ready"]').waitFor({ timeout: 20_000 });
    expect(await heading.textContent()).toBe('A jab typed live');
    expect(await visitorHtml('/training/how-to-throw-a-jab')).not.toContain('A jab typed live');

    // Navigate inside the preview: a client navigation whose payload is the draft.
    await preview
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Training' })
      .click();
    await preview.locator('main').getByText('A jab typed live').first().waitFor({ timeout: 15_000 });
    await badge.waitFor();

    // Publish: live for visitors at the CMS, and the publish webhook fired once.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Published/ })
      .waitFor();
    const published = (await (
      await fetch(`${server.url}/v2/cdn/stories/blogs/how-to-throw-a-jab?token=local-public-token`)
    ).json()) as { story: { content: { title: string } } };
    expect(published.story.content.title).toBe('A jab typed live');
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ action: 'published', full_slug: 'blogs/how-to-throw-a-jab' });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('preview outside the editor', () => {
  test('a verified link shows the badge; Exit preview ends the session for every page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const link = await signedEditorUrl(new URL(`${server.url}/`), {
      storyId: 1,
      spaceId: '1',
      previewToken: 'local-preview-token',
      now: new Date(),
    });
    await page.goto(link.href);
    const badge = page.getByRole('complementary', { name: 'Preview mode' });
    await badge.waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await badge.getByRole('link', { name: 'Exit preview' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    expect(await badge.count()).toBe(0);
    await page.goto(`${server.url}/sitemap`);
    expect(await badge.count()).toBe(0);
    expect((await context.cookies()).filter((c) => c.name === 'rh_preview')).toEqual([]);
    await context.close();
  });

  test('forged, stale and foreign links, and a tampered cookie, show no draft', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const article = new URL(`${server.url}/training/how-to-throw-a-jab`);
    const sign = (over: { spaceId?: string; previewToken?: string; now?: Date }) =>
      signedEditorUrl(article, {
        storyId: 1,
        spaceId: over.spaceId ?? '1',
        previewToken: over.previewToken ?? 'local-preview-token',
        now: over.now ?? new Date(),
      });
    for (const [name, link] of [
      ['forged', await sign({ previewToken: 'not-the-token' })],
      ['stale', await sign({ now: new Date(Date.now() - 3700_000) })],
      ['another space', await sign({ spaceId: '2' })],
    ] as const) {
      const response = await page.goto(link.href);
      expect(response?.status(), name).toBe(403);
      expect(await page.content(), name).not.toContain('(Updated)');
      expect(await page.locator('h1').textContent(), name).toBe('Preview not available');
    }
    await context.addCookies([
      {
        name: 'rh_preview',
        value: 'v1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        url: server.url,
      },
    ]);
    await page.goto(article.href);
    expect(await page.locator('h1').textContent()).not.toContain('(Updated)');
    expect(await page.getByRole('complementary', { name: 'Preview mode' }).count()).toBe(0);
    await context.close();
  });
});
