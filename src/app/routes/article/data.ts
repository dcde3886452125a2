/** What the article route's loader returns. Types only: the browser gets them for free. */
import type { Article, ArticleCard } from '../../../content/types.ts';

export type ArticleData = { article: Article; related: ArticleCard[] };
