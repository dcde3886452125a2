// @vitest-environment jsdom
/**
 * The product block as a server streams it and a browser hydrates it: the card (or "unavailable",
 * or nothing for an unknown handle) with its answer in a data block, and the browser's render of
 * that answer matching the server's HTML exactly (no hydration error), buttons working.
 */
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { loadBlocks, rendererFor } from '../../../src/blocks/registry';
import { displaySchemas } from '../../../src/blocks/schemas/display.server';
import { ProductStreamContext, type ProductFound } from '../../../src/blocks/deferred-products';
import { serializeForScript } from '../../../src/server/serialize';
import { testProduct } from '../../support/products';
import { blockContext } from '../widgets/display/helpers';

beforeAll(() => loadBlocks(['product']));
afterEach(() => {
  document.body.innerHTML = '';
});

const gloves = testProduct({ featuredImage: null });

/** The block as the page renders it (props parsed by its schema, no `item`: a streamed page). */
function block(draft = false): ReactNode {
  const props = displaySchemas.product.parse({ handle: 'pro-gloves', rating: 5 }) as Record<string, unknown>;
  return rendererFor('product')!(props, blockContext(draft), 'uid-product');
}

/** The server's HTML once the lookup settled with `found` (the whole stream, boundaries resolved). */
async function serverHtml(found: ProductFound, ui: ReactNode): Promise<string> {
  const answer = Promise.resolve(found);
  const stream = {
    found: () => answer,
    serialize: (f: ProductFound) => serializeForScript(f),
    structuredData: () => null,
  };
  const { prelude } = await prerender(<ProductStreamContext value={stream}>{ui}</ProductStreamContext>);
  return new Response(prelude).text();
}

/** Hydrate the server's HTML as the browser does (no stream context: the data block is the source). */
async function hydrate(html: string, ui: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(container, ui, { onRecoverableError: recoverable });
  });
  return { container, recoverable };
}

test('found: the server streams the card with its answer; the browser hydrates it from that answer, no mismatch', async () => {
  const html = await serverHtml({ state: 'found', product: gloves }, block());
  expect(html).toContain('Pro Training Gloves');
  expect(html).toMatch(/<script type="application\/json" id="product-data[^"]*">\{"state":"found"/);
  const { recoverable } = await hydrate(html, block());
  expect(recoverable).not.toHaveBeenCalled();
  expect(screen.getByRole('article', { name: 'Pro Training Gloves' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
});

test('unavailable: the card says so, in the HTML and after hydration', async () => {
  const html = await serverHtml({ state: 'unavailable' }, block());
  expect(html).toContain('This product is unavailable right now. Please check back soon.');
  const { recoverable } = await hydrate(html, block());
  expect(recoverable).not.toHaveBeenCalled();
  expect(screen.getByRole('status').textContent).toBe(
    'This product is unavailable right now. Please check back soon.',
  );
});

test('an unknown handle: nothing for visitors; a notice for editors in draft mode', async () => {
  const visitors = await serverHtml({ state: 'missing' }, block());
  expect(visitors).not.toContain('ui-product-card');
  expect(visitors).not.toContain('cannot be shown');
  const draft = await serverHtml({ state: 'missing' }, block(true));
  expect(draft).toMatch(
    /class="block-notice" role="note"><strong>Block “(<!-- -->)?product(<!-- -->)?” cannot be shown/,
  );
  const { recoverable } = await hydrate(draft, block(true));
  expect(recoverable).not.toHaveBeenCalled();
  expect(screen.getByRole('note').textContent).toContain('uid-product');
});
