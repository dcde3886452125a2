/** Rich text as a page shows it: the tree in a wrapping div, embedded blocks through the registry. */
import { Fragment } from 'react';
import { BlockView } from './registry.tsx';
import { isDeferredPosition } from './walk.ts';
import { RichTextContent, type BlokRenderer } from './rich-text-tree.tsx';
import { Once } from '../widgets/rendered-once/index.tsx';
import type { Block } from '../content/types.ts';

export type { BlokRenderer };

export type RichTextProps = {
  blocks: Block[];
  className?: string;
  /** Draft (preview) mode: blocks that cannot render show a notice instead of nothing. */
  draft?: boolean;
  /** The site's name, for blocks that name the brand. */
  siteName?: string;
  /** Override how embedded blocks render (defaults to the block registry). */
  renderBlok?: BlokRenderer;
};

/**
 * Content blocks go through the registry, which renders a safe fallback for bad data. Blocks in a
 * top-level node past the first screen (walk.ts `isDeferredPosition`) hydrate lazily.
 */
const renderRegisteredBlok =
  (draft: boolean, siteName: string | undefined, deferred: boolean): BlokRenderer =>
  (blok) => <BlockView block={blok} draft={draft} siteName={siteName} deferred={deferred} />;

/** Our rich-text tree (src/content/types.ts) as semantic HTML, in a wrapping div. */
export function RichText({ blocks, className, draft = false, siteName, renderBlok }: RichTextProps) {
  if (renderBlok)
    return (
      <div className={className}>
        <RichTextContent blocks={blocks} renderBlok={renderBlok} />
      </div>
    );
  // Text alone (no embedded block, no image) is the same HTML for the same tree: the server keeps it.
  if (blocks.every(isText))
    return (
      <Once as="div" className={className} name="rich-text" inputs={[blocks]}>
        <RichTextContent blocks={blocks} renderBlok={renderRegisteredBlok(draft, siteName, false)} />
      </Once>
    );
  // Node by node, so each top-level node's blocks know their position (the tree's keys are positions too).
  return (
    <div className={className}>
      {blocks.map((node, i) => (
        <Fragment key={i}>
          <RichTextContent
            blocks={[node]}
            renderBlok={renderRegisteredBlok(draft, siteName, isDeferredPosition(i))}
          />
        </Fragment>
      ))}
    </div>
  );
}

/** A node of text: no embedded block and no image (whose preload React would hoist) in it. */
function isText(node: Block): boolean {
  if (node.type === 'list') return node.items.every((item) => item.every(isText));
  if (node.type === 'quote') return node.children.every(isText);
  return node.type !== 'blok' && node.type !== 'image';
}
