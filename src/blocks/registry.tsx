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
import { Fragment, Suspense, use, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { BlockContext, BlockData, BlockRenderer } from './types.ts';
import { blockNames } from './walk.ts';
import { deferHydration } from './lazy-hydration.ts';

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

function BlockNotice({ component, uid, reason }: { component: string; uid: string; reason: string }) {
  return (
    <div className="block-notice" role="note">
      <strong>Block “{component}” cannot be shown</strong> ({reason}). Visitors do not see this notice. Block
      uid: <code>{uid}</code>
    </div>
  );
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

type Deferral = {
  /** Resolves once the block's renderers are loaded: what its boundary suspends on. */
  ready: Promise<void>;
  /** Start loading them (once; a failed load may start again). */
  load: () => void;
  /** Resolves once the boundary has hydrated; `hydrate` resolves it. */
  hydrated: Promise<void>;
  hydrate: () => void;
  /** Render attempts while waiting: React's own hydration pass is the first, any later one an update. */
  attempts: number;
};

const deferrals = new Map<string, Deferral>();

function deferralOf(block: BlockData): Deferral {
  let deferral = deferrals.get(block.uid);
  if (deferral) return deferral;
  let release = () => {};
  let hydrate = () => {};
  const ready = new Promise<void>((resolve) => (release = resolve));
  const hydrated = new Promise<void>((resolve) => (hydrate = resolve));
  let started: Promise<void> | null = null;
  const load = () => {
    started ??= Promise.all(modulesIn(block).map(loadModule)).then(release, () => {
      started = null;
    });
  };
  deferral = { ready, load, hydrated, hydrate, attempts: 0 };
  deferrals.set(block.uid, deferral);
  return deferral;
}

/**
 * A block below the fold: a wrapper (hydrated with the page: it watches the viewport) around a
 * Suspense boundary whose content waits for the block's code. Where the code is already there (the
 * server, a client navigation, a module another block loaded) it renders at once.
 */
function DeferredBlock({ block, siteName }: { block: BlockData; siteName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrapper = ref.current;
    if (!wrapper || isReady(block)) return;
    const deferral = deferralOf(block);
    return deferHydration(wrapper, deferral.load, deferral.hydrated);
  }, [block]);
  return (
    <div ref={ref} className="deferred-block">
      <Suspense fallback={null}>
        <DeferredContent block={block} siteName={siteName} />
      </Suspense>
    </div>
  );
}

function DeferredContent({ block, siteName }: { block: BlockData; siteName: string }) {
  const ready = isReady(block);
  useLayoutEffect(() => {
    if (ready) deferrals.get(block.uid)?.hydrate();
  }, [block, ready]);
  if (!ready) {
    const deferral = deferralOf(block);
    // React hydrates a dehydrated boundary once, at low priority, after the page; it tries again
    // only when an update reaches the boundary (a navigation starting, say), which then waits for
    // the block's code: load it now rather than at idle.
    deferral.attempts += 1;
    if (deferral.attempts > 1) deferral.load();
    use(deferral.ready);
  }
  return <BlockOutput block={block} draft={false} siteName={siteName} />;
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
