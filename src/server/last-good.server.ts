/**
 * Stale-if-error for renders: the last good answer per page (path and query), per isolate, so that
 * when Storyblok fails (after the client's retries) or the store does, a page rendered before is
 * answered again with 200 and a short re-check time instead of an error page. A page this isolate
 * never rendered still gets the error page with its status (503 for an outage). Bounded (LRU).
 */
import type { StaticHandlerContext } from 'react-router';
import type { RoutePayload } from '../shared/payload.ts';
import type { BlockScan } from '../blocks/walk.ts';

export type GoodAnswer = {
  context: StaticHandlerContext;
  payload: RoutePayload;
  routeIds: string[];
  names: Set<string>;
  headers: Record<string, string>;
  /** The page's blocks, as scanned (its product handles are looked up on every answer). */
  scan: BlockScan;
};

/** Seconds a stale answer may be kept before the CDN asks again (the outage may be over). */
export const STALE_RECHECK_SECONDS = 30;

export function createLastGood(limit = 300) {
  const answers = new Map<string, GoodAnswer>();
  return {
    remember(key: string, answer: GoodAnswer) {
      answers.delete(key);
      answers.set(key, answer);
      if (answers.size > limit) answers.delete(answers.keys().next().value!);
    },
    recall(key: string): GoodAnswer | undefined {
      return answers.get(key);
    },
  };
}

/**
 * The remembered answer's headers for a stale re-serve: its tags (a purge still reaches it), a
 * short CDN lifetime so the page is asked for again soon, and no error status.
 */
export function staleHeaders(headers: Record<string, string>): Record<string, string> {
  return {
    ...headers,
    'Netlify-CDN-Cache-Control': `public, s-maxage=${STALE_RECHECK_SECONDS}, stale-while-revalidate=${STALE_RECHECK_SECONDS}`,
  };
}
