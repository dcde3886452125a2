/**
 * The site's one button (spec §2, §4: disabled when `disabled` or `loading`): a native button,
 * a router link, a plain anchor, a content link, an icon button and a decorative face, all drawn
 * by the one `.ui-button` block (button.css). Also re-exports the content-link helpers.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { isSafeLink, WidgetLink } from './widget-link.tsx';

export { isExternalLink, isSafeLink, toInternalLink, WidgetLink } from './widget-link.tsx';
export type { WidgetLinkProps } from './widget-link.tsx';

export const BUTTON_VARIANTS = ['primary', 'secondary', 'dark'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export type ButtonLook = {
  /** The editors' variants, plus `link`: a text link with a red underline (anchor buttons). */
  variant?: ButtonVariant | 'link';
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
  className?: string;
};

/** The class list of a button look; `extra` goes before the caller's own class. */
export function buttonClassName(
  { variant = 'primary', size = 'medium', block, className }: ButtonLook,
  extra?: string,
): string {
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

/** What every button shows: the spinner while loading, else the optional icon, then the label. */
function ButtonContent({
  loading,
  icon,
  children,
}: {
  loading?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {loading ? <Spinner /> : icon ? <span className="ui-button__icon">{icon}</span> : null}
      <span className="ui-button__label">{children}</span>
    </>
  );
}

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children' | 'disabled'>;

export type ButtonProps = ButtonLook &
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

/**
 * A button. `disabled` disables it; `loading` makes it busy (focus stays on it, clicks do nothing).
 * An `aria-disabled` of the caller's own (a button that keeps focus while its owner is busy) is kept.
 */
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
      className={buttonClassName({ variant, size, block, className }, loading ? 'is-loading' : undefined)}
      disabled={disabled}
      aria-disabled={loading || disabled ? true : rest['aria-disabled']}
      aria-busy={loading ? true : undefined}
      onClick={guardClick(loading, onClick)}
    >
      <ButtonContent loading={loading} icon={icon}>
        {children}
      </ButtonContent>
    </button>
  );
}

export type ButtonLinkProps = ButtonLook &
  Omit<LinkProps, 'className' | 'children'> & { children: ReactNode };

/** A router link (client-side navigation to a route of this site) drawn as a button. */
export function ButtonLink({ variant, size, block, className, children, ...link }: ButtonLinkProps) {
  return (
    <Link {...link} className={buttonClassName({ variant, size, block, className })}>
      <ButtonContent>{children}</ButtonContent>
    </Link>
  );
}

export type ButtonAnchorProps = ButtonLook &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'children'> & { children: ReactNode };

/** A plain `<a>` drawn as a button: for URLs the router must not handle (a function's endpoint). */
export function ButtonAnchor({ variant, size, block, className, children, ...anchor }: ButtonAnchorProps) {
  return (
    <a {...anchor} className={buttonClassName({ variant, size, block, className })}>
      <ButtonContent>{children}</ButtonContent>
    </a>
  );
}

/**
 * A button's face on a `<span>`, hidden from assistive technology: the call to action drawn inside
 * something that is already one link (a hero whose title link covers it), so it adds no target.
 */
export function ButtonFace({
  variant,
  size,
  block,
  className,
  children,
}: ButtonLook & { children: ReactNode }) {
  return (
    <span className={buttonClassName({ variant, size, block, className })} aria-hidden="true">
      <ButtonContent>{children}</ButtonContent>
    </span>
  );
}

export type LinkButtonProps = ButtonLook & {
  /** Internal path (`training/jab#drills`) or external URL. */
  link: string;
  children: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  icon?: ReactNode;
};

/**
 * A content link styled as a button. Internal links get a leading slash and a split hash (see
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
    <ButtonContent loading={loading} icon={icon}>
      {children}
    </ButtonContent>
  );
  if (disabled || loading || !isSafeLink(link)) {
    return (
      <a
        role="link"
        aria-disabled="true"
        aria-busy={loading ? true : undefined}
        className={buttonClassName(look, loading ? 'is-loading' : undefined)}
      >
        {content}
      </a>
    );
  }
  return (
    <WidgetLink link={link} className={buttonClassName(look)}>
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
      className={buttonClassName(
        { variant, size, className },
        `ui-icon-button${loading ? ' is-loading' : ''}`,
      )}
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
