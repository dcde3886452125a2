/** What the editorial page route's loader returns. Types only: the browser gets them for free. */
import type { Page } from '../../../content/types.ts';

/** A `pages/<slug>` story (not `pages/home`) with its blocks checked on the server. */
export type PageData = { page: Page };
