/**
 * Zod building blocks for block schemas (server only: validation runs in the loaders, never in the
 * browser). Props arrive normalised by src/content: assets → Image, links → href strings, nested
 * blocks → BlockData, rich text → RichText.
 */
import { z } from 'zod';
import type { Image } from '../content/types.ts';

export const fields = {
  image: z.object({
    src: z.string().min(1),
    alt: z.string(),
    width: z.number(),
    height: z.number(),
    focus: z.string().nullable(),
  }) satisfies z.ZodType<Image>,
  /** An href produced from a CMS link ('' when the editor left it empty). */
  href: z.string(),
  blocks: z.array(
    z.object({ component: z.string(), uid: z.string(), props: z.record(z.string(), z.unknown()) }),
  ),
  /** A CMS checkbox: boolean, or absent. */
  flag: z.boolean().optional().default(false),
  /** Optional text: '' and absent both become ''. */
  text: z.string().optional().default(''),
};

/** A family's schemas by component name. */
export type BlockSchemas = Record<string, z.ZodType<Record<string, unknown>>>;
