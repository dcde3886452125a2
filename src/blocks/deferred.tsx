/**
 * Lazy hydration's React side: a part of the page below the fold whose code loads after the page
 * hydrates. It renders in its own Suspense boundary, the same on server and client; in the browser
 * its content waits (suspends) for its code, so React hydrates the page around it and leaves its
 * server HTML in place until the code has loaded, at idle or on approach (./lazy-hydration.ts).
 * Used by deferred blocks (./registry.tsx) and by deferred islands (`deferredIsland`).
 */
import {
  createContext,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { deferHydration } from './lazy-hydration.ts';

type Deferral = {
  /** Resolves once the code is loaded: what the boundary suspends on. */
  ready: Promise<void>;
  /** Start loading it (once; a failed load may start again). */
  load: () => void;
  /** Resolves once the boundary has hydrated; `hydrate` resolves it. */
  hydrated: Promise<void>;
  hydrate: () => void;
  /** Render attempts while waiting: React's own hydration pass is the first, any later one an update. */
  attempts: number;
};

const deferrals = new Map<string, Deferral>();

/**
 * True inside a deferred part (below the fold, server and browser alike): what it renders should
 * not fetch anything that competes with the first screen (the video block's poster waits for it).
 */
export const BelowTheFold = createContext(false);

function deferralOf(id: string, loadCode: () => Promise<void>): Deferral {
  let deferral = deferrals.get(id);
  if (deferral) return deferral;
  let release = () => {};
  let hydrate = () => {};
  const ready = new Promise<void>((resolve) => (release = resolve));
  const hydrated = new Promise<void>((resolve) => (hydrate = resolve));
  let started: Promise<void> | null = null;
  const load = () => {
    started ??= loadCode().then(release, () => {
      started = null;
    });
  };
  deferral = { ready, load, hydrated, hydrate, attempts: 0 };
  deferrals.set(id, deferral);
  return deferral;
}

type DeferredProps = {
  /** Unique on the page (a block's uid, an island's name). */
  id: string;
  /** Whether the code is loaded. */
  isReady: () => boolean;
  /** Load the code. */
  load: () => Promise<void>;
  /** The content, rendered once the code is there. */
  children: () => ReactNode;
};

/**
 * A wrapper (hydrated with the page: it watches the viewport; no box of its own, display:
 * contents) around a Suspense boundary whose content waits for its code.
 */
export function Deferred({ id, isReady, load, children }: DeferredProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrapper = ref.current;
    if (!wrapper || isReady()) return;
    const deferral = deferralOf(id, load);
    return deferHydration(wrapper, deferral.load, deferral.hydrated);
  }, [id, isReady, load]);
  return (
    <div ref={ref} className="deferred-block">
      <BelowTheFold value={true}>
        <Suspense fallback={null}>
          <DeferredContent id={id} isReady={isReady} load={load}>
            {children}
          </DeferredContent>
        </Suspense>
      </BelowTheFold>
    </div>
  );
}

const noSubscription = () => () => {};

function DeferredContent({ id, isReady, load, children }: DeferredProps) {
  const ready = isReady();
  // True while React hydrates server HTML (and on the server), false on a fresh client render.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // The same elements when only `hydrating` changed: React re-renders this component once it has
  // hydrated (the server snapshot above), and new elements would be an update to every boundary
  // inside, which makes React render one the server is still streaming (a product card) in the
  // browser instead of waiting for its HTML.
  const content = useMemo(() => (ready ? children() : null), [ready, children]);
  useLayoutEffect(() => {
    if (ready) deferrals.get(id)?.hydrate();
  }, [id, ready]);
  if (!ready) {
    const deferral = deferralOf(id, load);
    // React hydrates a dehydrated boundary once, at low priority, after the page; it tries again
    // only when an update reaches the boundary (a navigation starting, say), which then waits for
    // the code: load it now rather than at idle.
    // A fresh client render has no server HTML to show meanwhile: load at once.
    deferral.attempts += 1;
    if (deferral.attempts > 1 || !hydrating) deferral.load();
    use(deferral.ready);
  }
  return content;
}

const islandLoads: (() => Promise<void>)[] = [];

/**
 * A below-the-fold component in a code-split module, hydrated like a deferred block (the footer's
 * sign-up form, say). The server loads every island before it renders (`loadIslands`); the
 * browser loads one at idle or on approach.
 */
export function deferredIsland<P extends object>(name: string, importer: () => Promise<ComponentType<P>>) {
  let Component: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const load = () => {
    loading ??= importer().then(
      (loaded) => {
        Component = loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const isReady = () => Component !== null;
  islandLoads.push(load);
  return function Island(props: P) {
    return (
      <Deferred id={`island:${name}`} isReady={isReady} load={load}>
        {() => (Component ? <Component {...props} /> : null)}
      </Deferred>
    );
  };
}

/** Load every deferred island's code (the server, before rendering). */
export async function loadIslands(): Promise<void> {
  await Promise.all(islandLoads.map((load) => load()));
}
