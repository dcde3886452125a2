/**
 * The contract between content blocks and widgets. A block arrives from src/content already
 * normalised: assets are `Image`, links are href strings, nested blocks are `BlockData`, rich text
 * is `RichText`. Each widget family defines its blocks with `defineBlock`: a zod schema over those
 * props and a render function. The registry (./blocks.tsx) looks blocks up by component name.
 */
import type { ReactNode } from 'react';
import { z } from 'zod';
import type { Image } from '../content/types.ts';

export type BlockData = { component: string; uid: string; props: Record<string, unknown> };

export type BlockContext = {
  /** Draft (preview) mode: editors see notices for blocks that cannot render. */
  draft: boolean;
  /** Renders nested blocks (e.g. carousel slides) through the same registry. */
  renderBlocks: (blocks: BlockData[]) => ReactNode;
};

export type BlockDefinition = {
  component: string;
  render: (props: Record<string, unknown>, ctx: BlockContext, uid: string) => ReactNode | { error: string };
};

/** Define a block: validate its props with `schema`, then render. Invalid props become an error. */
export function defineBlock<S extends z.ZodType<Record<string, unknown>>>(
  component: string,
  schema: S,
  render: (props: z.infer<S>, ctx: BlockContext, uid: string) => ReactNode,
): BlockDefinition {
  return {
    component,
    render: (props, ctx, uid) => {
      const parsed = schema.safeParse(props);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return { error: `${issue?.path.join('.') || 'props'}: ${issue?.message ?? 'invalid'}` };
      }
      return render(parsed.data, ctx, uid);
    },
  };
}

/** Zod schemas for the normalised field shapes blocks receive. */
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
