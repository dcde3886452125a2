/**
 * How the server's React writes its HTML into the response stream: six functions of React's
 * web-streams "stream config" (react-dom/server's browser build, which both server bundles use),
 * swapped in by the build (scripts/lib/react-server-patch.mjs).
 *
 * React's web build turns every string it writes (each attribute value, each text node: about
 * 1,550 a page) into a Uint8Array with `TextEncoder#encode`, then copies it into its output view,
 * 2 KB at a time. Here a string stays a string until it is written, and is then encoded straight
 * into the output view (short ASCII by a loop, anything else by `encodeInto`), as React's Node build
 * does: no array and no copy per string. And the views are 16 KB instead of 2, so a page reaches the
 * network in a handful of chunks instead of dozens (each chunk costs the runtime a read and a write).
 * A flush still ends with what it wrote: a page streams exactly as before, in fewer pieces.
 *
 * The only bytes React hands over are its precomputed chunks (constants encoded once), which are
 * copied, never enqueued as they are: enqueuing into a byte stream transfers (detaches) a buffer.
 *
 * Like React's own, the state is per isolate, not per request: a flush runs synchronously from its
 * first write to `completeWriting`, so requests never interleave in it.
 *
 * One element is written as its content alone: `<server-html>` (./server-html.tsx), markup the
 * server keeps as one string where no element may wrap it (its own part of <head>). React writes
 * it as its start tag, `>`, the content and its end tag; the tags are constants React makes once,
 * by `stringToPrecomputedChunk` (here, so the writer knows them), and the writer drops them.
 */

/** Bytes per chunk handed to the stream (React's web build: 2,048). */
export const VIEW_BYTES = 16 * 1024;
/** Strings up to this long are tried as ASCII by a loop first: fewer calls into the runtime. */
const ASCII_LOOP = 64;
/** Bytes copied by a loop rather than `set`. */
const SMALL_BYTES = 16;
/** A string this long may not fit a view (3 bytes a code unit at most): its bytes go on their own. */
const OWN_CHUNK_UNITS = Math.floor(VIEW_BYTES / 3);

type Destination = Pick<ReadableByteStreamController, 'enqueue'>;
type Chunk = string | Uint8Array;

const encoder = new TextEncoder();
let view: Uint8Array<ArrayBuffer> | null = null;
let written = 0;

/** Hands the bytes written so far to the stream; the next write starts a new view. */
function flushView(destination: Destination) {
  if (view !== null && written > 0) destination.enqueue(new Uint8Array(view.buffer, 0, written));
  view = null;
  written = 0;
}

/**
 * A long string (the inlined stylesheet, kept markup, the payload) goes in a buffer of its own,
 * encoded straight into it: one of as many bytes as it has code units, which holds all of an ASCII
 * string and nearly all of a page's text. `encodeInto` stops before a character that does not fit,
 * so none is split; what is left (a few curly quotes' worth) goes on like any other string.
 */
function writeLong(destination: Destination, text: string) {
  let size = text.length;
  for (;;) {
    const bytes = new Uint8Array(size);
    const { read, written: bytesWritten } = encoder.encodeInto(text, bytes);
    destination.enqueue(bytesWritten === size ? bytes : bytes.subarray(0, bytesWritten));
    if (read === text.length) return;
    text = text.slice(read);
    if (text.length <= OWN_CHUNK_UNITS) return writeString(destination, text);
    size = text.length * 3;
  }
}

function writeString(destination: Destination, text: string) {
  const length = text.length;
  if (length === 0) return;
  if (length > OWN_CHUNK_UNITS) {
    flushView(destination);
    writeLong(destination, text);
    return;
  }
  if (view === null || VIEW_BYTES - written < length * 3) {
    // It may not fit: whatever part does goes in this view, the rest in the next.
    if (view !== null) {
      const { read, written: bytes } = encoder.encodeInto(text, view.subarray(written));
      written += bytes;
      if (read === length) return;
      text = text.slice(read);
      flushView(destination);
    }
    view = new Uint8Array(VIEW_BYTES);
    written = encoder.encodeInto(text, view).written;
    return;
  }
  if (length <= ASCII_LOOP) {
    const target = view;
    const start = written;
    let i = 0;
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0x7f) break;
      target[start + i] = code;
    }
    if (i === length) {
      written = start + length;
      return;
    }
  }
  written += encoder.encodeInto(text, view.subarray(written)).written;
}

function writeBytes(destination: Destination, bytes: Uint8Array) {
  const length = bytes.byteLength;
  if (length === 0) return;
  if (length > VIEW_BYTES) {
    flushView(destination);
    destination.enqueue(bytes.slice());
    return;
  }
  if (view !== null && VIEW_BYTES - written < length) flushView(destination);
  const target = (view ??= new Uint8Array(VIEW_BYTES));
  // Most are a byte or two (`>`, `"`): a loop beats the call into `set`.
  if (length <= SMALL_BYTES) for (let i = 0; i < length; i++) target[written + i] = bytes[i]!;
  else target.set(bytes, written);
  written += length;
}

/** The element written as its content alone. */
export const SERVER_HTML = 'server-html';
const SERVER_HTML_START = `<${SERVER_HTML}`;
const SERVER_HTML_END = `</${SERVER_HTML}>`;
/** `>`, the byte that ends a start tag. */
const GREATER_THAN = 0x3e;
/** React's constants for its tags, once it has made them. */
let serverHtmlStart: Uint8Array | null = null;
let serverHtmlEnd: Uint8Array | null = null;
/** After `<server-html`: the `>` ending its start tag comes next (it takes no attributes). */
let inServerHtmlStartTag = false;

/** React's `stringToPrecomputedChunk`: a constant's bytes, made once (and `<server-html>`'s tags noted). */
export function stringToPrecomputedChunk(content: string): Uint8Array {
  const bytes = encoder.encode(content);
  if (content === SERVER_HTML_START) serverHtmlStart = bytes;
  else if (content === SERVER_HTML_END) serverHtmlEnd = bytes;
  return bytes;
}

/** React's `writeChunk`: a chunk (a string, or a precomputed constant's bytes) into the stream. */
export function writeChunk(destination: Destination, chunk: Chunk): void {
  if (typeof chunk === 'string') writeString(destination, chunk);
  else if (chunk === serverHtmlStart) inServerHtmlStartTag = true;
  else if (inServerHtmlStartTag) {
    inServerHtmlStartTag = false;
    if (chunk.byteLength !== 1 || chunk[0] !== GREATER_THAN) {
      // The render fails; what this flush wrote goes with it, not into the next request's.
      view = null;
      written = 0;
      throw new Error(`<${SERVER_HTML}> takes no attributes: its tags are not written`);
    }
  } else if (chunk !== serverHtmlEnd) writeBytes(destination, chunk);
}

/** React's `writeChunkAndReturn`: whether the stream can take more (a web stream always can). */
export function writeChunkAndReturn(destination: Destination, chunk: Chunk): boolean {
  writeChunk(destination, chunk);
  return true;
}

/** React's `completeWriting`, the end of a flush: what it wrote goes to the stream now. */
export function completeWriting(destination: Destination): void {
  flushView(destination);
}

/** React's `stringToChunk`: a string is written as it is, encoded only into its view. */
export function stringToChunk(content: string): Chunk {
  return content;
}

/**
 * React's `byteLengthOfChunk`, for strings in UTF-16 code units (its Node build counts UTF-8 bytes).
 * React sums it per boundary for two decisions only: to outline a boundary of more than 500 bytes
 * that holds suspensey content (stylesheets it loads, images in a view transition; the site has
 * neither), and to outline boundaries past `progressiveChunkSize`, which render.server.tsx turns
 * off. Units are bytes for ASCII and under by at most 3× otherwise, and cost nothing, where a
 * count of bytes is a second pass over every character of the page, the 68 KB stylesheet included
 * (16% of the render in a profile).
 */
export function byteLengthOfChunk(chunk: Chunk): number {
  return typeof chunk === 'string' ? chunk.length : chunk.byteLength;
}
