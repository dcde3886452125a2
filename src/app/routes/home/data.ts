/** What the home route's loader returns. Types only: the browser gets them for free. */
import type { ArticleCard, Page, Paginated } from '../../../content/types.ts';

/** `page` is the `pages/home` story (its blocks head the first page), or null when there is none. */
export type HomeData = { page: Page | null; articles: Paginated<ArticleCard> };
