/**
 * Drafts never leak, on the local stack with the demo content (which has an edited draft of the jab
 * article and a draft-only article): every template's published HTML and payload are scanned for
 * editor markers and draft text; every template's preview answer is private, unindexed and
 * framable by the editor only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signedEditorUrl } from '../../src/server/preview-token';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { pageModules } from '../support/page-modules.ts';

/** Text that exists only in drafts of the demo content. */
const DRAFT_ONLY = [
  'Your Best Punch (Updated)', // the edited draft of the jab article's title
  'partner-pad-work-at-home', // a story that was never published
  "Partner Pad Work at Home: A Beginner's Guide",
];

let server: RunningServer;
let templates: string[];

beforeAll(async () => {
  server = await startBuiltServer();
  const sitemap = await (await fetch(`${server.url}/sitemap`)).text();
  const links = [...sitemap.matchAll(/href="(\/[^"#?]*)"/g)].map((m) => m[1]!);
  const first = (pattern: RegExp) => {
    const found = links.find((link) => pattern.test(link));
    if (!found) throw new Error(`no ${pattern} link on /sitemap`);
    return found;
  };
  const jab = first(/\/how-to-throw-a-jab$/);
  templates = [
    '/',
    jab,
    first(/^\/c\/[a-z0-9-]+$/),
    first(/^\/t\/[a-z0-9-]+$/),
    first(/^\/author\/[a-z0-9-]+$/),
    first(/^\/p\/[a-z0-9-]+$/), // an editorial page
    `/${jab.split('/')[1]}`, // the jab's category listing
    '/categories',
    '/topics',
    '/authors',
    '/sitemap',
    '/no-such-page',
  ];
}, 60_000);
afterAll(() => server?.stop());

const payloadOf = (path: string) => `/_payload${path === '/' ? '' : path}`;

/** Who may frame the answer: its Content-Security-Policy's frame-ancestors directive. */
const frameAncestors = (res: Response) =>
  /(?:^|;)\s*frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.trim();

describe('published answers', () => {
  test('no template shows an editor marker or a word of a draft, in HTML or payload', async () => {
    for (const path of templates) {
      for (const url of [path, payloadOf(path)]) {
        const res = await fetch(server.url + url);
        const body = await res.text();
        expect([200, 404], url).toContain(res.status);
        expect(body, url).not.toMatch(/_editable|data-blok|#storyblok#|Preview mode/);
        for (const text of DRAFT_ONLY) expect(body, `${url}: ${text}`).not.toContain(text);
        expect(res.headers.get('x-frame-options'), url).toBe('DENY');
        expect(frameAncestors(res), url).toBe("'none'");
      }
    }
  });
});

describe("visitors' JavaScript", () => {
  test('no byte of the preview badge or the Visual Editor bridge in any page entry or preload', async () => {
    for (const path of templates) {
      const html = await (await fetch(server.url + path)).text();
      const scripts = pageModules(html)?.modules ?? [];
      expect(scripts.length, path).toBeGreaterThan(1);
      for (const src of scripts) {
        expect(src, path).not.toMatch(/preview/);
        const code = await (await fetch(server.url + src)).text();
        // The bridge's own class names and the badge's, as they ship minified.
        expect(code, `${path} ${src}`).not.toMatch(/storyblok__overlay|preview-badge|_preview\/payload/);
      }
    }
  });
});

describe('preview answers', () => {
  test('every template: private, uncached, untagged, noindex, framable by the editor only', async () => {
    const link = await signedEditorUrl(new URL(`${server.url}/`), {
      storyId: 1,
      spaceId: '1',
      previewToken: 'local-preview-token',
      now: new Date(),
    });
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^rh_preview=/);
    for (const path of templates) {
      for (const url of [path, payloadOf(path)]) {
        const res = await fetch(server.url + url, { headers: { cookie } });
        await res.arrayBuffer();
        expect(res.headers.get('cache-control'), url).toBe('private, no-store');
        expect(res.headers.get('netlify-cdn-cache-control'), url).toBeNull();
        expect(res.headers.get('netlify-cache-tag'), url).toBeNull();
        expect(res.headers.get('x-robots-tag'), url).toBe('noindex');
        expect(frameAncestors(res), url).toMatch(/^'self'/);
        expect(res.headers.get('x-frame-options'), url).toBeNull();
      }
    }
    // And the drafts are what it shows.
    const jab = templates[1]!;
    expect(await (await fetch(server.url + jab, { headers: { cookie } })).text()).toContain(DRAFT_ONLY[0]);
  });
});
