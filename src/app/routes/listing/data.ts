/** What the category listing route's loader returns. Types only: the browser gets them for free. */
import type { ArticleCard, Category, Paginated } from '../../../content/types.ts';

export type ListingData = { category: Category; articles: Paginated<ArticleCard> };
