/**
 * Settled content: objects the content layer hands out and never changes again. A cached story is
 * mapped once per version and the same object comes back on every request until an edit makes a
 * new one (service.server.ts `map`, the projections of cards.ts, a story with its body checked), so
 * whatever is derived from such objects alone can be kept with them (`keep`): their JSON in the
 * page's payload, their rendered markup, a page's head, its block scan. Nothing may mutate a
 * settled object; an edit is a new object. Membership is weak: a settled object goes when nothing
 * holds it (a draft's, after its request), and so does what was kept with it.
 */
const settled = new WeakSet<object>();

/** Marks `value` (an object; anything else passes through) as settled, and returns it. */
export function settle<T>(value: T): T {
  if (typeof value === 'object' && value !== null) settled.add(value);
  return value;
}

/** Whether the content layer handed `value` out as settled (never for anything but an object). */
export function isSettled(value: unknown): boolean {
  return settled.has(value as object);
}

/** A node of the key tree: the value kept for the inputs that lead here, and the next inputs. */
type Node = { kept?: { value: unknown }; objects?: WeakMap<object, Node>; values?: Map<unknown, Node> };

/**
 * Plain values (names, flags, page numbers, URLs) a node may branch on before it starts over: a
 * bound on memory. The first input is a fixed name per use, a few dozen at most.
 */
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

/**
 * The value kept for `name` and `inputs`, made by `make` the first time and handed back after,
 * until an input changes. Objects among the inputs key WeakMaps (kept values go with the content
 * they were made from); plain values branch too, a bounded number per node. Callers pass settled
 * objects (or ones that die with their request, whose entries then go with them).
 */
export function keep<T>(name: string, inputs: readonly unknown[], make: () => T): T {
  let node = next(root, name);
  for (const input of inputs) node = next(node, input);
  return (node.kept ??= { value: make() }).value as T;
}
