/** Previous/next and numbered page links as crawlable ?page=N URLs. */
import { Link, useLocation } from 'react-router';

export type PaginationProps = {
  page: number;
  perPage: number;
  total: number;
  /** Accessible name of the nav, e.g. "Training pages". */
  label?: string;
};

/**
 * Page links as plain `?page=N` URLs (they work without JavaScript and are crawlable), with
 * rel=prev/next. Page 1 links to the bare path so it has one URL.
 */
export function Pagination({ page, perPage, total, label = 'Pagination' }: PaginationProps) {
  const { pathname } = useLocation();
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  if (pageCount <= 1) return null;
  const href = (n: number) => (n <= 1 ? pathname : `${pathname}?page=${n}`);
  return (
    <nav aria-label={label} className="pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="pagination__step">
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-hidden="true">
          ← Previous
        </span>
      )}
      <ol className="pagination__pages">
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                className="pagination__page"
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="pagination__step">
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-hidden="true">
          Next →
        </span>
      )}
    </nav>
  );
}

/** First, last and the pages around the current one; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  const pages = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of pages) {
    const prev = out.at(-1);
    if (typeof prev === 'number' && n - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && n - prev > 2) out.push(null);
    out.push(n);
  }
  return out;
}
