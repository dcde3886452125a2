/**
 * Buttons, link buttons and icon buttons (spec §2, §4: disabled when `disabled` or `loading`).
 * Also the link helpers the other display widgets share: `toInternalLink` and `WidgetLink`.
 */
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

export const BUTTON_VARIANTS = ['primary', 'secondary', 'dark'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

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

type Look = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
  className?: string;
};

function classes({ variant = 'primary', size = 'medium', block, className }: Look, extra?: string) {
  return [
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--${size}`,
    block && 'ui-button--block',
    extra,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

function Spinner() {
  return (
    <>
      <span className="ui-button__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </>
  );
}

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children' | 'disabled'>;

export type ButtonProps = Look &
  NativeButtonProps & {
    children: ReactNode;
    disabled?: boolean;
    /** Busy: the button stays focusable but inert (aria-disabled, aria-busy) and says "Loading". */
    loading?: boolean;
    /** Decorative icon before the text. */
    icon?: ReactNode;
  };

/** Blocks clicks (and so form submission) while loading, without dropping focus. */
function guardClick(loading: boolean, onClick: ButtonProps['onClick']) {
  return (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
}

/** A button. `disabled` disables it; `loading` makes it busy (focus stays on it, clicks do nothing). */
export function Button({
  children,
  variant,
  size,
  block,
  className,
  disabled = false,
  loading = false,
  icon,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={classes({ variant, size, block, className }, loading ? 'is-loading' : undefined)}
      disabled={disabled}
      aria-disabled={loading || disabled ? true : undefined}
      aria-busy={loading ? true : undefined}
      onClick={guardClick(loading, onClick)}
    >
      {loading ? <Spinner /> : icon ? <span className="ui-button__icon">{icon}</span> : null}
      <span className="ui-button__label">{children}</span>
    </button>
  );
}

export type LinkButtonProps = Look & {
  /** Internal path (`training/jab#drills`) or external URL. */
  link: string;
  children: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  icon?: ReactNode;
};

/**
 * A link styled as a button. Internal links get a leading slash and a split hash (see
 * `toInternalLink`). Disabled or loading: a non-navigating `<a>` without href, aria-disabled.
 */
export function LinkButton({
  link,
  children,
  disabled = false,
  loading = false,
  icon,
  ...look
}: LinkButtonProps) {
  const content = (
    <>
      {loading ? <Spinner /> : icon ? <span className="ui-button__icon">{icon}</span> : null}
      <span className="ui-button__label">{children}</span>
    </>
  );
  if (disabled || loading || !isSafeLink(link)) {
    return (
      <a
        role="link"
        aria-disabled="true"
        aria-busy={loading ? true : undefined}
        className={classes(look, loading ? 'is-loading' : undefined)}
      >
        {content}
      </a>
    );
  }
  return (
    <WidgetLink link={link} className={classes(look)}>
      {content}
    </WidgetLink>
  );
}

export type IconButtonProps = Omit<ButtonProps, 'children' | 'icon' | 'block' | 'aria-label'> & {
  /** The accessible name (required: the button shows only an icon). Also the tooltip. */
  label: string;
  /** The glyph: decorative, drawn in currentColor. */
  icon: ReactNode;
};

/** A square icon-only button; `label` names it for assistive technology and as a tooltip. */
export function IconButton({
  label,
  icon,
  variant,
  size,
  className,
  disabled = false,
  loading = false,
  type = 'button',
  onClick,
  ...rest
}: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={rest.title ?? label}
      className={classes({ variant, size, className }, `ui-icon-button${loading ? ' is-loading' : ''}`)}
      disabled={disabled}
      aria-disabled={loading || disabled ? true : undefined}
      aria-busy={loading ? true : undefined}
      onClick={guardClick(loading, onClick)}
    >
      {loading ? (
        <span className="ui-button__spinner" aria-hidden="true" />
      ) : (
        <span className="ui-button__icon" aria-hidden="true">
          {icon}
        </span>
      )}
    </button>
  );
}
