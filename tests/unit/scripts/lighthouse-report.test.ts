import { expect, test } from 'vitest';
import {
  BLOCKS_PATH,
  DEFAULT_THRESHOLDS,
  costsOf,
  discoverPages,
  formatComparison,
  scoresOf,
  sidesInTurn,
  verdict,
  type Lhr,
  type Summary,
} from '../../../scripts/lib/lighthouse-report.mjs';

/** The links of the HTML sitemap as it renders them, with the head's assets and the index pages. */
const SITEMAP = [
  '/assets/index-CJ57P4JZ.css',
  '/assets/entry-DFRPZlZN.js',
  '#main',
  '/',
  '/author',
  '/author/dani-reyes',
  '/boxing-equipment',
  '/boxing-equipment/best-shoes-for-home-boxing',
  '/c',
  '/c/boxing-equipment',
  '/c/training',
  BLOCKS_PATH,
  '/t',
  '/t/app-updates',
  '/training',
  '/training/20-minute-heavy-bag-hiit',
  '/icons/social.svg#rss',
]
  .map((href) => `<a href="${href}">x</a>`)
  .join('\n');

test('one real page per template is found among the sitemap links, never an index page or an asset', () => {
  expect(discoverPages(SITEMAP)).toEqual({
    home: '/',
    article: '/training/20-minute-heavy-bag-hiit',
    equipment: '/boxing-equipment/best-shoes-for-home-boxing',
    blocks: BLOCKS_PATH,
    category: '/c/training',
    topic: '/t/app-updates',
    author: '/author/dani-reyes',
    listing: '/training',
    sitemap: '/sitemap',
  });
});

test('a sitemap that links no page of a template is refused, naming the template', () => {
  const noAuthors = SITEMAP.replace('/author/dani-reyes', '/author');
  expect(() => discoverPages(noAuthors)).toThrow(/author/);
});

const PASSING: Summary = {
  perf: 100,
  a11y: 100,
  bp: 100,
  seo: 100,
  lcpMs: 1500,
  fcpMs: 900,
  cls: 0.0004,
  tbtMs: 50,
  siMs: 900,
};

test('a page at the issue goals passes (CLS compared as shown, to three decimals)', () => {
  expect(verdict(PASSING)).toEqual([]);
});

test('every miss is named, and a score Lighthouse could not compute is a miss', () => {
  const misses = verdict({ ...PASSING, perf: 99, seo: null, lcpMs: 1501, cls: 0.0006, tbtMs: 51 });
  expect(misses).toEqual([
    'performance 99 < 100',
    'seo n/a < 100',
    'LCP ms 1501 > 1500',
    'CLS 0.001 > 0',
    'TBT ms 51 > 50',
  ]);
});

test('looser thresholds are honoured', () => {
  const noisy = { ...DEFAULT_THRESHOLDS, minPerf: 95, maxTbtMs: 100 };
  expect(verdict({ ...PASSING, perf: 96, tbtMs: 90 }, noisy)).toEqual([]);
});

const node = (selector: string, nodeLabel = '') => ({ type: 'node', selector, nodeLabel });
const ORIGIN = 'http://127.0.0.1:8888';

/** A Lighthouse result in the shape Lighthouse 12.8 writes, with the audits the report reads. */
function lhr(): Lhr {
  const audit = (id: string, rest: Record<string, unknown>) => ({ id, scoreDisplayMode: 'binary', ...rest });
  return {
    finalDisplayedUrl: `${ORIGIN}/training/x`,
    categories: {
      performance: {
        score: 0.97,
        auditRefs: [
          { id: 'largest-contentful-paint', group: 'metrics' },
          { id: 'render-blocking-resources', group: 'diagnostics' },
          { id: 'render-blocking-insight', group: 'hidden' },
          { id: 'unused-css-rules', group: 'diagnostics' },
        ],
      },
      accessibility: { score: 0.98, auditRefs: [{ id: 'color-contrast' }, { id: 'image-alt' }] },
      'best-practices': { score: 1, auditRefs: [{ id: 'errors-in-console' }] },
      seo: { score: null, auditRefs: [{ id: 'meta-description' }] },
    },
    audits: {
      'largest-contentful-paint': audit('largest-contentful-paint', { score: 0.9, numericValue: 1990 }),
      'cumulative-layout-shift': audit('cumulative-layout-shift', { numericValue: 0.061 }),
      'largest-contentful-paint-element': audit('largest-contentful-paint-element', {
        score: 0,
        scoreDisplayMode: 'metricSavings',
        details: {
          type: 'list',
          items: [
            { type: 'table', items: [{ node: node('header > h1.article-header__title', 'CORE WORK') }] },
            {
              type: 'table',
              items: [
                { phase: 'TTFB', timing: 520.4 },
                { phase: 'Render Delay', timing: 1472 },
              ],
            },
          ],
        },
      }),
      'layout-shifts': audit('layout-shifts', {
        scoreDisplayMode: 'informative',
        details: {
          type: 'table',
          items: [
            {
              node: node('p.article-header__lede'),
              score: 0.0608,
              subItems: {
                items: [
                  {
                    cause: 'Web font loaded',
                    extra: { type: 'url', value: `${ORIGIN}/assets/media/oswald.woff2` },
                  },
                ],
              },
            },
          ],
        },
      }),
      'render-blocking-resources': audit('render-blocking-resources', {
        score: 0.5,
        scoreDisplayMode: 'metricSavings',
        details: { type: 'opportunity', items: [{ url: `${ORIGIN}/assets/index.css`, wastedMs: 220 }] },
      }),
      'render-blocking-insight': audit('render-blocking-insight', {
        score: 0.5,
        scoreDisplayMode: 'metricSavings',
        displayValue: 'Est savings of 300 ms',
        details: { type: 'table', items: [{ url: `${ORIGIN}/assets/index.css`, wastedMs: 220 }] },
      }),
      'unused-css-rules': audit('unused-css-rules', { score: 1, scoreDisplayMode: 'metricSavings' }),
      'color-contrast': audit('color-contrast', {
        score: 0,
        details: { type: 'table', items: [{ node: node('a.card__tag', 'Technique') }] },
      }),
      'image-alt': audit('image-alt', { score: null, scoreDisplayMode: 'notApplicable' }),
      'errors-in-console': audit('errors-in-console', { score: 1 }),
      'meta-description': audit('meta-description', {
        score: null,
        scoreDisplayMode: 'error',
        errorMessage: 'Required MetaElements gatherer did not run.',
      }),
    },
  };
}

test('the scores are shown out of 100 and the metrics as measured', () => {
  expect(scoresOf(lhr())).toMatchObject({ perf: 97, a11y: 98, bp: 100, seo: null, lcpMs: 1990, cls: 0.061 });
});

test('what costs points names the elements and files to fix, once each, and flags an audit that errored', () => {
  expect(costsOf(lhr())).toEqual([
    'perf  LCP element: header > h1.article-header__title "CORE WORK" (TTFB 520 ms, Render Delay 1472 ms)',
    'perf  layout-shifts: p.article-header__lede (0.061, Web font loaded: /assets/media/oswald.woff2)',
    // render-blocking-resources is the same check as its insight: listed once.
    'perf  render-blocking-insight 0.5 [Est savings of 300 ms]: /assets/index.css (220 ms)',
    'a11y  color-contrast 0: a.card__tag "Technique"',
    'seo   meta-description: ERROR Required MetaElements gatherer did not run.',
  ]);
});

test('with --against the two builds take turns going first, round by round', () => {
  expect([1, 2, 3, 4].map((round) => sidesInTurn(round, ['this', 'against']))).toEqual([
    ['this', 'against'],
    ['against', 'this'],
    ['this', 'against'],
    ['against', 'this'],
  ]);
  expect(sidesInTurn(2, ['this'])).toEqual(['this']);
});

test('the comparison shows each metric as the median of its runs, before → after, and the worst CLS', () => {
  const run = (perf: number, lcpMs: number, fcpMs: number, tbtMs: number, cls: number): Summary => ({
    ...PASSING,
    perf,
    lcpMs,
    fcpMs,
    tbtMs,
    cls,
  });
  const table = formatComparison([
    {
      name: 'home',
      before: [run(89, 2910, 2210, 218, 0.011), run(95, 2146, 2000, 165, 0.002), run(86, 3100, 2300, 400, 0)],
      after: [run(97, 1650, 1140, 186, 0), run(99, 1400, 1000, 90, 0)],
    },
    { name: 'sitemap', before: [], after: [run(98, 2130, 1350, 117, 0)] },
  ]);
  const [header, home, sitemap] = table.split('\n');
  expect(header).toContain('against → this');
  // Medians: perf 89 of (86, 89, 95), LCP 2.91 s, FCP 2.21 s, TBT 218 ms; after, the mean of two.
  expect(home).toBe(
    'home      | 3 / 2 | 89 → 98 | 2.91 s → 1.52 s | 2.21 s → 1.07 s | 218 ms → 138 ms | 0.011 → 0.000',
  );
  // A side with no valid run says so instead of inventing a figure.
  expect(sitemap).toBe(
    'sitemap   | 0 / 1 | n/a → 98 | n/a → 2.13 s | n/a → 1.35 s | n/a → 117 ms | n/a → 0.000',
  );
});
