import type { Announcement } from '../../content/types.ts';
import { SmartLink } from '../components/smart-link.tsx';

/** The site-wide announcement (layout.announcement). Renders nothing unless it is active. */
export function AnnouncementBanner({ announcement }: { announcement: Announcement | null }) {
  if (!announcement?.active) return null;
  const theme = announcement.theme ?? 'red';
  return (
    <aside className={`announcement announcement--${theme}`} aria-label="Announcement">
      <div className="container announcement__inner">
        <p className="announcement__copy">
          {announcement.headline ? (
            <strong className="announcement__headline">{announcement.headline}</strong>
          ) : null}
          {announcement.text ? <span className="announcement__text">{announcement.text}</span> : null}
        </p>
        {announcement.cta?.url && announcement.cta.text ? (
          <SmartLink to={announcement.cta.url} className="announcement__cta">
            {announcement.cta.text}
            <span aria-hidden="true"> →</span>
          </SmartLink>
        ) : null}
      </div>
    </aside>
  );
}
