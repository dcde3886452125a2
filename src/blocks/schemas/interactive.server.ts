/**
 * Schemas of the interactive blocks: carousel (with carousel_slide children), video, anchor_button,
 * snack_bar and pre_header (server only: the loaders validate block props with them, see
 * ../validate.server.ts; the browser gets the renderers in ../renderers/). Props arrive
 * normalised (see ../fields.server.ts). The spinner is not a block.
 */
import { z } from 'zod';
import { fields, type BlockSchemas } from '../fields.server.ts';
import { youtubeId } from '../../widgets/video/index.tsx';
import { imageUrl } from '../../widgets/image/image-url.ts';
import type { Image } from '../../shared/types.ts';

/**
 * A video's `poster` takes one URL, no srcset: the image service's copy at most 960 px wide, which
 * covers an article column (736 px) and a phone's width at its density, at a third of a 1600 px
 * original. Decided here, on the server, so the browser's renderer needs no image-URL code.
 */
export const POSTER_MAX_WIDTH = 960;

function sizedPoster(poster: Image): Image {
  if (!(poster.width > POSTER_MAX_WIDTH)) return poster;
  return { ...poster, src: imageUrl(poster.src, { width: POSTER_MAX_WIDTH }) };
}

/** A CMS single-option field: one of `values`; empty or absent becomes `fallback`. */
function option<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((value): T[number] => value || fallback);
}

/** Required, non-blank text. */
const requiredText = z.string().trim().min(1);

const slide = z.object({
  component: z.literal('carousel_slide'),
  uid: z.string().min(1),
  props: z.object({ screen_label: fields.text, body: fields.blocks }),
});

/** A video source: an absolute http(s) URL, a protocol-relative or site-relative path, or a YouTube link. */
const videoUrl = fields.href
  .trim()
  .min(1)
  .refine((url) => /^(https?:)?\/\//i.test(url) || url.startsWith('/') || youtubeId(url) !== null, {
    message: 'must be an http(s) or site-relative URL',
  });

export const interactiveSchemas = {
  carousel: z.object({
    label: fields.text,
    slides: z.array(slide).min(1),
    arrows: fields.flag,
    infinite: fields.flag,
    timer: option(['timer_on_load', 'timer_on_hover', 'default'], 'default'),
  }),

  video: z.object({
    url: videoUrl,
    mode: option(['onClick', 'onHover', 'auto'], 'onClick'),
    poster: fields.image
      .nullable()
      .optional()
      .transform((image) => (image ? sizedPoster(image) : null)),
    preload: option(['metadata', 'none', 'auto'], 'metadata'),
    controls: fields.flag,
    show_icons: fields.flag,
    muted: fields.flag,
    background: fields.flag,
    rounded: fields.flag,
    title: fields.text,
  }),

  anchor_button: z.object({
    text: requiredText,
    /** An element id; a leading '#' typed by the editor is dropped. */
    target_id: z
      .string()
      .trim()
      .transform((id) => id.replace(/^#/, ''))
      .pipe(z.string().regex(/^[^\s#]+$/, 'must be an element id')),
    variant: option(['primary', 'secondary', 'link'], 'primary'),
  }),

  snack_bar: z.object({
    text: requiredText,
    cta_text: fields.text,
    cta_link: fields.href.optional().default(''),
  }),

  pre_header: z.object({
    text: requiredText,
    link: fields.href.optional().default(''),
  }),
} satisfies BlockSchemas;

/** Parsed props of each interactive block: what its renderer receives. */
export type InteractiveProps = {
  [K in keyof typeof interactiveSchemas]: z.output<(typeof interactiveSchemas)[K]>;
};
