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

/** "March 4, 2025" for an ISO timestamp; null when missing or unparseable. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : DATE_FORMAT.format(time);
}

/** Title for a paginated view: "Training – Page 2" (page 1 keeps the plain title). */
export function pageTitle(base: string, page: number): string {
  return page > 1 ? `${base} – Page ${page}` : base;
}
