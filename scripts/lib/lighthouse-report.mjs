/**
 * The pure half of `npm run lighthouse` (scripts/lighthouse.mjs): which pages to test, what a
 * Lighthouse result (LHR) says about one page, the verdict against the thresholds, and the text
 * printed. No browser, no server: tests/unit/scripts/lighthouse-report.test.ts covers it.
 */

/** The templates tested, in the order they are printed. */
export const PAGE_NAMES = [
  'home',
  'article',
  'equipment',
  'blocks',
  'category',
  'topic',
  'author',
  'listing',
  'sitemap',
];

/** The demo article that shows every content block (every widget's code), as in scripts/bench.mjs. */
export const BLOCKS_PATH = '/for-members/your-first-week-at-roundhouse';

/**
 * One path per template, found among the links of the HTML sitemap (`/sitemap`) so that no article
 * slug is hard-coded: the first training article, the first boxing-equipment article, the first
 * topic and author, the training category and listing. Throws naming what the sitemap lacks.
 */
export function discoverPages(sitemapHtml) {
  const links = [...sitemapHtml.matchAll(/href="(\/[^"#?]*)"/g)].map((m) => m[1]);
  const first = (re) => links.find((href) => re.test(href));
  const pages = {
    home: '/',
    article: first(/^\/training\/[a-z0-9-]+$/),
    equipment: first(/^\/boxing-equipment\/[a-z0-9-]+$/),
    blocks: links.includes(BLOCKS_PATH) ? BLOCKS_PATH : undefined,
    category: links.includes('/c/training') ? '/c/training' : first(/^\/c\/[a-z0-9-]+$/),
    topic: first(/^\/t\/[a-z0-9-]+$/),
    author: first(/^\/author\/[a-z0-9-]+$/),
    listing: links.includes('/training') ? '/training' : undefined,
    sitemap: '/sitemap',
  };
  const missing = Object.entries(pages).filter(([, p]) => !p);
  if (missing.length > 0)
    throw new Error(`/sitemap links no page for: ${missing.map(([name]) => name).join(', ')}`);
  return pages;
}

/** The issue's goals (issue 15): performance, accessibility, best practices and SEO 100. */
export const DEFAULT_THRESHOLDS = {
  minPerf: 100,
  minA11y: 100,
  minBp: 100,
  minSeo: 100,
  maxLcpMs: 1500,
  maxCls: 0,
  maxTbtMs: 50,
};

const CATEGORY_KEYS = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'bp',
  seo: 'seo',
};
const METRICS = {
  lcpMs: 'largest-contentful-paint',
  fcpMs: 'first-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbtMs: 'total-blocking-time',
  siMs: 'speed-index',
};

/** Scores (0-100, null when the category could not be scored) and metrics of one run. */
export function scoresOf(lhr) {
  const scores = {};
  for (const [id, key] of Object.entries(CATEGORY_KEYS)) {
    const score = lhr.categories[id]?.score;
    scores[key] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  const metrics = {};
  for (const [key, id] of Object.entries(METRICS)) {
    const value = lhr.audits[id]?.numericValue;
    metrics[key] = typeof value === 'number' ? value : null;
  }
  return { ...scores, ...metrics };
}

/**
 * What is wrong with the median against the thresholds: one line per miss, empty when it passes.
 * CLS is compared as Lighthouse shows it, to three decimals ("0.000").
 */
export function verdict(median, t = DEFAULT_THRESHOLDS) {
  const misses = [];
  const min = (key, label, limit) => {
    if (median[key] === null || median[key] < limit)
      misses.push(`${label} ${median[key] ?? 'n/a'} < ${limit}`);
  };
  const max = (key, label, limit, show) => {
    if (median[key] === null || show(median[key]) > limit)
      misses.push(`${label} ${median[key] === null ? 'n/a' : show(median[key])} > ${limit}`);
  };
  min('perf', 'performance', t.minPerf);
  min('a11y', 'accessibility', t.minA11y);
  min('bp', 'best-practices', t.minBp);
  min('seo', 'seo', t.minSeo);
  max('lcpMs', 'LCP ms', t.maxLcpMs, Math.round);
  max('cls', 'CLS', t.maxCls, (v) => Number(v.toFixed(3)));
  max('tbtMs', 'TBT ms', t.maxTbtMs, Math.round);
  return misses;
}

const ms = (v) => `${Math.round(v)} ms`;
const kib = (v) => `${(v / 1024).toFixed(1)} KiB`;

/** A node as the report names it: its selector, and its text when that helps find it. */
function nodeName(node) {
  if (!node) return '?';
  const label = node.nodeLabel && node.nodeLabel !== node.selector ? ` "${node.nodeLabel.slice(0, 40)}"` : '';
  return `${node.selector ?? node.snippet ?? '?'}${label}`;
}

/** A URL without the tested origin, so lines stay short. */
function shortUrl(url, origin) {
  if (typeof url !== 'string') return String(url);
  const short = origin && url.startsWith(origin) ? url.slice(origin.length) : url;
  return short.length > 90 ? `${short.slice(0, 87)}…` : short;
}

/** The rows of an audit's table, however Lighthouse nests them (a list of tables, or one table). */
function rowsOf(details) {
  if (!details) return [];
  if (details.type === 'list')
    return details.items.flatMap((item) => (item.type === 'table' ? item.items : []));
  return Array.isArray(details.items) ? details.items : [];
}

/** What a sub-item (a layout shift's cause, an image's reason) names: an element or a URL. */
function extraName(extra, origin) {
  if (!extra) return '';
  if (extra.type === 'node') return ` ${nodeName(extra)}`;
  if (extra.type === 'url') return ` ${shortUrl(extra.value, origin)}`;
  return '';
}

/** One row in a few words: what (URL, element, source), and how much (time, bytes, shift). */
function describeRow(row, origin) {
  const source = typeof row.source === 'object' ? row.source : null;
  const what =
    row.url !== undefined
      ? shortUrl(row.url, origin)
      : row.node
        ? nodeName(row.node)
        : (row.issueType ??
          row.groupLabel ??
          (typeof row.source === 'string' ? row.source : null) ??
          (source ? shortUrl(source.url ?? source.value, origin) : null));
  const how = [];
  if (typeof row.wastedMs === 'number' && row.wastedMs > 0) how.push(ms(row.wastedMs));
  if (typeof row.wastedBytes === 'number' && row.wastedBytes > 0)
    how.push(`${kib(row.wastedBytes)} of ${kib(row.totalBytes ?? 0)}`);
  if (typeof row.score === 'number') how.push(row.score.toFixed(3));
  for (const key of ['duration', 'reflowTime']) if (typeof row[key] === 'number') how.push(ms(row[key]));
  if (typeof row.startTime === 'number') how.push(`at ${ms(row.startTime)}`);
  if (typeof row.description === 'string') how.push(row.description.slice(0, 200));
  const subItems = (row.subItems?.items ?? [])
    .map((s) =>
      s.cause
        ? `${s.cause}:${extraName(s.extra, origin)}`
        : s.reason
          ? s.reason.split('. ')[0]
          : s.url
            ? shortUrl(s.url, origin)
            : null,
    )
    .filter(Boolean);
  if (subItems.length > 0) how.push([...new Set(subItems)].join('; '));
  const explanation = row.node?.explanation
    ?.replace(/\s+/g, ' ')
    .replace(/^Fix (any|all) of the following: /, '');
  if (explanation) how.push(explanation.slice(0, 160));
  if (!what) return null;
  return how.length ? `${what} (${how.join(', ')})` : what;
}

/** The first rows of an audit, described; `more` counts the rest. */
function rowsText(audit, origin, limit = 4) {
  const rows = rowsOf(audit.details)
    .map((r) => describeRow(r, origin))
    .filter(Boolean);
  const more = rows.length > limit ? `; +${rows.length - limit} more` : '';
  return rows.length ? `: ${rows.slice(0, limit).join('; ')}${more}` : '';
}

/** The longest chain of the network dependency tree: what the first paint waits on, in order. */
function chainText(audit, origin) {
  const tree = audit.details?.items?.find((i) => i.value?.type === 'network-tree')?.value;
  if (!tree) return '';
  const chain = [];
  let level = tree.chains;
  while (level) {
    const next = Object.values(level).find((n) => n.isLongest) ?? Object.values(level)[0];
    if (!next) break;
    chain.push(`${shortUrl(next.url, origin) || '/'} ${ms(next.navStartToEndTime)}`);
    level = next.children;
  }
  return chain.length ? `: longest chain ${chain.join(' → ')}` : '';
}

/** The LCP element and the four phases of its time, from the largest-contentful-paint-element audit. */
export function lcpText(lhr) {
  const audit = lhr.audits['largest-contentful-paint-element'];
  if (!audit?.details || audit.details.type !== 'list') return null;
  const [element, phases] = audit.details.items;
  const node = element?.items?.[0]?.node;
  const parts = (phases?.items ?? []).map((p) => `${p.phase} ${ms(p.timing)}`);
  return `LCP element: ${nodeName(node)}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/** Listed on their own line (LCP element) or not costing points (metrics outside the score). */
const NOT_LISTED = new Set(['largest-contentful-paint-element', 'interactive', 'max-potential-fid']);
/** Lighthouse 12 runs each check twice, as an audit and as its "insight": list the insight only. */
const SAME_AS_INSIGHT = {
  'render-blocking-resources': 'render-blocking-insight',
  'uses-long-cache-ttl': 'cache-insight',
  'uses-responsive-images': 'image-delivery-insight',
  'modern-image-formats': 'image-delivery-insight',
  'uses-optimized-images': 'image-delivery-insight',
  'efficient-animated-content': 'image-delivery-insight',
  'font-display': 'font-display-insight',
  'prioritize-lcp-image': 'lcp-discovery-insight',
  'lcp-lazy-loaded': 'lcp-discovery-insight',
  'server-response-time': 'document-latency-insight',
  redirects: 'document-latency-insight',
  'uses-text-compression': 'document-latency-insight',
  'dom-size': 'dom-size-insight',
  'duplicated-javascript': 'duplicated-javascript-insight',
  'legacy-javascript': 'legacy-javascript-insight',
  'uses-http2': 'modern-http-insight',
  viewport: 'viewport-insight',
};
const failing = (audit) =>
  ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode) &&
  audit.score !== null &&
  audit.score < 1;

/**
 * What costs points, one line each, the way the other engineers need it to fix things:
 * - performance: the LCP element and its phases; each layout shift and its cause; the long tasks
 *   when TBT is not 0; every audit of the category (diagnostics and insights, not the metrics)
 *   with a score below 1, with its savings and first rows;
 * - accessibility, best practices, SEO: every scored audit below 1, with the elements or URLs.
 * An audit that errored is listed too ("ERROR"): its category's score cannot be trusted.
 */
export function costsOf(lhr) {
  const origin = lhr.finalDisplayedUrl ? new URL(lhr.finalDisplayedUrl).origin : '';
  const lines = [];
  const lcp = lcpText(lhr);
  if (lcp) lines.push(`perf  ${lcp}`);
  const shifts = lhr.audits['layout-shifts'];
  if (shifts && rowsOf(shifts.details).length > 0)
    lines.push(`perf  layout-shifts${rowsText(shifts, origin, 6)}`);
  const longTasks = lhr.audits['long-tasks'];
  if (lhr.audits['total-blocking-time']?.numericValue > 0 && longTasks)
    lines.push(`perf  long-tasks${rowsText(longTasks, origin, 5)}`);
  for (const [id, key] of Object.entries(CATEGORY_KEYS)) {
    const category = lhr.categories[id];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.group === 'metrics' || NOT_LISTED.has(ref.id) || ref.id === 'layout-shifts') continue;
      if (audit.scoreDisplayMode === 'error') {
        lines.push(`${key.padEnd(4)}  ${audit.id}: ERROR ${audit.errorMessage ?? ''}`.trimEnd());
        continue;
      }
      if (!failing(audit)) continue;
      const insight = lhr.audits[SAME_AS_INSIGHT[ref.id]];
      if (insight && failing(insight)) continue;
      const shown = audit.displayValue ? ` [${audit.displayValue}]` : '';
      const rows =
        ref.id === 'network-dependency-tree-insight' ? chainText(audit, origin) : rowsText(audit, origin);
      lines.push(`${key.padEnd(4)}  ${audit.id} ${audit.score}${shown}${rows}`);
    }
  }
  return lines;
}

/** Requests the page started and the browser never reported finished (they hold Lighthouse's wait). */
export function unfinishedRequests(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((r) => r.finished === false).map((r) => r.url);
}

/** The median of numbers (the mean of the middle two for an even count), null for none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const col = (v, width, show = String) => (v === null || v === undefined ? 'n/a' : show(v)).padStart(width);
const sec = (v) => `${(v / 1000).toFixed(2)} s`;

/** The table header and one row per page: `rows` is [{ name, path, median, runs }]. */
export function formatTable(rows) {
  const lines = [
    'page      | perf | a11y |  bp | seo |    LCP |    FCP |   CLS |    TBT |     SI | perf per run',
  ];
  for (const { name, median: m, runs } of rows) {
    lines.push(
      [
        name.padEnd(9),
        col(m.perf, 4),
        col(m.a11y, 4),
        col(m.bp, 3),
        col(m.seo, 3),
        col(m.lcpMs, 6, sec),
        col(m.fcpMs, 6, sec),
        col(m.cls, 5, (v) => v.toFixed(3)),
        col(m.tbtMs, 6, ms),
        col(m.siMs, 6, sec),
        ` ${runs.map((r) => r.perf ?? 'n/a').join(' ')}`,
      ].join(' | '),
    );
  }
  return lines.join('\n');
}

/** Runs whose order alternates: the first side first in odd rounds, the other first in even ones. */
export function sidesInTurn(round, sides) {
  return round % 2 === 1 ? sides : [...sides].reverse();
}

/**
 * Two builds side by side (`--against`): per page, each metric's median over that build's runs,
 * `before → after`, with the worst run's CLS and how many runs each side has. `rows` is
 * [{ name, before: Summary[], after: Summary[] }].
 */
export function formatComparison(rows) {
  const pair = (runs, key, show) => {
    const m = median(runs.map((r) => r[key]));
    return m === null ? 'n/a' : show(m);
  };
  const worst = (runs) => {
    const values = runs.map((r) => r.cls).filter((v) => typeof v === 'number');
    return values.length ? Math.max(...values).toFixed(3) : 'n/a';
  };
  const score = (v) => String(Math.round(v));
  const lines = [
    'page      | runs against / this | perf | LCP | FCP | TBT | worst CLS  (median of each metric, against → this)',
  ];
  for (const { name, before, after } of rows) {
    const cell = (key, show) => `${pair(before, key, show)} → ${pair(after, key, show)}`;
    lines.push(
      [
        name.padEnd(9),
        `${before.length} / ${after.length}`,
        cell('perf', score),
        cell('lcpMs', sec),
        cell('fcpMs', sec),
        cell('tbtMs', ms),
        `${worst(before)} → ${worst(after)}`,
      ].join(' | '),
    );
  }
  return lines.join('\n');
}
