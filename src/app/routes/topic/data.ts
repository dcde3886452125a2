/** What the topic route's loader returns. Types only: the browser gets them for free. */
import type { ArticleCard, Paginated, Topic } from '../../../content/types.ts';

export type TopicData = { topic: Topic; articles: Paginated<ArticleCard> };
