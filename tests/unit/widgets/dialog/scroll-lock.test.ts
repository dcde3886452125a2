// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test } from 'vitest';
import { lockScroll, SCROLL_LOCKED_CLASS } from '../../../../src/widgets/dialog/scroll-lock.ts';

const locked = () => document.documentElement.classList.contains(SCROLL_LOCKED_CLASS);

beforeEach(() => {
  document.body.style.overflow = 'scroll';
});
afterEach(() => {
  document.body.removeAttribute('style');
  document.documentElement.className = '';
  Reflect.deleteProperty(document.documentElement, 'clientWidth');
});

test('locks the body and marks <html>, and restores the previous inline values on release', () => {
  const release = lockScroll();
  expect(document.body.style.overflow).toBe('hidden');
  expect(locked()).toBe(true);
  release();
  expect(document.body.style.overflow).toBe('scroll');
  expect(locked()).toBe(false);
});

test('is counted: the page scrolls again only when the last holder releases', () => {
  const drawer = lockScroll();
  const spinner = lockScroll();
  drawer();
  expect(document.body.style.overflow).toBe('hidden');
  expect(locked()).toBe(true);
  spinner();
  expect(document.body.style.overflow).toBe('scroll');
  expect(locked()).toBe(false);
});

test('a release called twice releases once', () => {
  const first = lockScroll();
  const second = lockScroll();
  first();
  first();
  expect(locked()).toBe(true);
  second();
  expect(locked()).toBe(false);
});

test('keeps the scrollbar width as body padding while locked', () => {
  Object.defineProperty(document.documentElement, 'clientWidth', {
    configurable: true,
    value: window.innerWidth - 17,
  });
  document.body.style.paddingRight = '';
  const release = lockScroll();
  expect(document.body.style.paddingRight).toBe('17px');
  release();
  expect(document.body.style.paddingRight).toBe('');
});
