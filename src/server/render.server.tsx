/** Streams the React document for a handled request, with the payload as its bootstrap script. */
import { renderToReadableStream } from 'react-dom/server';
import {
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { Document } from '../app/document.tsx';
import { PAYLOAD_GLOBAL, type Assets, type InitialState } from '../shared/payload.ts';
import { serializeForScript, serializePayload } from './serialize.ts';
import { pageHead } from './page-head/index.tsx';
import { ServerHtml } from './server-html.tsx';
import { productStructuredData } from './page-head/structured-data.ts';
import { ProductStreamContext, type ProductStream } from '../blocks/deferred-products.ts';
import type { ProductLookups } from '../blocks/products.server.ts';
import { RenderedOnce } from '../widgets/rendered-once/index.tsx';
import { keepMarkup } from './rendered-once.tsx';

type RenderOptions = {
  handler: StaticHandler;
  context: StaticHandlerContext;
  assets: Assets;
  /** The stylesheet's text, inlined in <head> (the manifest's `inlineCss`). */
  inlineCss?: string | undefined;
  state: InitialState;
  signal?: AbortSignal;
  onError: (error: unknown) => void;
  /** The page's product lookups: product blocks stream their card when theirs settles. */
  products?: ProductLookups;
};

/** What product blocks read while the server renders: their lookups, and how to write the answer. */
function productStream(products: ProductLookups, context: StaticHandlerContext): ProductStream {
  return {
    found: (handle) => products.found(handle),
    serialize: (found) => serializeForScript(found),
    structuredData: (product) => productStructuredData(context, product),
  };
}

/** How long the bootstrap adds modulepreload links in one task before it lets the browser in (ms). */
const PRELOAD_SLICE_MS = 4;

/** How long the bootstrap waits for the first contentful paint before it starts anyway (ms). */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * The script that starts the browser's app (src/client/entry.tsx) once the first contentful paint
 * is on screen: then it asks for the entry and every module the page needs (modulepreload links,
 * so they download at once, side by side) and imports the entry. Nothing of the app is fetched or
 * run before the first paint, so the first screen never waits for, or shares the network with,
 * JavaScript (issue 15). The links and the import carry the bootstrap script's nonce, which the
 * page's CSP allows.
 *
 * "On screen" is the paint timeline's `first-contentful-paint` entry, reported when the frame has
 * been presented. The frame's own animation callbacks come earlier: in Chromium here the two
 * frames and a task this script used to wait for ended 40–80 ms before the entry's time, so the
 * modules were often downloaded before it, and Lighthouse's simulation then counted some or all
 * of them as blocking the first paint (FCP 0.86 or 1.0–1.45 s for the same page from run to run).
 * It starts at once in a hidden tab (which does not paint) or when the tab is hidden before its
 * first paint; after FIRST_PAINT_WAIT_MS if no entry came; and after two animation frames and a
 * task in a browser without paint timing.
 *
 * Adding a modulepreload starts its fetch there and then (1–2 ms each in Chromium here; a page has
 * a dozen, 15–25 ms in one task). The links go in over several tasks instead: each task stops once
 * PRELOAD_SLICE_MS have passed and goes on in the next (a MessageChannel message: a timer would
 * wait in a background tab), and the entry is imported after the last link.
 *
 * The entry's static imports are imported first, one a task (the next once the last has run),
 * then the entry: importing the entry alone ran them all, React's and the router's set-up
 * included, in one task of 19–30 ms under Lighthouse (observed; over 50 ms at its 4× CPU); split,
 * the shared chunk's is a median 15–16 ms and the entry's 5–9 ms. A module that fails to load does
 * not stop the rest: the entry's import then fails as it would have.
 */
export function startAfterFirstPaint(entry: string, modules: string[], entryImports: string[] = []): string {
  const args = `document.currentScript&&document.currentScript.nonce,${serializeForScript(modules)},${serializeForScript(entry)},${serializeForScript(entryImports)}`;
  return `${BOOTSTRAP_FUNCTION}(${args});`;
}

/** The bootstrap's function, the same on every page (startAfterFirstPaint gives it the page's modules). */
const BOOTSTRAP_FUNCTION =
  `(function(n,m,e,f){var i=0,j=0,s=0,o,w,d=document,P=window.PerformanceObserver,c=new MessageChannel();function go(){var t=performance.now();` +
  `while(i<m.length){var l=d.createElement('link');l.rel='modulepreload';l.href=m[i++];` +
  `if(n)l.nonce=n;d.head.appendChild(l);if(i<m.length&&performance.now()-t>${PRELOAD_SLICE_MS})return c.port2.postMessage(0)}` +
  `if(j<f.length){var y=function(){c.port2.postMessage(0)};return import(f[j++]).then(y,y)}` +
  `c.port1.close();import(e)}c.port1.onmessage=go;` +
  `function start(){if(s)return;s=1;clearTimeout(w);if(o)o.disconnect();d.removeEventListener('visibilitychange',hid);go()}` +
  `function hid(){if(d.visibilityState==='hidden')start()}` +
  `if(d.visibilityState==='hidden')start();` +
  `else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){d.addEventListener('visibilitychange',hid);` +
  `o=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)start()});o.observe({type:'paint',buffered:true});w=setTimeout(start,${FIRST_PAINT_WAIT_MS})}` +
  `else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})})`;

/**
 * Stream the document for a handled request; the payload rides along as the bootstrap script and
 * the server's own part of <head> (icons, social card, JSON-LD) is rendered here only.
 */
export function renderDocument(options: RenderOptions) {
  const { handler, context, assets, inlineCss, state, signal, onError, products } = options;
  const router = createStaticRouter(handler.dataRoutes, context);
  const serverHead = pageHead(context);
  const page = (
    <RenderedOnce value={keepMarkup}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </RenderedOnce>
  );
  return renderToReadableStream(
    <Document
      assets={assets}
      siteName={state.siteName}
      head={<ServerHtml html={serverHead.head} />}
      headEnd={serverHead.end ? <ServerHtml html={serverHead.end} /> : null}
      inlineCss={inlineCss}
    >
      {products ? (
        <ProductStreamContext value={productStream(products, context)}>{page}</ProductStreamContext>
      ) : (
        page
      )}
    </Document>,
    {
      bootstrapScriptContent: `window.${PAYLOAD_GLOBAL}=${serializePayload(state)};${startAfterFirstPaint(assets.entry, assets.preload, assets.entryImports)}`,
      ...(assets.nonce ? { nonce: assets.nonce } : {}),
      // A boundary that completed while rendering stays in place in the HTML. (React 19.2 would
      // move a completed boundary past the first 12.8 KB to the end of the stream and reveal it
      // with a script: below-the-fold blocks in their lazy-hydration boundaries would then be
      // missing without JavaScript and pop in late.) Boundaries still pending stream as ever.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal,
      onError,
    },
  );
}

/** The last-resort page when even the error page cannot render: static HTML, no React. */
export const ERROR_PAGE_FAILURE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#16181d;color:#fff;text-align:center;padding:1rem}a{color:#fff;font-weight:700}</style></head><body><main><h1>An error occurred while showing the error page</h1><p><a href="/">Go back to home</a></p></main></body></html>`;
