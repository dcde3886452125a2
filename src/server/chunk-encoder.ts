/**
 * The text encoder of React's web-streams server renderer (the edge bundle's `react-dom/server`),
 * swapped in by the build (scripts/build.mjs, `serverReactDom`).
 *
 * React's web build turns every string it writes (each attribute value, each text node: about
 * 1,550 a page) into bytes with `TextEncoder#encode`, which allocates a new ArrayBuffer per call:
 * about 1.1 µs each under Deno and Node, 39% of an article's render at the edge (CPU profile of the
 * edge bundle under Deno). React only reads those bytes: it copies each one into its own output
 * view, or keeps it as a constant (its precomputed chunks). So a string of up to `VIEW_LIMIT` bytes
 * is written into a shared slab instead (short ASCII by a loop, anything else by `encodeInto`) and
 * handed back as a view of it: the same bytes for a fraction of the cost (about 60 ns).
 *
 * A slab is never written twice: once full, a new one is started, and the old one lives as long as
 * some view of it does. A view's buffer must not be transferred, which React does to a chunk over
 * 2,048 bytes (it enqueues it whole into its byte stream: tests/unit/server/chunk-encoder.test.ts
 * reads that bound from React's build), so anything longer gets a buffer of its own.
 */
const SLAB_BYTES = 64 * 1024;
/** The most bytes handed out as a view of the slab: React enqueues a longer chunk whole. */
export const VIEW_LIMIT = 2048;
/** Strings up to this long are tried as ASCII by a loop first. */
const ASCII_LOOP = 64;

export class ChunkEncoder extends TextEncoder {
  #slab: Uint8Array<ArrayBuffer> = new Uint8Array(SLAB_BYTES);
  #used = 0;

  override encode(input = ''): Uint8Array<ArrayBuffer> {
    const length = input.length;
    // At least a byte a code unit: more units than VIEW_LIMIT can never be a view.
    if (length > VIEW_LIMIT) return super.encode(input);
    if (this.#used + length * 3 > SLAB_BYTES) {
      this.#slab = new Uint8Array(SLAB_BYTES);
      this.#used = 0;
    }
    const slab = this.#slab;
    const start = this.#used;
    let end = start + length;
    // Most strings are a few ASCII characters: a loop beats a call into the runtime. A longer one
    // or one with other characters is written by encodeInto, faster per character than the loop.
    if (length > ASCII_LOOP) end = -1;
    else
      for (let i = 0; i < length; i++) {
        const code = input.charCodeAt(i);
        if (code > 0x7f) {
          end = -1;
          break;
        }
        slab[start + i] = code;
      }
    if (end === -1) {
      end = start + this.encodeInto(input, slab.subarray(start)).written;
      // Too long for a view: a copy of its own, and the slab's space is used again.
      if (end - start > VIEW_LIMIT) return slab.slice(start, end);
    }
    this.#used = end;
    return slab.subarray(start, end);
  }
}
