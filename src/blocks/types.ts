/**
 * The contract between content blocks and their renderers. A block arrives from src/content
 * normalised (assets are `Image`, links href strings, nested blocks `BlockData`, rich text
 * `RichText`) and validated on the server by its family's schema (validate.server.ts), which also
 * applies defaults. So a renderer receives parsed props, and no validator ships to the browser.
 */
import type { ReactNode } from 'react';
import type { Editable } from '../shared/types.ts';

export type BlockData = {
  component: string;
  uid: string;
  props: Record<string, unknown>;
  /** Set by the server when the block is unknown or its props failed its schema. */
  error?: string;
  /** Drafts only: the Visual Editor's click-to-edit attributes for the block's wrapper. */
  editable?: Editable;
};

export type BlockContext = {
  /** Draft (preview) mode: editors see notices for blocks that cannot render. */
  draft: boolean;
  /** The site's name (SITE_NAME), for blocks that name the brand when the editor did not. */
  siteName: string;
  /** Renders nested blocks (e.g. carousel slides) through the same registry. */
  renderBlocks: (blocks: BlockData[]) => ReactNode;
};

export type BlockRenderer = (props: Record<string, unknown>, ctx: BlockContext, uid: string) => ReactNode;

/**
 * A renderer typed by its schema's output (`z.output<typeof schema>`, imported as a type only).
 * The cast is sound because the server parsed the props with that schema before they got here.
 */
export function defineRenderer<P>(
  render: (props: P, ctx: BlockContext, uid: string) => ReactNode,
): BlockRenderer {
  return render as unknown as BlockRenderer;
}
