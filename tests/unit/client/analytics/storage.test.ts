/**
 * The runtime's first-party storage: JSON values read and written whole (so two tabs see each
 * other's writes), and a browser that refuses storage still keeps what the page wrote.
 */
import { expect, test } from 'vitest';
import { isRecord, jsonStore, type KeyValueStore } from '../../../../src/client/analytics/storage.ts';

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'number');

function memoryBacking(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

test('values are JSON in the backing store, checked when read', () => {
  const backing = memoryBacking();
  const store = jsonStore(backing);
  store.write('rh_list', [1, 2]);
  expect(backing.data.get('rh_list')).toBe('[1,2]');
  expect(store.read('rh_list', isNumbers)).toEqual([1, 2]);
  expect(store.read('rh_list', isRecord)).toBeNull();
  backing.data.set('rh_list', '{not json');
  expect(store.read('rh_list', isNumbers)).toBeNull();
  store.remove('rh_list');
  expect(backing.data.has('rh_list')).toBe(false);
  expect(store.read('rh_list', isNumbers)).toBeNull();
});

test('two stores over one backing (two tabs) read each other’s writes', () => {
  const backing = memoryBacking();
  const tabA = jsonStore(backing);
  const tabB = jsonStore(backing);
  tabA.write('rh_list', [1]);
  expect(tabB.read('rh_list', isNumbers)).toEqual([1]);
  tabB.write('rh_list', [1, 2]);
  expect(tabA.read('rh_list', isNumbers)).toEqual([1, 2]);
  tabB.remove('rh_list');
  expect(tabA.read('rh_list', isNumbers)).toBeNull();
});

test('a browser that refuses to store (private mode, full quota) keeps the page’s writes in memory', () => {
  const backing = memoryBacking();
  backing.data.set('rh_list', '[0]');
  const refusing: KeyValueStore = {
    getItem: (key) => backing.getItem(key),
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
    removeItem: (key) => backing.removeItem(key),
  };
  const store = jsonStore(refusing);
  store.write('rh_list', [0, 1]);
  expect(store.read('rh_list', isNumbers)).toEqual([0, 1]);
  store.write('rh_new', [7]);
  expect(store.read('rh_new', isNumbers)).toEqual([7]);
  store.remove('rh_list');
  expect(store.read('rh_list', isNumbers)).toBeNull();
});

test('once the browser stores again, the other tabs’ writes are read again', () => {
  const backing = memoryBacking();
  let full = true;
  const store = jsonStore({
    getItem: (key) => backing.getItem(key),
    setItem: (key, value) => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      backing.setItem(key, value);
    },
    removeItem: (key) => backing.removeItem(key),
  });
  store.write('rh_list', [1]);
  full = false;
  store.write('rh_list', [1, 2]);
  expect(backing.data.get('rh_list')).toBe('[1,2]');
  jsonStore(backing).write('rh_list', [1, 2, 3]); // another tab
  expect(store.read('rh_list', isNumbers)).toEqual([1, 2, 3]);
});

test('without storage at all, or one that throws on every call, values live for the page', () => {
  const throwing: KeyValueStore = {
    getItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    setItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    removeItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
  };
  for (const store of [jsonStore(null), jsonStore(throwing)]) {
    store.write('rh_list', [3]);
    expect(store.read('rh_list', isNumbers)).toEqual([3]);
    store.remove('rh_list');
    expect(store.read('rh_list', isNumbers)).toBeNull();
  }
});
