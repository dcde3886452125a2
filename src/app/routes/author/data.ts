/** What the author route's loader returns. Types only: the browser gets them for free. */
import type { ArticleSummary, Author, Paginated } from '../../../content/types.ts';

export type AuthorData = { author: Author; articles: Paginated<ArticleSummary> };
