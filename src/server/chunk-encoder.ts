/**
 * The text encoder of React's web-streams server renderer (the edge bundle's `react-dom/server`),
 * swapped in by the build (scripts/build.mjs, `serverReactDom`).
 *
 * React's web build turns every string it writes (each attribute value, each text node: thousands
 * a page) into bytes with `TextEncoder#encode`, which allocates a new ArrayBuffer per call: about
 * 1.1 µs each under Deno and Node, which was 39% of an article's render at the edge (CPU profile of
 * the edge bundle under Deno). React only reads those bytes: it copies each one into its own 4 KB
 * output view, or keeps it as a constant (its precomputed chunks). So a short string is written
 * into a shared slab here instead, plain ASCII by a loop, anything else by `encodeInto`, and
 * returned as a view of it: the same bytes for a fraction of the cost (about 60 ns).
 *
 * A slab is never written twice: once full, a new one is started, and the old one lives as long as
 * some view of it does. A view's buffer must not be transferred, which React does to a chunk over
 * 2048 bytes (it enqueues it whole into its byte stream): a string longer than `SHORT` units, which
 * could be that long, gets a buffer of its own (tests/unit/server/chunk-encoder.test.ts reads the
 * bound from React's build).
 */
const SLAB_BYTES = 64 * 1024;
/** The longest string written into the slab, in UTF-16 code units: at most 3 × 512 = 1536 bytes. */
export const SHORT = 512;

export class ChunkEncoder extends TextEncoder {
  #slab: Uint8Array<ArrayBuffer> = new Uint8Array(SLAB_BYTES);
  #used = 0;

  override encode(input = ''): Uint8Array<ArrayBuffer> {
    const length = input.length;
    if (length > SHORT) return super.encode(input);
    // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair: 4 bytes for 2 units).
    if (this.#used + length * 3 > SLAB_BYTES) {
      this.#slab = new Uint8Array(SLAB_BYTES);
      this.#used = 0;
    }
    const slab = this.#slab;
    const start = this.#used;
    for (let i = 0; i < length; i++) {
      const code = input.charCodeAt(i);
      if (code > 0x7f) {
        this.#used = start + this.encodeInto(input, slab.subarray(start)).written;
        return slab.subarray(start, this.#used);
      }
      slab[start + i] = code;
    }
    this.#used = start + length;
    return slab.subarray(start, this.#used);
  }
}
