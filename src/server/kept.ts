/**
 * Values the server derives from settled content (src/content/settled.ts) and keeps with it: a
 * value is made the first time for its name and inputs, and the same value is handed back after,
 * until an input changes. Objects among the inputs are keys of WeakMaps, so what is kept goes with
 * the content it was made from (an edit is a new object, and renders afresh); plain values (names,
 * flags, page numbers, URLs) branch too, a bounded number per node. Used for kept markup
 * (rendered-once.tsx) and a page's head (page-head/index.tsx).
 */

/** A node of the key tree: the value kept for the inputs that lead here, and the next inputs. */
type Node = { kept?: { value: unknown }; objects?: WeakMap<object, Node>; values?: Map<unknown, Node> };

/** Plain values a node may branch on before it starts over: a bound on memory. */
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

/** The value kept for `name` and `inputs`, made by `make` the first time. */
export function keep<T>(name: string, inputs: readonly unknown[], make: () => T): T {
  let node = next(root, name);
  for (const input of inputs) node = next(node, input);
  return (node.kept ??= { value: make() }).value as T;
}
