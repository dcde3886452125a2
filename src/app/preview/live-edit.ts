/**
 * Live editing inside Storyblok's Visual Editor: the official bridge (loaded only here, inside the
 * editor's iframe) reports every unsaved change as an `input` event; the page asks the server for
 * its payload with that copy (`POST /_preview/payload/<path>`: the same loaders, mapping and block
 * validation as saved content, so an invalid block shows the draft notice rather than crashing)
 * and re-renders with it. Saving or publishing in the editor reloads the draft.
 */
import { blockNames } from '../../blocks/walk.ts';
import { loadBlocks } from '../../blocks/registry.tsx';
import { isRoutePayload, type RoutePayload } from '../../shared/payload.ts';
import { LIVE_PAYLOAD_PREFIX } from '../../shared/preview.ts';
import { messageOf } from '../../shared/errors.ts';
import { livePayloads } from '../payload.ts';

export type LiveStatus =
  { kind: 'idle' } | { kind: 'updating' } | { kind: 'live' } | { kind: 'failed'; reason: string };

type LiveOptions = {
  /** The Visual Editor's origin: the bridge talks to that parent window only. */
  editorOrigin: string;
  onStatus: (status: LiveStatus) => void;
  /** Re-runs the page's loaders (react-router's revalidator). */
  revalidate: () => Promise<void>;
};

/** The search string without the editor's link parameters (the session cookie carries preview on). */
export function withoutEditorParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (name.startsWith('_storyblok')) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The first field error of a function-style answer (`{ errors: [{ field, message }] }`), if any. */
function reasonOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors))
    return null;
  const first: unknown = body.errors[0];
  return typeof first === 'object' && first !== null && 'message' in first ? String(first.message) : null;
}

/** The page's payload with `story` in place of its saved draft. */
async function livePayload(story: unknown): Promise<RoutePayload> {
  const { pathname, search } = location;
  const path = pathname === '/' ? '' : pathname;
  const response = await fetch(`${LIVE_PAYLOAD_PREFIX}${path}${withoutEditorParams(search)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(story),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isRoutePayload(body))
    throw new Error(reasonOf(body) ?? `the server answered ${response.status}`);
  await loadBlocks(blockNames(body.loaderData));
  return body;
}

/** Starts the bridge; the returned function stops it. Keystrokes coalesce: the latest copy wins. */
export function startLiveEditing({ editorOrigin, onStatus, revalidate }: LiveOptions): () => void {
  let stopped = false;
  let busy = false;
  let queued: { story: unknown } | null = null;
  let bridge: { destroy(): void } | null = null;

  const show = async (story: unknown) => {
    busy = true;
    onStatus({ kind: 'updating' });
    try {
      const key = `${location.pathname}${location.search}`;
      const payload = await livePayload(story);
      if (stopped) return;
      livePayloads.set(key, payload);
      await revalidate();
      onStatus({ kind: 'live' });
    } catch (error) {
      onStatus({ kind: 'failed', reason: messageOf(error) });
    } finally {
      busy = false;
      const next = queued;
      queued = null;
      if (next && !stopped) void show(next.story);
    }
  };

  void import('@storyblok/preview-bridge')
    .then(({ default: StoryblokBridge }) => {
      if (stopped) return;
      const parent = editorOrigin === 'self' ? location.origin : editorOrigin;
      const instance = new StoryblokBridge({ customParent: parent });
      instance.on('input', (event) => {
        if (busy) queued = { story: event.story };
        else void show(event.story);
      });
      // Saved or published: the draft itself changed, so load it again (the session keeps preview on).
      instance.on(['change', 'published'], () => location.reload());
      bridge = instance;
    })
    .catch((error: unknown) =>
      onStatus({ kind: 'failed', reason: `the editor bridge did not load: ${messageOf(error)}` }),
    );

  return () => {
    stopped = true;
    bridge?.destroy();
  };
}
