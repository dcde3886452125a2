/** The categories index loader. */
import type { LoadContext } from '../loader-kit.server.ts';
import type { CategoriesData } from './data.ts';
import type { CollectionTag } from '../loader-kit.server.ts';

/** Every category. */
export async function loader(_args: unknown, { content }: LoadContext): Promise<CategoriesData> {
  return { categories: await content.getCategories() };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts). The categories themselves are the
 * nav's, tagged by the root route.
 */
export const cacheTags: readonly CollectionTag[] = [];
