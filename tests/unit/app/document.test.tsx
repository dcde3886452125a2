// @vitest-environment jsdom
/**
 * The document as the server renders it, with its own part of <head> (the page's social card and
 * JSON-LD: src/server/page-head) and the inlined stylesheet, hydrated by the browser's tree, which
 * has none of it: no mismatch, no console error, and the server's elements stay as sent.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { Document } from '../../../src/app/document';
import { serializeForScript } from '../../../src/server/serialize';
import { ServerHtml } from '../../../src/server/server-html';
import { asTheEdgeWrites } from '../../support/head';

const assets = {
  entry: '/assets/entry.js',
  css: [],
  fonts: ['/assets/media/oswald-700.woff2'],
  preload: [],
};
/** The stylesheet the server inlines (the build's manifest `inlineCss`). */
const inlineCss = 'h1{font-family:Oswald,sans-serif}.lede>p{color:#111}';
const graph = {
  '@context': 'https://schema.org',
  '@graph': [{ '@type': 'WebSite', name: '</script> & 🥊' }],
};

/** What the server adds to <head>, in the shape src/server/page-head renders it: one string. */
const serverHead = (
  <ServerHtml
    html={renderToStaticMarkup(
      <>
        <meta name="theme-color" content="#111214" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta property="og:image" content="https://example.test/icons/share.png" data-page-head="" />
        <meta name="twitter:card" content="summary_large_image" data-page-head="" />
        <script
          type="application/ld+json"
          data-page-head=""
          dangerouslySetInnerHTML={{ __html: serializeForScript(graph) }}
        />
      </>,
    )}
  />
);

/** A page as routes render one: its title and meta hoisted into <head> by React on both sides. */
function Page() {
  return (
    <main>
      <title>Home | Roundhouse</title>
      <meta name="description" content="Hello" />
      <meta property="og:title" content="Home | Roundhouse" />
      <h1>Hello</h1>
    </main>
  );
}

test("the server's own head survives hydration by a tree without it, with no mismatch", async () => {
  const html = renderToString(
    <Document assets={assets} siteName="Roundhouse" head={serverHead} inlineCss={inlineCss}>
      <Page />
    </Document>,
  );
  const parsed = new DOMParser().parseFromString(asTheEdgeWrites(html), 'text/html');
  document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
  const before = document.head.innerHTML;
  expect(document.head.querySelectorAll('[data-page-head]')).toHaveLength(3);
  expect(document.head.querySelector('style')?.textContent).toBe(inlineCss);
  expect(document.head.querySelector('link[rel="preload"][as="font"]')?.getAttribute('crossorigin')).toBe('');

  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      document,
      <Document assets={assets} siteName="Roundhouse">
        <Page />
      </Document>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  // tests/setup/fail-on-console-error.ts also fails the test on any hydration warning React logs.
  expect(errors).toEqual([]);
  expect(document.head.innerHTML).toBe(before);
  const script = document.head.querySelector('script[type="application/ld+json"]');
  expect(JSON.parse(script?.textContent ?? '')).toEqual(graph);
  expect(document.head.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#111214');
  expect(document.title).toBe('Home | Roundhouse');
  expect(document.querySelector('h1')?.textContent).toBe('Hello');
  // The inlined stylesheet stays for the document's life: client navigations keep every style.
  expect(document.head.querySelector('style')?.textContent).toBe(inlineCss);
});

test('the browser renders no head of its own beyond the page tree', () => {
  const html = renderToString(
    <Document assets={assets} siteName="Roundhouse">
      <Page />
    </Document>,
  );
  const head = new DOMParser().parseFromString(html, 'text/html').head;
  expect(
    head.querySelector('[data-page-head], link[rel="manifest"], meta[name="theme-color"], style'),
  ).toBeNull();
});
