/** A page story's body (the home page, editorial pages): its blocks in order, through the registry. */
import type { Page } from '../../content/types.ts';
import type { BlockData } from '../../blocks/types.ts';
import { Blocks } from '../../blocks/registry.tsx';
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
 * paint and loads first. Nothing at all when there are none.
 */
export function PageBlocks({ blocks, className }: { blocks: BlockData[]; className?: string }) {
  const site = useSite();
  if (blocks.length === 0) return null;
  return (
    <div className={className}>
      <PriorityImages value={true}>
        <Blocks blocks={blocks.slice(0, 1)} draft={site.draft} siteName={site.name} />
      </PriorityImages>
      <Blocks blocks={blocks.slice(1)} draft={site.draft} siteName={site.name} />
    </div>
  );
}
