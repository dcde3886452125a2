/** The layout's announcement, through the announcement-banner widget. */
import type { Announcement } from '../../content/types.ts';
import { AnnouncementBanner as Banner } from '../../widgets/announcement-banner/index.tsx';

/** The site-wide announcement (layout.announcement), drawn by the announcement-banner widget. */
export function AnnouncementBanner({ announcement }: { announcement: Announcement | null }) {
  return announcement ? <Banner {...announcement} /> : null;
}
