/** The authors index loader. */
import type { LoadContext } from '../loader-kit.server.ts';
import type { AuthorsData } from './data.ts';

/** Every author. */
export async function loader(_args: unknown, { content }: LoadContext): Promise<AuthorsData> {
  return { authors: await content.getAuthors() };
}
