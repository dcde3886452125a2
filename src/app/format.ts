/**
 * Formatting shared by server and client. Dates are formatted in UTC with a fixed locale so the
 * server's HTML and the browser's hydration render the same string whatever the visitor's zone.
 */
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** Formatted dates by timestamp string: a listing formats the same few dozen on every render. */
const formatted = new Map<string, string | null>();
const FORMATTED_MAX = 2000;

/** "March 4, 2025" for an ISO timestamp; null when missing or unparseable. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const known = formatted.get(iso);
  if (known !== undefined) return known;
  const time = Date.parse(iso);
  const text = Number.isNaN(time) ? null : DATE_FORMAT.format(time);
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(iso, text);
  return text;
}

/** Title for a paginated view: "Training – Page 2" (page 1 keeps the plain title). */
export function pageTitle(base: string, page: number): string {
  return page > 1 ? `${base} – Page ${page}` : base;
}
