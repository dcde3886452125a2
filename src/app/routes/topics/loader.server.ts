/** The topics index loader. */
import type { LoadContext } from '../loader-kit.server.ts';
import type { TopicsData } from './data.ts';

/** Every topic. */
export async function loader(_args: unknown, { content }: LoadContext): Promise<TopicsData> {
  return { topics: await content.getTopics() };
}
