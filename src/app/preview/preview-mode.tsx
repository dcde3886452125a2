/**
 * Preview mode, for content editors only: code-split, and loaded by the root layout only when the
 * server says the request is a verified preview (`site.preview`). It shows the "Preview" badge with
 * the story's state and, outside the Visual Editor, "Exit preview"; inside the editor's iframe it
 * starts live editing (live-edit.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches, useRevalidator } from 'react-router';
import type { PreviewInfo } from '../../shared/preview.ts';
import { PREVIEW_EXIT_PATH } from '../../shared/preview.ts';
import { startLiveEditing, withoutEditorParams, type LiveStatus } from './live-edit.ts';

/** The page's story state, when the page has a story with a publish time (articles). */
function storyState(matches: ReturnType<typeof useMatches>): string {
  for (const { data } of matches) {
    if (typeof data !== 'object' || data === null || !('article' in data)) continue;
    const { article } = data;
    if (typeof article !== 'object' || article === null || !('publishedAt' in article)) continue;
    // The ISO day (UTC), as Storyblok lists it; no date formatter in this chunk's way.
    const published = typeof article.publishedAt === 'string' ? article.publishedAt.slice(0, 10) : null;
    const state = published ? `Draft · last published ${published}` : 'Draft · not published yet';
    // The schedule is what lets visitors see an article (spec §4): say when, or that it never will.
    const schedule = 'schedule' in article && typeof article.schedule === 'string' ? article.schedule : null;
    return schedule
      ? `${state} · visible from ${schedule} UTC`
      : `${state} · no schedule date: visitors will not see it`;
  }
  return 'Draft content';
}

const LIVE_TEXT: Record<Exclude<LiveStatus['kind'], 'failed'>, string> = {
  idle: '',
  updating: 'Updating…',
  live: 'Showing unsaved changes',
};

export default function PreviewMode({ info }: { info: PreviewInfo }) {
  const location = useLocation();
  const matches = useMatches();
  const revalidator = useRevalidator();
  // Known after hydration only (the server cannot tell), so both render the same first.
  const [inEditor, setInEditor] = useState(false);
  const [live, setLive] = useState<LiveStatus>({ kind: 'idle' });
  useEffect(() => setInEditor(window.top !== window.self), []);
  // The bridge lives as long as the page: it reaches the latest revalidator through a ref.
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  useEffect(() => {
    if (!inEditor) return undefined;
    return startLiveEditing({
      editorOrigin: info.editorOrigin,
      onStatus: setLive,
      revalidate: () => revalidate.current(),
    });
  }, [inEditor, info.editorOrigin]);

  const here = `${location.pathname}${withoutEditorParams(location.search)}`;
  return (
    <aside className="preview-badge" aria-label="Preview mode">
      <strong className="preview-badge__title">Preview</strong>
      <span>{storyState(matches)}</span>
      <span role="status" className="preview-badge__live">
        {live.kind === 'failed' ? `Live preview failed: ${live.reason}` : LIVE_TEXT[live.kind]}
      </span>
      {inEditor ? null : (
        <a className="preview-badge__exit" href={`${PREVIEW_EXIT_PATH}?to=${encodeURIComponent(here)}`}>
          Exit preview
        </a>
      )}
    </aside>
  );
}
