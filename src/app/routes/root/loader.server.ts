/** The root loader: the layout story and the nav's categories, with the site values. */
import type { LoadContext } from '../loader-kit.server.ts';
import { toNavCategory } from '../../../content/cards.ts';
import type { RootData } from './data.ts';
import type { CollectionTag } from '../loader-kit.server.ts';

/** Both in parallel; the site values come computed from the context. */
export async function loader(_args: unknown, { content, site }: LoadContext): Promise<RootData> {
  const [layout, categories] = await Promise.all([content.getLayout(), content.getCategories()]);
  return { site, layout, categories: categories.map(toNavCategory) };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts). Every page shows the nav (categories
 * and their topics) and the layout.
 */
export const cacheTags: readonly CollectionTag[] = ['layout', 'categories', 'topics'];
