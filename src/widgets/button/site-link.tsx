/**
 * A link to a path on this site: a plain `<a href>` that navigates client-side on a plain click,
 * as react-router's `<Link>` does. `<Link>` resolves its target against the matched routes on every
 * render (twice per link, with a JSON copy of the matches each time): with seventy links on a page
 * (the nav, the footer, the cards) that was an eighth of the server's render. The site's own links
 * are absolute paths, so there is nothing to resolve.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path on this site, with its query and hash if any (`/training?page=2`). */
  to: string;
};

/** A plain click (no modifier, main button, this tab) that a script may take over. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self')
  );
}

/** `<a href={to}>` with client-side navigation; a link to the page being shown replaces it in history. */
export function SiteLink({ to, onClick, children, ...rest }: SiteLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        const { pathname, search, hash } = window.location;
        void navigate(to, { replace: `${pathname}${search}${hash}` === to });
      }}
    >
      {children}
    </a>
  );
}
