/**
 * The server's kept markup (`RenderedOnce`, src/widgets/rendered-once/index.tsx): each `<Once>`'s
 * children rendered the first time for their name and inputs, and written as one string after.
 * Story cards were most of a list page's render (home's grid: 500 of its 614 elements), the header's
 * bar and the footer's links half of an article's; all are the same on every request until their
 * content changes. The content layer hands out one object per version of a story (cards, nav
 * categories, the layout: src/content/cards.ts and service.server.ts), so an edit is a new object
 * and renders afresh (`keep`, src/content/settled.ts: objects' entries live in WeakMaps, going with the content that is
 * no longer held, a draft's after its request).
 *
 * The HTML is what the children render inline, byte for byte (tests/unit/server/rendered-once.test.tsx):
 * it hydrates as ever. Kept children use no `useId` (its ids depend on the tree around them: a
 * widget that needs ids takes one from `useId` outside and passes it in its inputs, as the email
 * capture does) and read no context but the router's, which is the same for all: a static router
 * at `/`.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { KeepMarkup } from '../widgets/rendered-once/index.tsx';
import { keep } from '../content/settled.ts';

export const keepMarkup: KeepMarkup = (name: string, inputs: readonly unknown[], children: ReactNode) =>
  keep(`markup ${name}`, inputs, () => renderToString(<StaticRouter location="/">{children}</StaticRouter>));
