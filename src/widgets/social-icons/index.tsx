/**
 * The social-icon row (spec §3, §5): supported networks only (SOCIAL_NAMES; others are ignored),
 * each entry needs a name and a url. Icon background red or blue; size default, big or small;
 * rotation 90/180/270 turns the glyph. Each link is named "{brand} on {Network}".
 * This module holds the site's one icon set: src/app/components/social-icons.tsx reuses it.
 */
import type { ReactNode } from 'react';
import { SOCIAL_NAMES, type SocialLink, type SocialName } from '../../content/types.ts';

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

/** 24×24 glyphs drawn in currentColor, so they follow the link's colour and hover state. */
const GLYPHS: Record<SocialName, ReactNode> = {
  facebook: (
    <path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.5 1.6-1.5h1.7V4.4c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.2H7.4V14h2.7v8z" />
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.3" />
    </>
  ),
  youtube: (
    <path
      fillRule="evenodd"
      d="M6 5h12a4 4 0 0 1 4 4v6a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V9a4 4 0 0 1 4-4zm4 4.2v5.6l5-2.8z"
    />
  ),
  pinterest: (
    <path d="M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.6 1.3 1.4 0 .9-.5 2.1-.8 3.3-.2 1 .5 1.8 1.5 1.8 1.8 0 3.1-1.9 3.1-4.6 0-2.4-1.7-4.1-4.2-4.1-2.9 0-4.5 2.1-4.5 4.4 0 .9.3 1.8.8 2.3l.1.3-.3 1.2c0 .2-.2.3-.4.2-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2z" />
  ),
  linkedin: (
    <path
      fillRule="evenodd"
      d="M4.5 3h15A1.5 1.5 0 0 1 21 4.5v15a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 19.5v-15A1.5 1.5 0 0 1 4.5 3zM7 10v7.5h2.5V10zm1.25-4.2a1.45 1.45 0 1 0 0 2.9 1.45 1.45 0 0 0 0-2.9zM11 10v7.5h2.5v-4c0-1.1.6-1.7 1.4-1.7.9 0 1.1.7 1.1 1.7v4h2.5V13c0-2.2-1.1-3.2-2.7-3.2-1.1 0-1.9.5-2.3 1.2V10z"
    />
  ),
  twitter: (
    <path d="M3.5 3h5l4 5.6L17.4 3h2.8l-6.1 7.1L21 21h-5l-4.4-6.1L6.3 21H3.5l6.8-7.9zm3 1.6L16.9 19.4h1.4L8 4.6z" />
  ),
  website: (
    <g fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.6 2.6 3.8 5.6 3.8 9s-1.2 6.4-3.8 9c-2.6-2.6-3.8-5.6-3.8-9S9.4 5.6 12 3z" />
    </g>
  ),
  tiktok: (
    <path d="M14.2 2.5h3.1c.2 2.2 1.6 3.9 3.9 4.1v3.2c-1.5.1-2.8-.4-3.9-1.2v6.6a6.2 6.2 0 1 1-6.2-6.2h.6v3.2a3 3 0 1 0 2.5 3z" />
  ),
  rss: (
    <>
      <circle cx="5.5" cy="18.5" r="2.2" />
      <path
        d="M4 10.5a9.5 9.5 0 0 1 9.5 9.5M4 4a16 16 0 0 1 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
      />
    </>
  ),
};

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
      {GLYPHS[name]}
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
  className,
}: SocialIconsProps) {
  const usable = usableSocialLinks(links);
  if (usable.length === 0) return null;
  return (
    <ul
      aria-label={label}
      className={[
        'ui-social',
        `ui-social--${background}`,
        `ui-social--${size}`,
        rotation ? `ui-social--rotate-${rotation}` : null,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {usable.map((link) => (
        <li key={`${link.name}-${link.url}`}>
          <a
            href={link.url}
            className="ui-social__link"
            aria-label={`${brand} on ${SOCIAL_LABELS[link.name]}`}
            rel="noopener noreferrer"
          >
            <SocialIcon name={link.name} className="ui-social__icon" />
          </a>
        </li>
      ))}
    </ul>
  );
}
