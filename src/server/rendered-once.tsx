/**
 * The server's kept markup (`RenderedOnce`, src/widgets/rendered-once/index.tsx): each `<Once>`'s
 * children rendered the first time for their name and inputs, and written as one string after.
 * Story cards were most of a list page's render (home's grid: 500 of its 614 elements), the header's
 * bar and the footer's links half of an article's; all are the same on every request until their
 * content changes. The content layer hands out one object per version of a story (cards, nav
 * categories, the layout: src/content/cards.ts and service.server.ts), so an edit is a new object
 * and renders afresh, and objects' entries live in WeakMaps, going with the content that is no
 * longer held (a draft's, after its request).
 *
 * The HTML is what the children render inline, byte for byte (tests/unit/server/rendered-once.test.tsx):
 * it hydrates as ever. Kept children use no `useId` (its ids depend on the tree around them) and read
 * no context but the router's, which is the same for all: a static router at `/`.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { KeepMarkup } from '../widgets/rendered-once/index.tsx';

/** A node of the key tree: the HTML kept for the inputs that lead here, and the next inputs. */
type Node = { html?: string; objects?: WeakMap<object, Node>; values?: Map<unknown, Node> };

/** Plain values (names, looks, flags) a node may branch on before it starts over: a bound on memory. */
const MAX_VALUES = 64;

const root: Node = {};

function next(node: Node, input: unknown): Node {
  let found: Node | undefined;
  if ((typeof input === 'object' && input !== null) || typeof input === 'function') {
    const objects = (node.objects ??= new WeakMap<object, Node>());
    found = objects.get(input);
    if (!found) objects.set(input, (found = {}));
  } else {
    const values = (node.values ??= new Map<unknown, Node>());
    found = values.get(input);
    if (!found) {
      if (values.size >= MAX_VALUES) values.clear();
      values.set(input, (found = {}));
    }
  }
  return found;
}

export const keepMarkup: KeepMarkup = (name: string, inputs: readonly unknown[], children: ReactNode) => {
  let node = next(root, name);
  for (const input of inputs) node = next(node, input);
  return (node.html ??= renderToString(<StaticRouter location="/">{children}</StaticRouter>));
};
