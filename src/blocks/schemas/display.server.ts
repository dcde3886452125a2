/**
 * Schemas of the display blocks (server only: the loaders validate block props with them, see
 * ../validate.server.ts; the browser gets the renderers in ../renderers/). Props arrive normalised by
 * the content layer (assets → Image, links → href strings, nested blocks → BlockData).
 *
 * | component       | props                                                                                      |
 * |-----------------|--------------------------------------------------------------------------------------------|
 * | `button`        | text*, link* (href), variant? (primary·secondary·dark), size? (small·medium·large)         |
 * | `email_capture` | headline?, text?, cta? ('Subscribe'), icon_size? (default·big)                             |
 * | `social_icons`  | links* (nested `social_link` blocks: props {name, url}), background? (red·blue),           |
 * |                 | size? (default·big·small), rotation? (90·180·270, number or digits), brand? ('Roundhouse') |
 * | `tabs`          | tabs* (nested `tab` blocks: props {name*, body: BlockData[]}), label?                      |
 * | `short_text`    | headline?, text? (plain), body? (RichText; wins over text) — at least one                  |
 * | `card`          | title*, image? (Image), eyebrow?, text?, link? (href)                                      |
 * | `rating`        | filled* (integer 1–5), label? (visible caption)                                            |
 * | `announcement`  | active? (false), theme? (red·blue·black·white), headline?, text?, cta_text?, cta_link?     |
 *
 * `*` required. Optional enums also accept '' and null (an editor's empty option) as the default.
 */
import { z } from 'zod';
import type { RichText } from '../../content/types.ts';
import { fields, type BlockSchemas } from '../fields.server.ts';
import { BUTTON_SIZES, BUTTON_VARIANTS } from '../../widgets/button/index.tsx';
import { EMAIL_ICON_SIZES } from '../../widgets/email-capture/index.tsx';
import {
  SOCIAL_BACKGROUNDS,
  SOCIAL_ROTATIONS,
  SOCIAL_SIZES,
  usableSocialLinks,
} from '../../widgets/social-icons/index.tsx';
import { THEME_COLORS } from '../../widgets/tokens.ts';

const empty = (value: unknown) => (value === '' || value === null ? undefined : value);

/** An optional choice: '' / null / absent → `fallback`; anything else must be one of `values`. */
function choice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.preprocess(empty, z.enum(values).default(fallback as never)) as unknown as z.ZodType<
    T[number],
    unknown
  >;
}

const requiredText = z.string().trim().min(1);

const socialLinkBlock = z.object({
  component: z.string(),
  uid: z.string(),
  props: z.object({ name: z.string().nullish(), url: z.string().nullish() }).loose(),
});

const rotation = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : empty(value)),
  z
    .union(SOCIAL_ROTATIONS.map((deg) => z.literal(deg)))
    .nullable()
    .default(null),
);

const tabBlock = z.object({
  component: z.literal('tab'),
  uid: z.string(),
  props: z.object({ name: requiredText, body: fields.blocks.optional().default([]) }),
});

/** Rich text is already mapped by the content layer; check its outer shape only. */
const richText = z.array(z.object({ type: z.string() }).loose()) as unknown as z.ZodType<RichText>;

export const displaySchemas = {
  button: z.object({
    text: requiredText,
    link: fields.href.refine((href) => href.trim() !== '', 'a button needs a link'),
    variant: choice(BUTTON_VARIANTS, 'primary'),
    size: choice(BUTTON_SIZES, 'medium'),
  }),

  email_capture: z.object({
    headline: fields.text,
    text: fields.text,
    cta: fields.text,
    icon_size: choice(EMAIL_ICON_SIZES, 'default'),
  }),

  social_icons: z.object({
    /** Only `social_link` blocks count (other nested blocks are ignored); one must be usable. */
    links: z
      .array(socialLinkBlock)
      .refine(
        (links) =>
          usableSocialLinks(
            links.filter((link) => link.component === 'social_link').map((link) => link.props),
          ).length > 0,
        'no supported social link with a name and a url',
      ),
    background: choice(SOCIAL_BACKGROUNDS, 'red'),
    size: choice(SOCIAL_SIZES, 'default'),
    rotation,
    brand: fields.text,
  }),

  tabs: z.object({ tabs: z.array(tabBlock).min(1), label: fields.text }),

  short_text: z
    .object({ headline: fields.text, text: fields.text, body: richText.optional().default([]) })
    .refine(
      (props) => props.headline.trim() !== '' || props.text.trim() !== '' || props.body.length > 0,
      'a short text needs a headline, text or body',
    ),

  card: z.object({
    title: requiredText,
    image: fields.image.nullish(),
    eyebrow: fields.text,
    text: fields.text,
    link: fields.href.optional().default(''),
  }),

  rating: z.object({ filled: z.number().int().min(1).max(5), label: fields.text }),

  /**
   * A store product placed by an editor: its handle only. Prices are never copied into the CMS:
   * the server fetches the product at render time (src/blocks/products.server.ts): a page streams
   * the card after the article, a client navigation's payload carries it as `item` (null while the
   * store is unavailable).
   */
  product: z.object({
    handle: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,254}$/, 'a product handle such as "pro-boxing-gloves"'),
    rating: z.number().int().min(1).max(5).nullish(),
  }),

  announcement: z.object({
    active: fields.flag,
    theme: choice(THEME_COLORS, 'red'),
    headline: fields.text,
    text: fields.text,
    cta_text: fields.text,
    cta_link: fields.href.optional().default(''),
  }),
} satisfies BlockSchemas;

/** Parsed props of each display block: what its renderer receives. */
export type DisplayProps = { [K in keyof typeof displaySchemas]: z.output<(typeof displaySchemas)[K]> };
