import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChunkEncoder, SHORT } from '../../../src/server/chunk-encoder.ts';

const reference = new TextEncoder();

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
  'x'.repeat(SHORT), // the longest slab string
  'x'.repeat(SHORT + 1), // the shortest own-buffer string
  '€'.repeat(SHORT), // the slab's worst case: 3 bytes a unit
  '🥊'.repeat(SHORT / 2),
];

describe('ChunkEncoder', () => {
  it('encodes every string to the same UTF-8 bytes as TextEncoder', () => {
    const encoder = new ChunkEncoder();
    for (const text of samples)
      expect([...encoder.encode(text)], JSON.stringify(text.slice(0, 40))).toEqual([
        ...reference.encode(text),
      ]);
  });

  it('never changes bytes it has handed out: later strings, across many slabs, do not overwrite earlier ones', () => {
    const encoder = new ChunkEncoder();
    const kept: [string, Uint8Array][] = [];
    // Enough text for several 64 KB slabs, with lengths that do not divide them evenly.
    for (let i = 0; i < 6000; i++) {
      const text = `${samples[i % samples.length]!.slice(0, 200)}#${i}`;
      kept.push([text, encoder.encode(text)]);
    }
    for (const [text, bytes] of kept)
      expect([...bytes], text.slice(-12)).toEqual([...reference.encode(text)]);
  });

  it('gives a string over SHORT units a buffer of its own (React hands long chunks to its stream whole, transferring their buffer)', () => {
    const encoder = new ChunkEncoder();
    const small = encoder.encode('small');
    const long = encoder.encode('y'.repeat(SHORT + 1));
    expect(long.buffer).not.toBe(small.buffer);
    expect(long.byteOffset).toBe(0);
    expect(long.buffer.byteLength).toBe(SHORT + 1);
    // Transferring it (as a byte stream's enqueue does) leaves the slab's views readable.
    structuredClone(long.buffer, { transfer: [long.buffer] });
    expect(new TextDecoder().decode(small)).toBe('small');
  });

  it("keeps every slab view under the size React's web build hands to its stream whole", () => {
    // React enqueues a chunk over this many bytes into its byte stream as it is, which transfers
    // (detaches) its buffer: a slab's would take every other view of it along.
    const reactDom = path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json'));
    const build = path.join(reactDom, 'cjs/react-dom-server.browser.production.js');
    const bound = Number(readFileSync(build, 'utf8').match(/(\d+) < chunk\.byteLength\)/)?.[1]);
    expect(bound).toBeGreaterThan(0);
    expect(3 * SHORT).toBeLessThanOrEqual(bound);
  });

  it('is a TextEncoder: encodeInto and the encoding are the platform’s', () => {
    const encoder = new ChunkEncoder();
    expect(encoder).toBeInstanceOf(TextEncoder);
    expect(encoder.encoding).toBe('utf-8');
    const target = new Uint8Array(8);
    expect(encoder.encodeInto('héllo', target)).toEqual({ read: 5, written: 6 });
  });
});
