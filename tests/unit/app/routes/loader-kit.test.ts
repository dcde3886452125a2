/** The helpers every route loader shares: slug and `?page=` parsing, and the 404s they throw. */
import { expect, test } from 'vitest';
import {
  requireFound,
  requireNonEmptyPage,
  requirePage,
  requireSlug,
} from '../../../../src/app/routes/loader-kit.server';

/** What `fn` threw, or a marker when it returned. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
    return 'returned';
  } catch (error) {
    return error;
  }
}

/** The 404 a loader throws: react-router's `data(null, { status: 404 })`. */
const NOT_FOUND = { data: null, init: { status: 404 } };

const at = (query: string) => new Request(`http://site.test/training${query}`);

test('requirePage reads ?page= as a whole number 1..1000, defaulting to 1', () => {
  expect(requirePage(at(''))).toBe(1);
  expect(requirePage(at('?page=2'))).toBe(2);
  expect(requirePage(at('?page=1000'))).toBe(1000);
});

test('requirePage answers 404 for anything else, including the parameter given twice', () => {
  for (const query of ['?page=0', '?page=01', '?page=1001', '?page=abc', '?page=', '?page=1&page=2']) {
    expect(
      thrown(() => requirePage(at(query))),
      query,
    ).toMatchObject(NOT_FOUND);
  }
});

test('requireSlug takes lower-case slugs and answers 404 for anything else', () => {
  expect(requireSlug('the-perfect-jab')).toBe('the-perfect-jab');
  for (const slug of [undefined, '', 'Jab', '-jab', 'a/b', 'x'.repeat(121)]) {
    expect(
      thrown(() => requireSlug(slug)),
      String(slug),
    ).toMatchObject(NOT_FOUND);
  }
});

test('requireFound and requireNonEmptyPage answer 404 for nothing, but page 1 may be empty', () => {
  expect(thrown(() => requireFound(null))).toMatchObject(NOT_FOUND);
  expect(requireFound(0)).toBe(0);
  expect(requireNonEmptyPage({ stories: [] }, 1)).toEqual({ stories: [] });
  expect(thrown(() => requireNonEmptyPage({ stories: [] }, 2))).toMatchObject(NOT_FOUND);
});
