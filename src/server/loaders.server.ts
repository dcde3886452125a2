/**
 * Route loaders for the static handler: the server half of the route table
 * (`src/app/routes/server.server.ts`) by id, each handed the request's LoadContext. The browser
 * never reaches these modules (it loads JSON payloads).
 */
import type { LoaderFunction } from 'react-router';
import type { RouteId } from '../app/route-data.ts';
import type { LoadContext } from '../app/routes/loader-kit.server.ts';
import { serverRoutes } from '../app/routes/server.server.ts';

export type { LoadContext } from '../app/routes/loader-kit.server.ts';
export { serverRoutes };

function isLoadContext(value: unknown): value is LoadContext {
  return typeof value === 'object' && value !== null && 'content' in value && 'site' in value;
}

/** The loader for a route id, reading the content API from the request context. */
export function serverLoader(id: RouteId): LoaderFunction {
  return (args) => {
    if (!isLoadContext(args.context)) throw new Error('Server loaders need a LoadContext');
    return serverRoutes[id].loader(args, args.context);
  };
}
