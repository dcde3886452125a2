/**
 * The block registry: every content block editors can place in rich text or on a page, rendered
 * with its widget. An unknown block, or one whose props fail its schema, renders nothing for
 * visitors (a visible notice in draft mode); the server logged its uid. The page still renders.
 *
 * Renderers live in code-split modules (./renderers/*.tsx) so a page loads only the widgets it shows.
 * Whoever renders loads them first: the server before rendering, the browser before hydrating and
 * before a client navigation commits (see `loadBlocks`). The build maps each module to its chunk
 * (manifest `blocks`), and the server preloads the chunks a page needs.
 *
 * Below the fold (walk.ts `isDeferredPosition`) a block is deferred: it renders inside its own
 * Suspense boundary, the same on server and client, and the browser hydrates the page without its
 * code. Its server HTML stays in place (a dehydrated boundary) until the code loads at idle or on
 * approach (lazy-hydration.ts); then React hydrates it. Drafts defer nothing.
 */
import { Fragment, use, type ReactNode } from 'react';
import type { BlockContext, BlockData, BlockRenderer } from './types.ts';
import { blockNames } from './walk.ts';
import { Deferred } from './deferred.tsx';
import { BlockNotice } from './block-notice.tsx';

type RendererModule = { renderers: Record<string, BlockRenderer> };

/** The code-split renderer modules, by the file name the build's manifest uses. */
const modules = {
  basic: () => import('./renderers/basic.tsx'),
  card: () => import('./renderers/card.tsx'),
  carousel: () => import('./renderers/carousel.tsx'),
  video: () => import('./renderers/video.tsx'),
  'anchor-button': () => import('./renderers/anchor-button.tsx'),
  tabs: () => import('./renderers/tabs.tsx'),
  'email-capture': () => import('./renderers/email-capture.tsx'),
  'social-icons': () => import('./renderers/social-icons.tsx'),
  product: () => import('./renderers/product.tsx'),
} satisfies Record<string, () => Promise<RendererModule>>;

export type BlockModule = keyof typeof modules;

/** Which module renders each block. */
const moduleOf: Record<string, BlockModule> = {
  button: 'basic',
  short_text: 'basic',
  card: 'card',
  rating: 'basic',
  announcement: 'basic',
  snack_bar: 'basic',
  pre_header: 'basic',
  carousel: 'carousel',
  video: 'video',
  anchor_button: 'anchor-button',
  tabs: 'tabs',
  email_capture: 'email-capture',
  social_icons: 'social-icons',
  product: 'product',
};

/** Every block the registry renders. */
export function registeredBlocks(): string[] {
  return Object.keys(moduleOf);
}

/** The renderer modules that the named blocks need (unknown names need none). */
export function blockModules(names: Iterable<string>): BlockModule[] {
  const found = new Set<BlockModule>();
  for (const name of names) {
    const key = Object.hasOwn(moduleOf, name) ? moduleOf[name] : undefined;
    if (key) found.add(key);
  }
  return [...found];
}

type Wrap = <T>(load: () => Promise<T>) => () => Promise<T>;
let wrapLoad: Wrap = (load) => load;

/** Wrap module loads (the browser reloads once when a chunk vanished after a deploy). */
export function guardBlockLoads(wrap: Wrap): void {
  wrapLoad = wrap;
}

const loaded = new Map<string, BlockRenderer>();
const loadedModules = new Set<BlockModule>();
const loading = new Map<BlockModule, Promise<void>>();

function loadModule(key: BlockModule): Promise<void> {
  let promise = loading.get(key);
  if (!promise) {
    promise = wrapLoad<RendererModule>(modules[key])().then((module) => {
      for (const [name, render] of Object.entries(module.renderers)) loaded.set(name, render);
      loadedModules.add(key);
    });
    // A failed load may be retried by the next page that needs it.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** Load the renderers of the named blocks; resolves at once when they are already loaded. */
export async function loadBlocks(names: Iterable<string>): Promise<void> {
  await Promise.all(blockModules(names).map(loadModule));
}

/** A block's renderer once its module is loaded. */
export function rendererFor(name: string): BlockRenderer | undefined {
  return loaded.get(name);
}

/**
 * Render one block, or its safe fallback: nothing for visitors, a notice in draft mode. The server
 * validated the props (validate.server.ts) and logged any problem with the block's uid.
 */
/** Where blocks render: draft mode shows notices; the site's name fills brand defaults. */
export type BlockPlace = { draft: boolean; siteName?: string };

export function BlockView({
  block,
  draft,
  siteName = '',
  deferred = false,
}: { block: BlockData; deferred?: boolean } & BlockPlace): ReactNode {
  if (deferred && !draft) return <DeferredBlock block={block} siteName={siteName} />;
  // In the Visual Editor, each block is a box its bridge can outline and open (drafts only).
  return draft && block.editable ? (
    <div className="blok-editable" {...block.editable}>
      <BlockOutput block={block} draft={draft} siteName={siteName} />
    </div>
  ) : (
    <BlockOutput block={block} draft={draft} siteName={siteName} />
  );
}

/** The renderer modules of a block and the blocks nested in it. */
function modulesIn(block: BlockData): BlockModule[] {
  return blockModules(blockNames(block));
}

/** Whether every renderer a block needs (nested blocks' too) is loaded. */
function isReady(block: BlockData): boolean {
  return modulesIn(block).every((key) => loadedModules.has(key));
}

/**
 * A block below the fold: it renders in a `Deferred` boundary (./deferred.tsx) that hydrates once
 * the block's renderers (nested blocks' too) have loaded, at idle or on approach. Where they are
 * already there (the server, a client navigation, a module another block loaded) it renders at once.
 */
function DeferredBlock({ block, siteName }: { block: BlockData; siteName: string }) {
  return (
    <Deferred
      id={`block:${block.uid}`}
      isReady={() => isReady(block)}
      load={() => Promise.all(modulesIn(block).map(loadModule)).then(() => {})}
    >
      {() => <BlockOutput block={block} draft={false} siteName={siteName} />}
    </Deferred>
  );
}

function BlockOutput({ block, draft, siteName }: { block: BlockData; draft: boolean; siteName: string }) {
  const key = Object.hasOwn(moduleOf, block.component) ? moduleOf[block.component] : undefined;
  const error = block.error ?? (key ? null : 'unknown block type');
  if (error !== null || !key) {
    return draft ? (
      <BlockNotice component={block.component} uid={block.uid} reason={error ?? 'unknown'} />
    ) : null;
  }
  // Renderers are loaded before render; should one not be (a caller that skipped loadBlocks), the
  // block suspends until its module arrives rather than rendering something else.
  const render = rendererFor(block.component);
  if (!render) {
    use(loadModule(key));
    return null;
  }
  const ctx: BlockContext = {
    draft,
    siteName,
    renderBlocks: (blocks) => <Blocks blocks={blocks} draft={draft} siteName={siteName} />,
  };
  return render(block.props, ctx, block.uid);
}

/** Render a list of blocks in order. */
export function Blocks({ blocks, draft, siteName }: { blocks: BlockData[] } & BlockPlace) {
  return (
    <>
      {blocks.map((block) => (
        <Fragment key={block.uid}>
          <BlockView block={block} draft={draft} siteName={siteName} />
        </Fragment>
      ))}
    </>
  );
}
