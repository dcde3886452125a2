// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { prefetchablePath, shouldSkipPrefetch } from '../../../src/client/prefetch';

test('prefetching is skipped on 2g connections and in data-saver mode', () => {
  expect(shouldSkipPrefetch({ effectiveType: '2g' })).toBe(true);
  expect(shouldSkipPrefetch({ effectiveType: 'slow-2g' })).toBe(true);
  expect(shouldSkipPrefetch({ saveData: true, effectiveType: '4g' })).toBe(true);
  expect(shouldSkipPrefetch({ effectiveType: '3g' })).toBe(false);
  expect(shouldSkipPrefetch(undefined)).toBe(false);
});

test('only same-origin page links are prefetched', () => {
  const link = (href: string, attrs: Record<string, string> = {}) => {
    const a = document.createElement('a');
    a.href = href;
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    return a;
  };
  const origin = 'http://localhost:3000';
  expect(prefetchablePath(link('/training/jab?page=2'), origin)).toBe('/training/jab?page=2');
  expect(prefetchablePath(link('https://instagram.com/x'), origin)).toBeNull();
  expect(prefetchablePath(link('/assets/entry.js'), origin)).toBeNull();
  expect(prefetchablePath(link('/robots.txt'), origin)).toBeNull();
  expect(prefetchablePath(link('/training', { target: '_blank' }), origin)).toBeNull();
  expect(prefetchablePath(link('/_payload/training'), origin)).toBeNull();
});
