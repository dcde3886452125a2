/**
 * Kept cards: story cards whose markup the document already has. A grid of 25 cards is 28 KB of
 * HTML, and the same 25 cards were another 16 KB of JSON in the document's payload, only so that
 * hydration could render them again, to the same links and text. The server now sends a card the
 * HTML shows as its uuid alone, and the browser keeps that card's server markup as it is
 * (ArticleGrid). A client navigation's payload (`/_payload/…`) still carries whole cards, since
 * there is no HTML to keep.
 *
 * The server's data (RouteDataMap) is unchanged; the browser's view of it (BrowserData, what
 * useRouteData returns) says where a card may be kept.
 */
import type { ArticleCard, Paginated } from '../content/types.ts';
import type { RouteDataMap, RouteId } from './route-data.ts';

/** A card the page's HTML shows: the payload keeps its uuid, for keys and de-duplication. */
export type KeptCard = { uuid: string; kept: true };

/** A card as the browser holds it: whole, or kept in the HTML. */
export type ListedCard = ArticleCard | KeptCard;

export function isKept(card: ListedCard): card is KeptCard {
  return 'kept' in card;
}

function keep(cards: ArticleCard[], from = 0): ListedCard[] {
  return cards.map((card, i): ListedCard => (i < from ? card : { uuid: card.uuid, kept: true }));
}

function keepPage(page: Paginated<ArticleCard>, from = 0): Paginated<ListedCard> {
  return { ...page, stories: keep(page.stories, from) };
}

/**
 * Where each route's grid of cards is. Not the article's related stories: its sidebar lists them
 * too, from their data.
 */
const KEPT = {
  // Home's first story is its hero when the home story has no blocks: it stays whole.
  home: (data) => ({ ...data, articles: keepPage(data.articles, 1) }),
  listing: (data) => ({ ...data, articles: keepPage(data.articles) }),
  topic: (data) => ({ ...data, articles: keepPage(data.articles) }),
  author: (data) => ({ ...data, articles: keepPage(data.articles) }),
  category: (data) => ({ ...data, articles: keep(data.articles) }),
} satisfies { [Id in RouteId]?: (data: RouteDataMap[Id]) => unknown };

/** Route `Id`'s data as the browser may hold it (what useRouteData gives the page's components). */
export type BrowserData<Id extends RouteId> = Id extends keyof typeof KEPT
  ? ReturnType<(typeof KEPT)[Id]>
  : RouteDataMap[Id];

/**
 * The loader data for the document's payload: each grid's cards kept, since the HTML streamed with
 * it shows them. Routes without a grid, and routes that failed (no data), pass unchanged.
 */
export function keptForDocument(loaderData: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id in loaderData) {
    const data = loaderData[id];
    const kept = Object.hasOwn(KEPT, id)
      ? (KEPT[id as keyof typeof KEPT] as (d: unknown) => unknown)
      : undefined;
    out[id] = kept && data != null ? kept(data) : data;
  }
  return out;
}
