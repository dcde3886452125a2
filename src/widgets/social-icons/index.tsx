/**
 * The social-icon row (spec §3, §5): supported networks only (SOCIAL_NAMES; others are ignored),
 * each entry needs a name and a url. Icon background red or blue; size default, big or small;
 * rotation 90/180/270 turns the glyph. Each link is named "{brand} on {Network}".
 * This module holds the site's one icon set and its one row of icon links: the social_icons
 * block's looks and the site chrome's (`look="chrome"`: footer, author profiles).
 */
import { SOCIAL_NAMES, type SocialLink, type SocialName } from '../../shared/types.ts';

export const SOCIAL_BACKGROUNDS = ['red', 'blue'] as const;
export type SocialBackground = (typeof SOCIAL_BACKGROUNDS)[number];
export const SOCIAL_SIZES = ['default', 'big', 'small'] as const;
export type SocialSize = (typeof SOCIAL_SIZES)[number];
export const SOCIAL_ROTATIONS = [90, 180, 270] as const;
export type SocialRotation = (typeof SOCIAL_ROTATIONS)[number];

/** Network names as people say them (used in link names). */
export const SOCIAL_LABELS: Record<SocialName, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  website: 'Website',
  tiktok: 'TikTok',
  rss: 'RSS feed',
};

/**
 * The glyphs live in one static sprite (public/icons/social.svg, 24×24, drawn in currentColor so
 * they follow the link's colour and hover state): cached once, and no path data in the JS bundle or
 * repeated in every page's HTML.
 */
export const SOCIAL_SPRITE = '/icons/social.svg';

export function isSocialName(name: string): name is SocialName {
  return (SOCIAL_NAMES as readonly string[]).includes(name);
}

/** An entry as it may arrive: any name, possibly empty fields. */
export type SocialEntry = { name?: string | null; url?: string | null };

/** Keeps supported entries with a name and a non-empty url (trimmed), in order. */
export function usableSocialLinks(entries: readonly SocialEntry[]): SocialLink[] {
  return entries.flatMap((entry) => {
    const name = entry.name?.trim().toLowerCase() ?? '';
    const url = entry.url?.trim() ?? '';
    return isSocialName(name) && url !== '' ? [{ name, url }] : [];
  });
}

/** The glyph for one network, decorative (the link around it carries the name). */
export function SocialIcon({ name, className }: { name: SocialName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <use href={`${SOCIAL_SPRITE}#${name}`} />
    </svg>
  );
}

export type SocialIconsProps = {
  links: readonly SocialEntry[];
  /** Whose profiles these are: "Roundhouse" gives "Roundhouse on Instagram". */
  brand: string;
  background?: SocialBackground;
  size?: SocialSize;
  /** Turns each glyph (CSS transform) by this many degrees. */
  rotation?: SocialRotation | null;
  /** Names the list, e.g. "Follow Roundhouse". */
  label?: string;
  /** `block`: the social_icons block's looks; `chrome`: the site's own row (footer, author profiles). */
  look?: 'block' | 'chrome';
  className?: string;
};

/** A row of icon links. Renders nothing when no entry is usable. */
export function SocialIcons({
  links,
  brand,
  background = 'red',
  size = 'default',
  rotation = null,
  label,
  look = 'block',
  className,
}: SocialIconsProps) {
  const usable = usableSocialLinks(links);
  if (usable.length === 0) return null;
  const chrome = look === 'chrome';
  const classes = chrome
    ? ['social-icons']
    : [
        'ui-social',
        `ui-social--${background}`,
        `ui-social--${size}`,
        rotation ? `ui-social--rotate-${rotation}` : null,
      ];
  return (
    <ul aria-label={label} className={[...classes, className].filter(Boolean).join(' ')}>
      {usable.map((link) => (
        <li key={`${link.name}-${link.url}`}>
          <a
            href={link.url}
            className={chrome ? 'social-icons__link' : 'ui-social__link'}
            aria-label={brand ? `${brand} on ${SOCIAL_LABELS[link.name]}` : SOCIAL_LABELS[link.name]}
            rel="noopener noreferrer"
          >
            <SocialIcon name={link.name} className={chrome ? undefined : 'ui-social__icon'} />
          </a>
        </li>
      ))}
    </ul>
  );
}
