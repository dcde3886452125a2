import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import type { BlockContext, BlockData } from '../../../../src/blocks/types';

afterEach(cleanup);

/** Render inside a router (widgets render router links for internal paths). */
export function renderWithRouter(ui: ReactNode) {
  return render(<MemoryRouter initialEntries={['/current']}>{ui}</MemoryRouter>);
}

/** A block context whose nested blocks render as labelled placeholders. */
export function blockContext(draft = false, siteName = 'Roundhouse'): BlockContext {
  return {
    draft,
    siteName,
    renderBlocks: (blocks: BlockData[]) =>
      blocks.map((block) => (
        <div key={block.uid} data-testid={`block-${block.uid}`}>
          {block.component}
        </div>
      )),
  };
}
