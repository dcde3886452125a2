// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { afterEach, expect, test } from 'vitest';
import type { Image } from '../../../../src/content/types';
import { ResponsiveImage, type ResponsiveImageProps } from '../../../../src/widgets/image';

afterEach(cleanup);

const SRC = '/a/f/286000/1600x900/616fea85/cover.jpg';

function image(overrides: Partial<Image> = {}): Image {
  return { src: SRC, alt: 'A boxer throwing a jab', width: 1600, height: 900, focus: null, ...overrides };
}

function renderImg(props: ResponsiveImageProps): HTMLImageElement {
  const { container } = render(<ResponsiveImage {...props} />);
  const img = container.querySelector('img');
  if (!img) throw new Error('no <img>');
  return img;
}

const attrs = (img: HTMLImageElement) =>
  Object.fromEntries([...img.attributes].map((a) => [a.name, a.value] as const));

test('a lazy responsive image: srcset capped at the original, mid-size src, sizes, intrinsic size', () => {
  const img = renderImg({ image: image(), sizes: '(min-width: 960px) 33vw, 100vw' });
  expect(attrs(img)).toEqual({
    src: `${SRC}/m/800x0`,
    srcset: [480, 800, 1200, 1600].map((w) => `${SRC}/m/${w}x0 ${w}w`).join(', '),
    sizes: '(min-width: 960px) 33vw, 100vw',
    alt: 'A boxer throwing a jab',
    width: '1600',
    height: '900',
    loading: 'lazy',
    decoding: 'async',
  });
});

test('a smaller original caps the candidates at its own width', () => {
  const img = renderImg({
    image: image({ src: '/a/f/1/800x800/h/block.jpg', width: 800, height: 800 }),
    sizes: '50vw',
  });
  expect(img.getAttribute('srcset')).toBe(
    [480, 800].map((w) => `/a/f/1/800x800/h/block.jpg/m/${w}x0 ${w}w`).join(', '),
  );
  expect(img.getAttribute('src')).toBe('/a/f/1/800x800/h/block.jpg/m/800x0');
});

test('priority images load eagerly with high fetch priority, not lazily', () => {
  const img = renderImg({ image: image(), sizes: '100vw', priority: true });
  expect(img.getAttribute('loading')).toBe('eager');
  expect(img.getAttribute('fetchpriority')).toBe('high');
  expect(img.hasAttribute('decoding')).toBe(false);
  const lazy = renderImg({ image: image(), sizes: '100vw' });
  expect(lazy.getAttribute('loading')).toBe('lazy');
  expect(lazy.hasAttribute('fetchpriority')).toBe(false);
});

test('a fixed sizes value offers 1x and 2x of it', () => {
  const img = renderImg({
    image: image({ src: '/a/f/1/600x600/h/face.jpg', width: 600, height: 600 }),
    sizes: '96px',
  });
  expect(img.getAttribute('srcset')).toBe(
    '/a/f/1/600x600/h/face.jpg/m/96x0 96w, /a/f/1/600x600/h/face.jpg/m/192x0 192w',
  );
  expect(img.getAttribute('src')).toBe('/a/f/1/600x600/h/face.jpg/m/192x0');
});

test('explicit widths are parsed like sizes', () => {
  const img = renderImg({ image: image(), sizes: '100vw', widths: ['400px', 800] });
  expect(img.getAttribute('srcset')).toBe(`${SRC}/m/400x0 400w, ${SRC}/m/800x0 800w`);
});

test('a preset crops to its box and sizes the element from it; focus replaces smart', () => {
  const img = renderImg({ image: image(), sizes: '100vw', preset: 'cover' });
  expect(img.getAttribute('width')).toBe('1250');
  expect(img.getAttribute('height')).toBe('625');
  expect(img.getAttribute('src')).toBe(`${SRC}/m/800x400/smart`);
  expect(img.getAttribute('srcset')?.split(', ').at(-1)).toBe(`${SRC}/m/1600x800/smart 1600w`);
  const focused = renderImg({ image: image({ focus: '800x300:801x301' }), sizes: '100vw', preset: 'card' });
  expect(focused.getAttribute('src')).toBe(`${SRC}/m/800x533/filters:focal(800x300:801x301)`);
});

test('an unknown preset throws (§8)', () => {
  expect(() => renderToString(<ResponsiveImage image={image()} sizes="100vw" preset="poster" />)).toThrow(
    'Unknown image preset "poster"',
  );
});

test('sources the service cannot resize render a plain sized <img>', () => {
  for (const src of [
    '/a/f/1/300x100/h/logo.svg',
    '/a/f/1/300x100/h/photo.webp',
    'https://cdn.example.com/300x100/x.jpg',
  ]) {
    const img = renderImg({ image: image({ src, width: 300, height: 100 }), sizes: '100vw' });
    expect(attrs(img)).toEqual({
      src,
      alt: 'A boxer throwing a jab',
      width: '300',
      height: '100',
      loading: 'lazy',
      decoding: 'async',
    });
  }
});

test('unknown dimensions fall back to the URL, else no width/height and uncapped candidates', () => {
  const fromUrl = renderImg({ image: image({ width: 0, height: 0 }), sizes: '100vw' });
  expect(fromUrl.getAttribute('width')).toBe('1600');
  const unknown = renderImg({
    image: image({ src: '/images/photo.jpg', width: 0, height: 0 }),
    sizes: '100vw',
  });
  expect(unknown.hasAttribute('width')).toBe(false);
  expect(unknown.getAttribute('srcset')).toBe(
    [480, 800, 1200, 1600].map((w) => `/images/photo.jpg?w=${w} ${w}w`).join(', '),
  );
});

test('alt override (decorative images)', () => {
  expect(renderImg({ image: image(), sizes: '100vw', alt: '' }).getAttribute('alt')).toBe('');
});

test('a bare image file (a card cover) takes the alt it is given', () => {
  const img = renderImg({ image: { src: SRC, width: 1600, height: 900 }, sizes: '100vw', alt: '' });
  expect(img.getAttribute('alt')).toBe('');
  expect(img.getAttribute('srcset')).toContain(`${SRC}/m/800x0 800w`);
});

test('server and client output match: hydration logs nothing (the setup fails on console.error)', async () => {
  const element = (
    <div>
      <ResponsiveImage image={image()} sizes="(min-width: 960px) 33vw, 100vw" />
      <ResponsiveImage image={image({ focus: '1x1:2x2' })} sizes="96px" preset="avatar" priority />
      <ResponsiveImage image={image({ src: '/a/f/1/10x10/h/logo.svg' })} sizes="100vw" />
    </div>
  );
  const html = renderToString(element);
  const container = document.createElement('div');
  container.innerHTML = html;
  const serverDom = container.innerHTML; // attribute names as the DOM spells them
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, element);
  });
  expect(container.innerHTML).toBe(serverDom);
  // React preloads the priority image's srcset (LCP) from the server render.
  expect(html).toMatch(/^<link rel="preload" as="image" imageSrcSet="[^"]+96x96[^"]+" imageSizes="96px"/);
  container.remove();
});

test('without sizes the image is full width (100vw); alt, priority and preset pass through', () => {
  const { container } = render(<ResponsiveImage image={image()} alt="" />);
  const img = container.querySelector('img')!;
  expect(img.getAttribute('sizes')).toBe('100vw');
  expect(img.getAttribute('srcset')).toContain(`${SRC}/m/480x0 480w`);
  expect(img.getAttribute('alt')).toBe('');
  const { container: hero } = render(
    <ResponsiveImage image={image()} priority sizes="100vw" preset="cover" />,
  );
  expect(hero.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
  expect(hero.querySelector('img')?.getAttribute('width')).toBe('1250');
});
