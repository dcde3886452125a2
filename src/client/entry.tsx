/**
 * Browser entry: hydrate the server-rendered document from the global payload without refetching,
 * then navigate client-side with per-route JSON payloads.
 */
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Document } from '../app/document.tsx';
import { reviveRouteError } from '../app/payload.ts';
import { PAYLOAD_GLOBAL, type InitialState } from '../shared/payload.ts';
import { routes, withLoaders } from '../app/routes.ts';
import { blocksBeforeHydration } from '../blocks/walk.ts';
import { guardBlockLoads, loadBlocks } from '../blocks/registry.tsx';
import { guardLazyRoutes, withChunkReload } from './chunk-reload.ts';
import { clientLoader, prefetchPayload } from './payload-loader.ts';
import { startLinkPrefetch } from './prefetch.ts';
import { dropPageHeadOnNavigation } from './page-head.ts';
import { yieldToMain } from './yield.ts';
import type { RootData } from '../app/routes/root/data.ts';

declare global {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    [PAYLOAD_GLOBAL]?: InitialState;
  }
}

/**
 * Marks the document once hydration has committed (browser tests and monitoring wait for it).
 * It wraps the router rather than sitting beside it: a sibling would make the client tree one
 * branch wider than the server's, and every useId below (carousel, tabs, fields) would differ.
 */
function HydrationMarker({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

/**
 * Analytics (src/client/analytics) arrives when the page is idle, in its own chunk. Until then the
 * page's own calls wait in the queue on window (src/shared/analytics.ts), and the clicks and errors
 * it will tell are held here, with the address the visitor landed on.
 */
function holdForAnalytics() {
  const landing = { href: location.href, referrer: document.referrer, title: document.title, at: Date.now() };
  const early: Event[] = [];
  const hold = (event: Event) => early.push(event);
  document.addEventListener('click', hold, true);
  window.addEventListener('error', hold);
  window.addEventListener('unhandledrejection', hold);
  const stopEarly = () => {
    document.removeEventListener('click', hold, true);
    window.removeEventListener('error', hold);
    window.removeEventListener('unhandledrejection', hold);
  };
  return { landing, early, stopEarly };
}

/** Once the page has loaded and the main thread is idle (at most 2 s later: §9's idle timeout). */
function whenIdle(run: () => void) {
  const idle = () =>
    window.requestIdleCallback
      ? window.requestIdleCallback(run, { timeout: 2000 })
      : window.setTimeout(run, 1);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

async function start() {
  const held = holdForAnalytics();
  // The task that evaluated the modules ends here; the rest of the start-up runs in tasks of its
  // own (yield.ts).
  await yieldToMain();
  const state = window[PAYLOAD_GLOBAL];
  if (!state) throw new Error('Missing initial state');
  const chunkEnv = {
    now: () => Date.now(),
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
  };
  const table: RouteObject[] = guardLazyRoutes(
    withLoaders(routes, clientLoader, (id) =>
      // Layout data (nav, footer, year) is fixed for the life of the page.
      id === 'root' ? { shouldRevalidate: () => false } : {},
    ),
    chunkEnv,
  );

  // Resolve the lazy route modules and block renderers of the first page before hydrating, so
  // nothing suspends and the client renders exactly what the server did; blocks below the fold
  // hydrate later, when idle or in view (registry.tsx), except in drafts.
  guardBlockLoads((load) => withChunkReload(load, chunkEnv));
  const blocksReady = loadBlocks(blocksBeforeHydration(state.loaderData));
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module, { lazy: undefined });
    }),
  );
  await blocksReady;
  await yieldToMain();

  const errors = state.errors
    ? Object.fromEntries(Object.entries(state.errors).map(([id, e]) => [id, reviveRouteError(e)]))
    : null;
  const router = createBrowserRouter(table, { hydrationData: { loaderData: state.loaderData, errors } });
  dropPageHeadOnNavigation(router);
  // Creating the router (its history, its route table, its session storage) and creating the root
  // were one task of 11–15 ms under Lighthouse (observed).
  await yieldToMain();

  // In a transition, React hydrates in slices of about 5 ms and lets the browser in between
  // (input, paint), instead of in one long task; a visitor's input on a part not yet hydrated
  // hydrates that part first.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Document assets={state.assets} siteName={state.siteName}>
          <HydrationMarker>
            <RouterProvider router={router} />
          </HydrationMarker>
        </Document>
      </StrictMode>,
    );
  });
  await yieldToMain();
  // Drafts change under an editor's hands: a prefetched draft would be stale when clicked; and an
  // editor's preview is not a visit.
  const root = state.loaderData.root as RootData | undefined;
  if (root?.site.draft) return held.stopEarly();
  whenIdle(() => {
    import('./analytics/index.ts')
      .then(async ({ startAnalytics }) => {
        // Evaluating the chunk and starting analytics are two tasks.
        await yieldToMain();
        startAnalytics({ router, ...held });
      })
      .catch(() => held.stopEarly());
  });
  startLinkPrefetch({
    prefetch: prefetchPayload,
    onNavigate: (listener) => {
      let path = router.state.location.pathname;
      router.subscribe((state) => {
        if (state.navigation.state === 'idle' && state.location.pathname !== path) {
          path = state.location.pathname;
          listener();
        }
      });
    },
  });
}

void start();
