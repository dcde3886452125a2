/** The categories index loader. */
import type { LoadContext } from '../loader-kit.server.ts';
import type { CategoriesData } from './data.ts';

/** Every category. */
export async function loader(_args: unknown, { content }: LoadContext): Promise<CategoriesData> {
  return { categories: await content.getCategories() };
}
