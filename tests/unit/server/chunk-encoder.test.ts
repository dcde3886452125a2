import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChunkEncoder, VIEW_LIMIT } from '../../../src/server/chunk-encoder.ts';

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
  'x'.repeat(VIEW_LIMIT), // the longest view
  'x'.repeat(VIEW_LIMIT + 1), // too many units for a view
  'é'.repeat(VIEW_LIMIT / 2), // 2 bytes a unit: exactly a view
  '€'.repeat(700), // few enough units, but 2,100 bytes: too long for a view
  '🥊'.repeat(VIEW_LIMIT / 4), // 4 bytes a pair: exactly a view
  '🥊'.repeat(VIEW_LIMIT / 4 + 1),
];

/** Whether `bytes` is a view of a larger buffer (the slab) rather than a buffer of its own. */
const isView = (bytes: Uint8Array) => bytes.byteOffset !== 0 || bytes.buffer.byteLength !== bytes.byteLength;

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
    for (let i = 0; i < 3000; i++) {
      const text = `${samples[i % samples.length]!}#${i}`;
      kept.push([text, encoder.encode(text)]);
    }
    for (const [text, bytes] of kept)
      expect([...bytes], text.slice(-12)).toEqual([...reference.encode(text)]);
  });

  it('hands out views of at most VIEW_LIMIT bytes; anything longer has a buffer of its own, which can be transferred', () => {
    const encoder = new ChunkEncoder();
    const small = encoder.encode('small');
    expect(isView(small)).toBe(true);
    for (const text of samples) {
      const bytes = encoder.encode(text);
      if (isView(bytes)) expect(bytes.byteLength, text.slice(0, 12)).toBeLessThanOrEqual(VIEW_LIMIT);
      else expect(bytes.byteLength, text.slice(0, 12)).toBeGreaterThan(VIEW_LIMIT);
      // React enqueues a long chunk into its byte stream whole, which transfers its buffer.
      if (!isView(bytes)) structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
    }
    expect(new TextDecoder().decode(small)).toBe('small');
    expect(new TextDecoder().decode(encoder.encode('still there'))).toBe('still there');
  });

  it("keeps VIEW_LIMIT within the size React's web build hands to its stream whole", () => {
    // React enqueues a chunk over this many bytes into its byte stream as it is, which transfers
    // (detaches) its buffer: a slab's would take every other view of it along.
    const reactDom = path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json'));
    const build = path.join(reactDom, 'cjs/react-dom-server.browser.production.js');
    const bound = Number(readFileSync(build, 'utf8').match(/(\d+) < chunk\.byteLength\)/)?.[1]);
    expect(bound).toBeGreaterThan(0);
    expect(VIEW_LIMIT).toBeLessThanOrEqual(bound);
  });

  it('is a TextEncoder: encodeInto and the encoding are the platform’s', () => {
    const encoder = new ChunkEncoder();
    expect(encoder).toBeInstanceOf(TextEncoder);
    expect(encoder.encoding).toBe('utf-8');
    const target = new Uint8Array(8);
    expect(encoder.encodeInto('héllo', target)).toEqual({ read: 5, written: 6 });
  });
});
