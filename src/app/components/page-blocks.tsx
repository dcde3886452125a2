/** A page story's body (the home page, editorial pages): its blocks in order, through the registry. */
import { Fragment } from 'react';
import type { Page } from '../../content/types.ts';
import type { BlockData } from '../../blocks/types.ts';
import { BlockView } from '../../blocks/registry.tsx';
import { isDeferredPosition } from '../../blocks/walk.ts';
import { PriorityImages } from '../../widgets/image/index.tsx';
import { useSite } from '../site.ts';

/** The blocks of a page story, in order (a page body holds blocks only). */
export function pageBlocks(page: Page | null): BlockData[] {
  return (page?.body ?? []).flatMap((b) =>
    b.type === 'blok' ? [{ component: b.component, uid: b.uid, props: b.props, error: b.error }] : [],
  );
}

/**
 * The blocks, the first with image priority: it opens the page, so its first image is the largest
 * paint and loads first. Blocks past the first screen (walk.ts `isDeferredPosition`: a page body
 * holds blocks only, so a block's index is its position in the body) hydrate lazily. Nothing at
 * all when there are none.
 */
export function PageBlocks({ blocks, className }: { blocks: BlockData[]; className?: string }) {
  const site = useSite();
  if (blocks.length === 0) return null;
  return (
    <div className={className}>
      {blocks.map((block, i) => {
        const view = (
          <BlockView block={block} draft={site.draft} siteName={site.name} deferred={isDeferredPosition(i)} />
        );
        return (
          <Fragment key={block.uid}>
            {i === 0 ? <PriorityImages value={true}>{view}</PriorityImages> : view}
          </Fragment>
        );
      })}
    </div>
  );
}
