/** The topics index loader. */
import type { LoadContext } from '../loader-kit.server.ts';
import type { TopicsData } from './data.ts';
import type { CollectionTag } from '../loader-kit.server.ts';

/** Every topic. */
export async function loader(_args: unknown, { content }: LoadContext): Promise<TopicsData> {
  return { topics: await content.getTopics() };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts). The topics are the nav's, tagged by
 * the root route.
 */
export const cacheTags: readonly CollectionTag[] = [];
