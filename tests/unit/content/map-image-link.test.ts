import { expect, test } from 'vitest';
import { parseImageSize, toImage as toImageIn } from '../../../src/content/map/image';
const site = { siteName: 'Roundhouse' };
const toImage = (asset: Parameters<typeof toImageIn>[0]) => toImageIn(asset, site);
import { isSafeHref, multilinkHref, richLink, toHref } from '../../../src/content/map/link';

test('toImage reads src, alt, focus and the WxH size from the asset path', () => {
  expect(
    toImage({
      filename: 'https://a.storyblok.com/f/1/1200x630/abc/cover.jpg',
      alt: 'Gloves',
      focus: '1x1:2x2',
    }),
  ).toEqual({
    src: 'https://a.storyblok.com/f/1/1200x630/abc/cover.jpg',
    alt: 'Gloves',
    width: 1200,
    height: 630,
    focus: '1x1:2x2',
  });
});

test('toImage gives width and height 0 when the path has no size segment', () => {
  const image = toImage({ filename: 'https://example.com/images/cover.jpg' });
  expect(image).toMatchObject({ width: 0, height: 0, focus: null });
});

test('toImage names the site in the default alt when the asset has none', () => {
  expect(toImage({ filename: 'https://a.storyblok.com/f/1/10x20/h/a.png', alt: '' })?.alt).toBe(
    'Roundhouse article image',
  );
  expect(toImage({ filename: 'https://a.storyblok.com/f/1/10x20/h/a.png', alt: null })?.alt).toBe(
    'Roundhouse article image',
  );
  expect(
    toImageIn({ filename: 'https://a.storyblok.com/f/1/10x20/h/a.png' }, { siteName: 'Acme Boxing' })?.alt,
  ).toBe('Acme Boxing article image');
});

test('toImage returns null for a missing asset or an empty filename', () => {
  expect(toImage(null)).toBeNull();
  expect(toImage(undefined)).toBeNull();
  expect(toImage({ filename: '' })).toBeNull();
  expect(toImage({ filename: null, alt: 'x' })).toBeNull();
});

test('parseImageSize ignores a size that is not a whole path segment', () => {
  expect(parseImageSize('https://x.test/f/1/photo-1200x630.jpg')).toEqual({ width: 0, height: 0 });
  expect(parseImageSize('/f/1/640x480/h/a.jpg')).toEqual({ width: 640, height: 480 });
});

test('multilinkHref gives internal links a leading slash and keeps a hash', () => {
  expect(multilinkHref({ linktype: 'story', url: '', cached_url: 'training/jab-basics' })).toBe(
    '/training/jab-basics',
  );
  expect(multilinkHref({ linktype: 'story', cached_url: 'pages/offer#terms' })).toBe('/pages/offer#terms');
  expect(multilinkHref({ linktype: 'story', cached_url: 'pages/offer', anchor: 'terms' })).toBe(
    '/pages/offer#terms',
  );
  expect(multilinkHref({ linktype: 'url', url: 'https://shop.example/sale' })).toBe(
    'https://shop.example/sale',
  );
  expect(multilinkHref({ linktype: 'url', url: '/already/slashed' })).toBe('/already/slashed');
  expect(multilinkHref({ linktype: 'email', email: 'hi@roundhouse.example' })).toBe(
    'mailto:hi@roundhouse.example',
  );
  expect(multilinkHref({ linktype: 'url', url: '', cached_url: '' })).toBeNull();
  expect(multilinkHref(undefined)).toBeNull();
});

test('script URLs are never turned into links', () => {
  expect(isSafeHref('javascript:alert(1)')).toBe(false);
  expect(isSafeHref(' java\tscript:alert(1)')).toBe(false);
  expect(multilinkHref({ linktype: 'url', url: 'JavaScript:alert(1)' })).toBeNull();
  expect(toHref('#top')).toBe('#top');
});

test('richLink marks other origins external and turns own-origin URLs into paths', () => {
  const own = 'https://roundhouse.example';
  expect(richLink('https://youtube.com/watch?v=1', own)).toEqual({
    href: 'https://youtube.com/watch?v=1',
    external: true,
  });
  expect(richLink('https://roundhouse.example/training/x?a=1#b', own)).toEqual({
    href: '/training/x?a=1#b',
    external: false,
  });
  expect(richLink('training/x', own)).toEqual({ href: '/training/x', external: false });
  expect(richLink('http://roundhouse.example/x', null)).toEqual({
    href: 'http://roundhouse.example/x',
    external: true,
  });
});
