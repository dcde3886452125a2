/** What the authors index route's loader returns. Types only: the browser gets them for free. */
import type { Author } from '../../../content/types.ts';

export type AuthorsData = { authors: Author[] };
