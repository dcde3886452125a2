/** What the categories index route's loader returns. Types only: the browser gets them for free. */
import type { Category } from '../../../content/types.ts';

export type CategoriesData = { categories: Category[] };
