/**
 * The announcement banner (spec §3): inactive by default (then it renders nothing), theme red by
 * default (blue, black, white), headline, text and an optional call to action (url + text).
 * The site layout's banner (src/app/layout/announcement-banner.tsx) is this widget.
 */
import type { AnnouncementTheme } from '../../shared/types.ts';
import { WidgetLink } from '../button/index.tsx';

export type AnnouncementBannerProps = {
  active?: boolean;
  theme?: AnnouncementTheme;
  headline?: string;
  text?: string;
  /** Shown only when both url and text are non-empty. */
  cta?: { url: string; text: string } | null;
  /** The landmark's name. */
  label?: string;
  className?: string;
};

export function AnnouncementBanner({
  active = false,
  theme = 'red',
  headline = '',
  text = '',
  cta = null,
  label = 'Announcement',
  className,
}: AnnouncementBannerProps) {
  if (!active) return null;
  const hasCta = Boolean(cta && cta.url.trim() && cta.text.trim());
  if (!headline && !text && !hasCta) return null;
  return (
    <aside
      className={['announcement', `announcement--${theme}`, className].filter(Boolean).join(' ')}
      aria-label={label}
    >
      <div className="container announcement__inner">
        {headline || text ? (
          <p className="announcement__copy">
            {headline ? <strong className="announcement__headline">{headline}</strong> : null}
            {text ? <span className="announcement__text">{text}</span> : null}
          </p>
        ) : null}
        {hasCta && cta ? (
          <WidgetLink link={cta.url.trim()} className="announcement__cta">
            {cta.text}
            <span aria-hidden="true" className="announcement__arrow">
              {' '}
              →
            </span>
          </WidgetLink>
        ) : null}
      </div>
    </aside>
  );
}
