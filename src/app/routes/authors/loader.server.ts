/** The authors index loader. */
import type { LoadContext } from '../loader-kit.server.ts';
import type { AuthorsData } from './data.ts';
import type { CollectionTag } from '../loader-kit.server.ts';

/** Every author. */
export async function loader(_args: unknown, { content }: LoadContext): Promise<AuthorsData> {
  return { authors: await content.getAuthors() };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['authors'];
