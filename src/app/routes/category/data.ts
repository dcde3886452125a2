/** What the category landing route's loader returns. Types only: the browser gets them for free. */
import type { ArticleCard, Category } from '../../../content/types.ts';

export type CategoryData = { category: Category; articles: ArticleCard[] };
