/** One link for CMS hrefs: client navigation inside the site, a plain anchor outside it. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** True for same-site paths ("/c/training"), false for absolute and protocol-relative URLs. */
export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** A client-side `<Link>` for internal paths, a plain anchor (noopener) for everything else. */
export function SmartLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return isInternalUrl(to) ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}
