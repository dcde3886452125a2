/** What the topics index route's loader returns. Types only: the browser gets them for free. */
import type { Topic } from '../../../content/types.ts';

export type TopicsData = { topics: Topic[] };
