import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  byteLengthOfChunk,
  completeWriting,
  SERVER_HTML,
  stringToChunk,
  stringToPrecomputedChunk,
  VIEW_BYTES,
  writeChunk,
  writeChunkAndReturn,
} from '../../../src/server/stream-writer.ts';
import { patchReactServer, STREAM_CONFIG } from '../../../scripts/lib/react-server-patch.mjs';

const encoder = new TextEncoder();

/**
 * A byte stream's controller as React's stream sees it: each chunk enqueued is transferred (its
 * buffer detached from the writer, as a `type: 'bytes'` stream does), and kept.
 */
function byteStream() {
  const chunks: Uint8Array[] = [];
  return {
    chunks,
    enqueue(chunk: ArrayBufferView) {
      const { buffer, byteOffset, byteLength } = chunk as Uint8Array<ArrayBuffer>;
      chunks.push(new Uint8Array(structuredClone(buffer, { transfer: [buffer] }), byteOffset, byteLength));
    },
    bytes: () => Buffer.concat(chunks),
  };
}

/** Writes `chunks` as one flush, as React does; the stream after it. */
function flush(chunks: (string | Uint8Array)[]) {
  const stream = byteStream();
  for (const chunk of chunks) writeChunk(stream, typeof chunk === 'string' ? stringToChunk(chunk) : chunk);
  completeWriting(stream);
  return stream;
}

/** What the chunks encode to, each on its own with the platform's encoder. */
const expected = (chunks: (string | Uint8Array)[]) =>
  Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk)));

/** Strings React writes (attribute values, text) and the awkward ones: every UTF-8 width, lone surrogates. */
const samples = [
  '',
  'a',
  'article-header__title',
  '/training/core-training-for-punching-power',
  'Core training for punching power: 4 rounds & a finisher <3',
  'café crème brûlée', // 2-byte
  '拳击训练 — 日本語 한국어', // 3-byte
  'Jab 🥊 cross 💪🏽 hook', // surrogate pairs, 4-byte
  'lone \ud800 high and \udc00 low surrogates', // each becomes U+FFFD
  'ends with a high surrogate \ud83e',
  '\u0080\u07ff\u0800\uffff', // the boundaries of each width
  'x'.repeat(200), // past the ASCII loop
];

/** Precomputed chunks: React's constants, encoded once and written on every page. */
const constants = [
  encoder.encode('<'),
  encoder.encode(' class="'),
  encoder.encode('"'),
  encoder.encode('x'.repeat(40)),
];

describe('the edge renderer’s stream writer', () => {
  it('writes the same UTF-8 bytes as TextEncoder, strings and constants interleaved', () => {
    const chunks = samples.flatMap((text, i) => [text, constants[i % constants.length]!]);
    expect(flush(chunks).bytes()).toEqual(expected(chunks));
  });

  it('writes a page’s worth across many views: a string split at a view’s end, long strings and constants on their own', () => {
    const chunks: (string | Uint8Array)[] = [];
    // 3,000 writes of every kind, lengths that do not divide a view evenly: strings land across
    // view ends at every offset, including inside a multi-byte character.
    for (let i = 0; i < 3000; i++) chunks.push(`${samples[i % samples.length]!}#${i}`, constants[i % 4]!);
    chunks.push('🥊'.repeat(VIEW_BYTES / 3)); // longer than a view can be sure to hold: its own chunk
    chunks.push('é'.repeat(VIEW_BYTES / 3 - 1)); // the longest string still written into a view
    chunks.push(new Uint8Array(VIEW_BYTES + 1).fill(0x61)); // a constant longer than a view: copied
    chunks.push('after');
    const stream = flush(chunks);
    expect(stream.bytes().equals(expected(chunks)), 'the bytes differ').toBe(true);
    // A page goes out in views of 16 KB, not thousands of pieces: each full but for the end of a
    // character that did not fit (a character is never split).
    expect(stream.chunks.length).toBeLessThan(Math.ceil(stream.bytes().length / VIEW_BYTES) + 6);
    for (const chunk of stream.chunks.slice(0, 3)) expect(chunk.byteLength).toBeGreaterThan(VIEW_BYTES - 4);
  });

  it('writes a long string (the stylesheet, kept markup) in one piece if ASCII, else in two, whatever its characters', () => {
    const ascii = 'a'.repeat(VIEW_BYTES);
    const stream = flush(['before', ascii, 'after']);
    expect(stream.chunks.map((c) => c.byteLength)).toEqual([6, VIEW_BYTES, 5]);
    // Mostly ASCII, as a page's text is: the first piece ends just before, inside or after a
    // multi-byte character, and the rest goes in a second.
    for (const text of [
      `${'a'.repeat(VIEW_BYTES / 2 - 1)}é`,
      `${'a'.repeat(VIEW_BYTES / 2 - 1)}🥊`,
      `${'’'.repeat(3)}${'b'.repeat(VIEW_BYTES / 2)}’ and on`,
      '拳'.repeat(VIEW_BYTES / 2),
      `${'🥊'.repeat(VIEW_BYTES / 4)}\ud83e`,
    ]) {
      const one = flush([text]);
      expect(one.bytes().equals(expected([text])), 'the bytes differ').toBe(true);
      expect(one.chunks.length).toBeLessThanOrEqual(2);
    }
  });

  it('never hands a constant to the stream: a constant longer than a view is copied, and every constant stays whole', () => {
    const long = new Uint8Array(VIEW_BYTES * 2).fill(0x62);
    const before = [...constants.map((c) => [...c]), long.byteLength];
    flush(['a', long, ...constants, long, 'b']);
    // A transferred buffer is detached: its views read as empty.
    expect(long.byteLength).toBe(VIEW_BYTES * 2);
    expect([...constants.map((c) => [...c]), long.byteLength]).toEqual(before);
    // And the writer goes on after its views were transferred.
    expect(flush(['still ', constants[0]!, 'writing']).bytes()).toEqual(
      expected(['still ', constants[0]!, 'writing']),
    );
  });

  it('ends a flush with everything it wrote, and a flush of nothing enqueues nothing', () => {
    const stream = byteStream();
    writeChunk(stream, 'shell');
    expect(stream.chunks).toHaveLength(0); // kept in the view until the flush ends
    completeWriting(stream);
    expect(Buffer.concat(stream.chunks).toString()).toBe('shell');
    completeWriting(stream);
    writeChunk(stream, '');
    writeChunk(stream, new Uint8Array(0));
    completeWriting(stream);
    expect(stream.chunks).toHaveLength(1);
  });

  it('always takes more (a web stream has no back pressure for React to wait on)', () => {
    const stream = byteStream();
    expect(writeChunkAndReturn(stream, 'x')).toBe(true);
    completeWriting(stream);
  });

  it('writes <server-html> as its content alone: React’s constants for its tags are dropped, every other constant written', () => {
    // React makes its constants once, through the writer: `>` when it loads, a tag's the first time
    // it renders one.
    const [start, end, close, space] = [`<${SERVER_HTML}`, `</${SERVER_HTML}>`, '>', ' '].map(
      stringToPrecomputedChunk,
    );
    expect(new TextDecoder().decode(start)).toBe('<server-html');
    const head = '<meta name="theme-color" content="#111214"/><script type="application/ld+json">{}</script>';
    const stream = flush([
      encoder.encode('<head>'),
      start!,
      close!,
      head,
      end!,
      encoder.encode('<style'),
      close!,
      '</style></head>',
    ]);
    expect(stream.bytes().toString()).toBe(`<head>${head}<style></style></head>`);
    // The same bytes made elsewhere are not its tags: written as they are.
    expect(
      flush([encoder.encode('<server-html'), '>x', encoder.encode('</server-html>')])
        .bytes()
        .toString(),
    ).toBe('<server-html>x</server-html>');
    // An attribute would go out without its element: a mistake, said as one.
    expect(() => flush(['before', start!, space!, 'id', close!])).toThrow(
      '<server-html> takes no attributes',
    );
    // That render fails alone: the next flush holds its own bytes only.
    expect(flush(['next']).bytes().toString()).toBe('next');
  });

  it('weighs a chunk by its bytes, or a string by its code units (React’s outlining heuristic only)', () => {
    expect(byteLengthOfChunk(encoder.encode('héllo'))).toBe(6);
    expect(byteLengthOfChunk('hello')).toBe(5);
    expect(byteLengthOfChunk('héllo')).toBe(5);
  });
});

describe('the build’s patch of React’s server build', () => {
  const reactDom = path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json'));

  it.each(['production', 'development'])('applies to the installed %s build', (build) => {
    const file = path.join(reactDom, `cjs/react-dom-server.browser.${build}.js`);
    const patched = patchReactServer(readFileSync(file, 'utf8'), file);
    // React's own functions are renamed away; ours are bound in their place, under "use strict".
    for (const name of STREAM_CONFIG) {
      expect(patched).not.toMatch(new RegExp(`function ${name}\\(`));
      expect(patched).toContain(`${name} = streamWriter.${name}`);
    }
    expect(patched).toMatch(/^[\s\S]*?"use strict";\nvar streamWriter = require\(/);
    expect(patched).toContain('segmentByteSize += byteLengthOfChunk(segment[i]);');
  });

  it('fails, naming what it missed, when React’s build changes', () => {
    const file = path.join(reactDom, 'cjs/react-dom-server.browser.production.js');
    const source = readFileSync(file, 'utf8');
    expect(() =>
      patchReactServer(source.replace('function completeWriting(', 'function done('), file),
    ).toThrow(
      /expected `function completeWriting\(` once in .*react-dom-server\.browser\.production\.js, found 0/,
    );
    expect(() => patchReactServer(source.replace('segment[i].byteLength', 'segment[i].size'), file)).toThrow(
      /segmentByteSize/,
    );
  });
});
