// Types of lighthouse-report.mjs for the TypeScript test that imports it (the scripts are plain ESM).

export type PageName =
  'home' | 'article' | 'equipment' | 'blocks' | 'category' | 'topic' | 'author' | 'listing' | 'sitemap';

export type Summary = {
  perf: number | null;
  a11y: number | null;
  bp: number | null;
  seo: number | null;
  lcpMs: number | null;
  fcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  siMs: number | null;
};

export type Thresholds = {
  minPerf: number;
  minA11y: number;
  minBp: number;
  minSeo: number;
  maxLcpMs: number;
  maxCls: number;
  maxTbtMs: number;
};

/** The part of a Lighthouse result (LH.Result) the report reads. */
export type Lhr = {
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; group?: string }[] }>;
  audits: Record<string, Record<string, unknown> & { id: string }>;
};

export const PAGE_NAMES: PageName[];
export const BLOCKS_PATH: string;
export const DEFAULT_THRESHOLDS: Thresholds;
export function discoverPages(sitemapHtml: string): Record<PageName, string>;
export function scoresOf(lhr: Lhr): Summary;
export function verdict(median: Summary, thresholds?: Thresholds): string[];
export function lcpText(lhr: Lhr): string | null;
export function costsOf(lhr: Lhr): string[];
export function unfinishedRequests(lhr: Lhr): string[];
export function median(values: (number | null)[]): number | null;
export function formatTable(rows: { name: string; median: Summary; runs: Summary[] }[]): string;
export function sidesInTurn<T>(round: number, sides: T[]): T[];
export function formatComparison(rows: { name: string; before: Summary[]; after: Summary[] }[]): string;
