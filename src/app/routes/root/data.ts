/** The root route's data: site-wide values, the layout story and the nav's categories. Types only: the browser gets them for free. */
import type { Layout, NavCategory } from '../../../content/types.ts';
import type { PreviewInfo } from '../../../shared/preview.ts';

/** Site-wide values computed once on the server, so server and client render the same thing. */
export type SiteInfo = {
  name: string;
  /** Absolute origin of the public site, without a trailing slash. */
  baseUrl: string;
  defaultTitle: string;
  defaultDescription: string;
  /** Current year (UTC) at render time, for the copyright line. */
  year: number;
  /** True when content is the draft version (preview). */
  draft: boolean;
  /** Preview sessions only (then `draft` is true): what the preview mode needs. */
  preview?: PreviewInfo;
};

/** `categories`: the nav's and footer's names and links (the full categories stay on the server). */
export type RootData = { site: SiteInfo; layout: Layout; categories: NavCategory[] };
