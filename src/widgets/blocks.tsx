/**
 * The block registry: every content block editors can place in rich text or on a page, rendered
 * with its widget. An unknown block, or one whose props fail its schema, renders nothing for
 * visitors (a visible notice in draft mode) and logs the block's uid; the page still renders.
 */
import { Fragment, type ReactNode } from 'react';
import type { BlockContext, BlockData, BlockDefinition } from './block-kit.tsx';

const definitions: BlockDefinition[] = [
  // Widget families register here (see block-kit.tsx).
];

const registry = new Map(definitions.map((d) => [d.component, d]));

export function registeredBlocks(): string[] {
  return [...registry.keys()];
}

function BlockNotice({ component, uid, reason }: { component: string; uid: string; reason: string }) {
  return (
    <div className="block-notice" role="note">
      <strong>Block “{component}” cannot be shown</strong> ({reason}). Visitors do not see this notice. Block
      uid: <code>{uid}</code>
    </div>
  );
}

/** Render one block, or its safe fallback. */
export function BlockView({ block, draft }: { block: BlockData; draft: boolean }): ReactNode {
  const ctx: BlockContext = { draft, renderBlocks: (blocks) => <Blocks blocks={blocks} draft={draft} /> };
  const definition = registry.get(block.component);
  const result = definition
    ? definition.render(block.props, ctx, block.uid)
    : { error: 'unknown block type' };
  if (result && typeof result === 'object' && 'error' in result) {
    // Logged where operators read logs (the server render), not in every visitor's console.
    if (typeof document === 'undefined') {
      console.warn(`Block ${block.uid} (${block.component}) not rendered: ${result.error}`);
    }
    return draft ? <BlockNotice component={block.component} uid={block.uid} reason={result.error} /> : null;
  }
  return result;
}

/** Render a list of blocks in order. */
export function Blocks({ blocks, draft }: { blocks: BlockData[]; draft: boolean }) {
  return (
    <>
      {blocks.map((block) => (
        <Fragment key={block.uid}>
          <BlockView block={block} draft={draft} />
        </Fragment>
      ))}
    </>
  );
}
