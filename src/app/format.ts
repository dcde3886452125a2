/**
 * Formatting shared by server and client. Dates are formatted in UTC with a fixed form so the
 * server's HTML and the browser's hydration render the same string whatever the visitor's zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * "March 4, 2025": what `Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric',
 * month: 'long', day: 'numeric' })` writes (years before 1 AD without their era, as it does),
 * written out by hand. Creating that formatter loads ICU's locale and time-zone data: in the
 * browser it was one uninterruptible ~18 ms step (73 ms at 4× CPU) before hydration on every
 * page that shows a date. tests/unit/app/format.test.ts compares the two across the Date range.
 */
function longUtcDate(time: number): string {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year > 0 ? year : 1 - year}`;
}

/** Formatted dates by timestamp string: a listing formats the same few dozen on every render. */
const formatted = new Map<string, string | null>();
const FORMATTED_MAX = 2000;

/** "March 4, 2025" for an ISO timestamp; null when missing or unparseable. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const known = formatted.get(iso);
  if (known !== undefined) return known;
  const time = Date.parse(iso);
  const text = Number.isNaN(time) ? null : longUtcDate(time);
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(iso, text);
  return text;
}

/** Title for a paginated view: "Training – Page 2" (page 1 keeps the plain title). */
export function pageTitle(base: string, page: number): string {
  return page > 1 ? `${base} – Page ${page}` : base;
}
