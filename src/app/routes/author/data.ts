/** What the author route's loader returns. Types only: the browser gets them for free. */
import type { ArticleCard, Author, Paginated } from '../../../content/types.ts';

export type AuthorData = { author: Author; articles: Paginated<ArticleCard> };
