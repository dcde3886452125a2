/**
 * Shapes every layer speaks (content, store, widgets, app, functions): plain JSON values that travel
 * in the payload unchanged. Imports nothing.
 */

/** A sized image. `width`/`height` come from the filename's WxH segment (0 when unreadable). */
export type Image = {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Storyblok focal point such as "640x320:641x321", or null. */
  focus: string | null;
};

/**
 * An image shown with its alt text given beside it (a decorative cover next to its title): the
 * file and its size, no alt or focus of its own.
 */
export type ImageFile = Pick<Image, 'src' | 'width' | 'height'>;

/**
 * Drafts only: where a block (or a story's own fields) came from, as the Visual Editor's bridge
 * reads it from the DOM: `data-blok-c` (the block's JSON: name, space, uid, story id) and
 * `data-blok-uid` (`<story id>-<block uid>`). Parsed on the server from Storyblok's `_editable`.
 */
export type Editable = { 'data-blok-c': string; 'data-blok-uid': string };

/** A decimal amount as a string (never a float) and its ISO 4217 currency. */
export type Money = { amount: string; currencyCode: string };

/** Social networks the site shows an icon for (§3); any other name is ignored. */
export const SOCIAL_NAMES = [
  'facebook',
  'instagram',
  'youtube',
  'pinterest',
  'linkedin',
  'twitter',
  'website',
  'tiktok',
  'rss',
] as const;

export type SocialName = (typeof SOCIAL_NAMES)[number];

export type SocialLink = { name: SocialName; url: string };

/** The announcement banner's colour themes (§3). */
export type AnnouncementTheme = 'red' | 'blue' | 'black' | 'white';
