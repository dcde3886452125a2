/**
 * How a story event changes the content state (src/content/state.ts). Pure: the handler reads the
 * state, applies one of these and writes it back with a conditional write.
 *
 * - A story that is live (published, or moved while published) is recorded at its page path; that
 *   path is no longer gone nor redirected. If it had another path, the old one redirects to the new
 *   one, and every redirect that led to the old path now leads straight to the new one (chains
 *   collapse, so a visitor gets one 301). A category whose path changes takes the paths of the
 *   articles recorded under it along (`/<category>/<slug>`), each with its redirect.
 * - A story that is unpublished or deleted leaves its page path gone, and so do the old paths that
 *   redirected to it (a 410 at once rather than a 301 to a 410).
 */
import type { ContentState, StoryKind } from '../../content/state.ts';

export type StoryRecord = ContentState['stories'][string];
export type LiveStory = { uuid: string; kind: StoryKind; path: string | null };

function clone(state: ContentState): ContentState {
  return {
    ...state,
    redirects: { ...state.redirects },
    gone: { ...state.gone },
    stories: { ...state.stories },
  };
}

/** `from` answers 301 to `to`; redirects that led to `from` lead to `to`. */
function redirect(state: ContentState, from: string, to: string): void {
  for (const [old, target] of Object.entries(state.redirects)) {
    if (target === from) state.redirects[old] = to;
  }
  if (from !== to) state.redirects[from] = to;
  delete state.redirects[to];
}

/** `path` is gone, with the old paths that redirected to it. */
function markGone(state: ContentState, path: string, at: string): void {
  for (const [old, target] of Object.entries(state.redirects)) {
    if (target === path) {
      delete state.redirects[old];
      state.gone[old] = at;
    }
  }
  delete state.redirects[path];
  state.gone[path] = at;
}

const categorySlug = (path: string | null) => (path?.startsWith('/c/') ? path.slice(3) : null);

/** The articles recorded under a category whose path changed move with it. */
function moveCategoryArticles(state: ContentState, from: string, to: string): void {
  const prefix = `/${from}/`;
  for (const [id, story] of Object.entries(state.stories)) {
    if (story.kind !== 'article' || !story.path?.startsWith(prefix)) continue;
    const path = `/${to}/${story.path.slice(prefix.length)}`;
    redirect(state, story.path, path);
    state.stories[id] = { ...story, path };
  }
}

/** Story `id` is live as `story`. */
export function applyLive(state: ContentState, id: number, story: LiveStory, at: string): ContentState {
  const next = clone(state);
  const previous = state.stories[String(id)];
  next.stories[String(id)] = story;
  if (story.path) {
    delete next.gone[story.path];
    if (previous?.path && previous.path !== story.path) redirect(next, previous.path, story.path);
    delete next.redirects[story.path];
    const [from, to] = [categorySlug(previous?.path ?? null), categorySlug(story.path)];
    if (story.kind === 'category' && from && to && from !== to) moveCategoryArticles(next, from, to);
  } else if (previous?.path) {
    // Still published, but the site no longer has a page for it (an article without a category).
    markGone(next, previous.path, at);
  }
  return next;
}

/** Story `id` was unpublished or deleted. */
export function applyRemoved(state: ContentState, id: number, at: string): ContentState {
  const next = clone(state);
  const previous = state.stories[String(id)];
  delete next.stories[String(id)];
  if (previous?.path) markGone(next, previous.path, at);
  return next;
}

/** The space version only moves forward (two webhooks may land out of order). */
export function withVersion(state: ContentState, cv: number, at: string): ContentState {
  return { ...state, cv: Math.max(state.cv ?? 0, cv), updatedAt: at };
}
