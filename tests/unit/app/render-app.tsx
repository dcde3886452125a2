/**
 * Renders the real route table (src/app/routes.ts) in a memory router, with loaders that hand
 * back factory-built data: the same path the browser takes, minus the network.
 */
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LoaderFunction } from 'react-router';
import { routes, withLoaders } from '../../../src/app/routes';
import type { RouteDataMap, RouteId } from '../../../src/app/route-data';
import { rootData } from './factories';
import { SiteNameContext } from '../../../src/app/site';

afterEach(cleanup);
// Lazy route modules load on first use; under a busy worker pool that can exceed the 1 s default.
configure({ asyncUtilTimeout: 5000 });

export type LoaderMap = { [K in RouteId]?: RouteDataMap[K] | LoaderFunction };

/** Render `path` with the given route data (a value, or a loader function for dynamic cases). */
export function renderApp(path: string, data: LoaderMap = {}, siteName = 'Roundhouse') {
  const all: LoaderMap = { root: rootData(), ...data };
  const router = createMemoryRouter(
    withLoaders(routes, (id) => {
      const entry = all[id];
      if (typeof entry === 'function') return entry;
      return () => {
        if (entry === undefined) throw new Error(`No test data for route ${id}`);
        return entry;
      };
    }),
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <SiteNameContext value={siteName}>
        <RouterProvider router={router} />
      </SiteNameContext>,
    ),
  };
}
