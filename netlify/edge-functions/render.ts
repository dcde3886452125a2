/**
 * Netlify edge function `render`: a thin adapter over src/server. Routing and caching settings
 * live in netlify.toml. The manifest is written by `npm run build` before Netlify bundles this.
 */
import type { Context } from '@netlify/edge-functions';
import manifest from '../../dist/manifest.json' with { type: 'json' };
import { createEdgeHandler } from '../../src/server/edge.server.ts';

declare const Netlify: { env: { toObject(): Record<string, string> } } | undefined;

const handle = createEdgeHandler({
  manifest,
  env: typeof Netlify === 'undefined' ? {} : Netlify.env.toObject(),
});

export default async function render(request: Request, _context: Context): Promise<Response> {
  return handle(request);
}
