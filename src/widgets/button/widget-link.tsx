/**
 * Links from content: the scheme checks, the internal-path normaliser and `WidgetLink`, which the
 * button, card and banner widgets share.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// Browsers ignore control characters and spaces in a scheme: strip them before checking.
const SCRIPT_SCHEME = /^(?:javascript|vbscript|data):/i;

/** True for links that leave the site: absolute http(s), protocol-relative, mailto:, tel: (any scheme). */
export function isExternalLink(link: string): boolean {
  return SCHEME.test(link) || link.startsWith('//');
}

/** False for hrefs that would run script (`javascript:` and friends): those never render as links. */
export function isSafeLink(link: string): boolean {
  return !SCRIPT_SCHEME.test(link.replace(/[\u0000-\u0020]/g, ''));
}

/**
 * An internal link → router location. Exactly one leading slash is added (`training/jab` →
 * `/training/jab`), and a hash is split off (`training/jab#drills` → `/training/jab` + `#drills`).
 * A bare hash (`#drills`) stays on the current page: pathname `''`. A query string stays in the
 * pathname part (`WidgetLink` splits it off again for the router).
 */
export function toInternalLink(link: string): { pathname: string; hash: string } {
  const trimmed = link.trim();
  const hashAt = trimmed.indexOf('#');
  const path = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
  const rawHash = hashAt === -1 ? '' : trimmed.slice(hashAt + 1);
  const hash = rawHash ? `#${rawHash}` : '';
  if (path === '' && hash !== '') return { pathname: '', hash };
  return { pathname: `/${path.replace(/^\/+/, '')}`, hash };
}

function routerTarget(link: string): { pathname?: string; search?: string; hash?: string } {
  const { pathname, hash } = toInternalLink(link);
  const queryAt = pathname.indexOf('?');
  const target: { pathname?: string; search?: string; hash?: string } = {};
  if (pathname) target.pathname = queryAt === -1 ? pathname : pathname.slice(0, queryAt);
  if (queryAt !== -1) target.search = pathname.slice(queryAt);
  if (hash) target.hash = hash;
  return target;
}

export type WidgetLinkProps = {
  /** An href from content: internal path (slash optional) or absolute/mailto:/tel: URL. */
  link: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-describedby'?: string;
};

/**
 * Internal links become a router `<Link to={{pathname, hash}}>` (client-side navigation);
 * external ones a plain `<a rel="noopener noreferrer">`. Unsafe schemes render as plain text.
 */
export function WidgetLink({ link, className, children, ...aria }: WidgetLinkProps) {
  if (!isSafeLink(link)) return <span className={className}>{children}</span>;
  if (isExternalLink(link)) {
    return (
      <a href={link} className={className} rel="noopener noreferrer" {...aria}>
        {children}
      </a>
    );
  }
  return (
    <Link to={routerTarget(link)} className={className} {...aria}>
      {children}
    </Link>
  );
}
