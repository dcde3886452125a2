/**
 * Netlify edge function `render`: a thin adapter over src/server. Routing and caching settings
 * live in netlify.toml. The manifest is written by `npm run build` before Netlify bundles this.
 */
import type { Context } from '@netlify/edge-functions';
import manifest from '../../dist/manifest.json' with { type: 'json' };
import { getStore } from '@netlify/blobs';
import { createEdgeHandler } from '../../src/server/edge.server.ts';
import { CONTENT_STATE_KEY, CONTENT_STATE_STORE } from '../../src/content/state.ts';

declare const Netlify: { env: { toObject(): Record<string, string> } } | undefined;

const handle = createEdgeHandler({
  manifest,
  env: typeof Netlify === 'undefined' ? {} : Netlify.env.toObject(),
  // Strong consistency: a publish the content webhook recorded is seen on the next read. Outside
  // Netlify (no Blobs context) the read fails and renders go on with no recorded state.
  readContentState: () =>
    getStore({ name: CONTENT_STATE_STORE, consistency: 'strong' }).get(CONTENT_STATE_KEY, { type: 'json' }),
});

export default async function render(request: Request, _context: Context): Promise<Response> {
  return handle(request);
}
