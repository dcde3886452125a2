import { describe, expect, test } from 'vitest';
import {
  DEFAULT_WIDTHS,
  IMAGE_PRESETS,
  candidateWidths,
  imageDimensions,
  imageProvider,
  imageSource,
  imageUrl,
  isTransformable,
  parseSize,
  srcSet,
} from '../../../../src/widgets/image/image-url';

const SB = 'https://a.storyblok.com/f/286000/1600x900/616fea85/cover.jpg';
const LOCAL = '/a/f/286000/1600x900/616fea85/cover.jpg';

describe('imageUrl: which sources are transformed (§5)', () => {
  test.each([
    [
      'https://a.storyblok.com/f/1/800x600/abc/photo.jpg',
      'https://a.storyblok.com/f/1/800x600/abc/photo.jpg/m/400x0',
    ],
    [
      'https://a.storyblok.com/f/1/800x600/abc/photo.jpeg',
      'https://a.storyblok.com/f/1/800x600/abc/photo.jpeg/m/400x0',
    ],
    [
      'https://a.storyblok.com/f/1/800x600/abc/photo.gif',
      'https://a.storyblok.com/f/1/800x600/abc/photo.gif/m/400x0',
    ],
    [
      'https://a.storyblok.com/f/1/800x600/abc/photo.png',
      'https://a.storyblok.com/f/1/800x600/abc/photo.png/m/400x0',
    ],
    [
      'https://a.storyblok.com/f/1/800x600/abc/PHOTO.JPG',
      'https://a.storyblok.com/f/1/800x600/abc/PHOTO.JPG/m/400x0',
    ],
    ['/a/f/1/800x600/abc/photo.Png', '/a/f/1/800x600/abc/photo.Png/m/400x0'],
    // A query or hash stays after the transformation; the extension is read before it.
    [
      'https://a.storyblok.com/f/1/800x600/abc/photo.jpg?cv=42',
      'https://a.storyblok.com/f/1/800x600/abc/photo.jpg/m/400x0?cv=42',
    ],
    ['/a/f/1/800x600/abc/photo.jpg#top', '/a/f/1/800x600/abc/photo.jpg/m/400x0#top'],
  ])('%s is resized', (src, expected) => {
    expect(imageUrl(src, { width: 400, height: 0 })).toBe(expected);
  });

  test.each([
    'https://a.storyblok.com/f/1/800x600/abc/logo.svg',
    'https://a.storyblok.com/f/1/800x600/abc/photo.webp',
    'https://a.storyblok.com/f/1/800x600/abc/photo.avif',
    'https://a.storyblok.com/f/1/800x600/abc/photo',
    'https://a.storyblok.com/f/1/800x600/abc/logo.svg?x=photo.jpg',
    'https://a.storyblok.com/f/1/800x600/abc/photo.jpg.svg',
  ])('%s is returned unchanged', (src) => {
    expect(imageUrl(src, { width: 400 })).toBe(src);
    expect(imageUrl(src, { preset: 'cover' })).toBe(src);
  });

  test('isTransformable matches the same rule', () => {
    expect(isTransformable('/x/a.JPEG?w=1')).toBe(true);
    expect(isTransformable('/x/a.svg')).toBe(false);
  });
});

describe('imageUrl: Storyblok options (B.11)', () => {
  test('width and height, 0 keeps proportions', () => {
    expect(imageUrl(SB, { width: 500, height: 300 })).toBe(`${SB}/m/500x300`);
    expect(imageUrl(SB, { width: 500 })).toBe(`${SB}/m/500x0`);
    expect(imageUrl(SB, { height: 300 })).toBe(`${SB}/m/0x300`);
    expect(imageUrl(SB, { width: '640px', height: '0' })).toBe(`${SB}/m/640x0`);
  });

  test('no options enables the service (WebP by Accept) without resizing', () => {
    expect(imageUrl(SB)).toBe(`${SB}/m/`);
  });

  test('smart, focal, format and quality in the documented order', () => {
    expect(
      imageUrl(SB, {
        width: 1250,
        height: 625,
        smart: true,
        focus: '1024x512:1025x513',
        format: 'webp',
        quality: 80,
      }),
    ).toBe(`${SB}/m/1250x625/smart/filters:focal(1024x512:1025x513):format(webp):quality(80)`);
    expect(imageUrl(SB, { format: 'avif' })).toBe(`${SB}/m/filters:format(avif)`);
    expect(imageUrl(SB, { width: 200, quality: 0 })).toBe(`${SB}/m/200x0/filters:quality(0)`);
  });

  test('smart needs a box; fit-in contains and never smart-crops', () => {
    expect(imageUrl(SB, { width: 400, smart: true })).toBe(`${SB}/m/400x0`);
    expect(imageUrl(SB, { width: 400, height: 400, fitIn: true, smart: true })).toBe(
      `${SB}/m/fit-in/400x400`,
    );
  });

  test('a malformed focus is ignored; bad quality, format or oversize throw', () => {
    expect(imageUrl(SB, { width: 400, focus: 'centre' })).toBe(`${SB}/m/400x0`);
    expect(() => imageUrl(SB, { quality: 101 })).toThrow(/quality/);
    expect(() => imageUrl(SB, { quality: 2.5 })).toThrow(/quality/);
    expect(() => imageUrl(SB, { format: 'bmp' as never })).toThrow(/format "bmp"/);
    expect(() => imageUrl(SB, { width: 5000 })).toThrow(/over 4000px/);
  });

  test('works on the local stand-in path as on the CDN host', () => {
    expect(imageUrl(LOCAL, { width: 320, height: 0 })).toBe(`${LOCAL}/m/320x0`);
  });
});

describe('presets', () => {
  test('cover is the spec variant: 1250x625 smart crop', () => {
    expect(IMAGE_PRESETS.cover).toEqual({ width: 1250, height: 625, smart: true });
    expect(imageUrl(SB, { preset: 'cover' })).toBe(`${SB}/m/1250x625/smart`);
  });

  test('card, avatar and block', () => {
    expect(imageUrl(SB, { preset: 'card' })).toBe(`${SB}/m/600x400/smart`);
    expect(imageUrl(SB, { preset: 'avatar' })).toBe(`${SB}/m/400x400/smart`);
    expect(imageUrl(SB, { preset: 'block' })).toBe(`${SB}/m/800x800/smart`);
  });

  test('a width alone keeps the preset aspect; explicit options override it', () => {
    expect(imageUrl(SB, { preset: 'cover', width: 640 })).toBe(`${SB}/m/640x320/smart`);
    expect(imageUrl(SB, { preset: 'cover', height: 100 })).toBe(`${SB}/m/200x100/smart`);
    expect(imageUrl(SB, { preset: 'cover', smart: false })).toBe(`${SB}/m/1250x625`);
    expect(imageUrl(SB, { preset: 'cover', focus: '10x10:11x11', smart: false })).toBe(
      `${SB}/m/1250x625/filters:focal(10x10:11x11)`,
    );
  });

  test('an unknown preset throws naming it (§8), even for a source that is not transformed', () => {
    expect(() => imageUrl(SB, { preset: 'hero' })).toThrow('Unknown image preset "hero"');
    expect(() => imageUrl('/x/logo.svg', { preset: 'hero' })).toThrow('Unknown image preset "hero"');
    expect(() => imageUrl(SB, { preset: 'toString' })).toThrow('Unknown image preset "toString"');
  });
});

describe('providers', () => {
  test('an unknown provider throws naming it (§8)', () => {
    expect(() => imageUrl(SB, { provider: 'cloudinary' as never })).toThrow(
      'Unknown image provider "cloudinary"',
    );
    expect(() => srcSet(SB, [320], { provider: 'ipx' as never })).toThrow('Unknown image provider "ipx"');
  });

  test('static: the path with ?w= / &h=, unchanged without a size', () => {
    expect(imageUrl('/images/hero.jpg', { provider: 'static' })).toBe('/images/hero.jpg');
    expect(imageUrl('/images/hero.jpg', { provider: 'static', width: 640 })).toBe('/images/hero.jpg?w=640');
    expect(
      imageUrl('/images/hero.jpg', { provider: 'static', width: 640, height: 320, format: 'webp' }),
    ).toBe('/images/hero.jpg?w=640&h=320');
    expect(imageUrl('/images/hero.jpg?v=2#x', { provider: 'static', width: 640 })).toBe(
      '/images/hero.jpg?v=2&w=640#x',
    );
    expect(imageUrl('/images/hero.jpg', { provider: 'static', preset: 'card' })).toBe(
      '/images/hero.jpg?w=600&h=400',
    );
    expect(imageUrl('/images/logo.svg', { provider: 'static', width: 640 })).toBe('/images/logo.svg');
  });

  test('imageProvider recognises Storyblok asset paths and static paths', () => {
    expect(imageProvider(SB)).toBe('storyblok');
    expect(imageProvider('https://a-us.storyblok.com/f/1/10x10/h/a.png?cv=1')).toBe('storyblok');
    expect(imageProvider(LOCAL)).toBe('storyblok');
    expect(imageProvider('/images/5/1200x800/cover.jpg')).toBe('static');
    expect(imageProvider('https://cdn.example.com/photo.jpg')).toBeNull();
    expect(imageProvider('data:image/png;base64,AAAA')).toBeNull();
  });
});

describe('parseSize (§5)', () => {
  test.each([
    ['640', 640],
    ['640px', 640],
    [640, 640],
    [0, 0],
    ['0', 0],
    [' 320px ', 320],
  ] as const)('%j → %d', (value, expected) => {
    expect(parseSize(value)).toBe(expected);
  });

  test.each(['64em', '', 'px', -1, '-1', '6.5', 6.5, '640 px', 'PX640', NaN, Infinity, null, undefined, {}])(
    '%j throws',
    (value) => {
      expect(() => parseSize(value)).toThrow(/Invalid image size/);
    },
  );
});

describe('imageSource (§5)', () => {
  test.each(['', '   ', null, undefined, 42, {}, ['/a.jpg']])('%j → input must be a string', (value) => {
    expect(() => imageSource(value)).toThrowError(new Error('input must be a string'));
    expect(() => imageUrl(value)).toThrowError(new Error('input must be a string'));
    expect(() => srcSet(value, [320])).toThrowError(new Error('input must be a string'));
  });

  test('a non-empty string is returned as is', () => {
    expect(imageSource('/a.jpg')).toBe('/a.jpg');
  });
});

describe('imageDimensions', () => {
  test('reads the /{W}x{H}/ segment', () => {
    expect(imageDimensions(SB)).toEqual({ width: 1600, height: 900, ratio: 1600 / 900 });
    expect(imageDimensions('/a/f/1/800x800/h/b.png?x=1x2/')).toEqual({ width: 800, height: 800, ratio: 1 });
  });

  test.each([
    'https://a.storyblok.com/f/1/photo.jpg',
    '/images/photo.jpg',
    '/f/1/0x600/h/photo.jpg',
    '/f/1/800x0/h/photo.jpg',
    '/photo.jpg?size=/800x600/',
    '',
    null,
    42,
  ])('%j → 0/0/0 (§8 metadata failure)', (src) => {
    expect(imageDimensions(src)).toEqual({ width: 0, height: 0, ratio: 0 });
  });
});

describe('srcSet', () => {
  test('one candidate per width, keeping proportions', () => {
    expect(srcSet(SB, [640, 320, '480px', 320])).toBe(
      `${SB}/m/320x0 320w, ${SB}/m/480x0 480w, ${SB}/m/640x0 640w`,
    );
  });

  test('a preset keeps its box aspect and smart crop', () => {
    expect(srcSet(SB, [320, 640], { preset: 'cover' })).toBe(
      `${SB}/m/320x160/smart 320w, ${SB}/m/640x320/smart 640w`,
    );
  });

  test('an explicit box keeps its aspect; other options carry over', () => {
    expect(srcSet(SB, [300], { width: 600, height: 600, format: 'webp' })).toBe(
      `${SB}/m/300x300/filters:format(webp) 300w`,
    );
  });

  test('static provider and untransformable sources', () => {
    expect(srcSet('/images/a.jpg', [320, 640], { provider: 'static' })).toBe(
      '/images/a.jpg?w=320 320w, /images/a.jpg?w=640 640w',
    );
    expect(srcSet('/x/logo.svg', [320, 640])).toBe('');
  });

  test('bad widths throw', () => {
    expect(() => srcSet(SB, ['64em'])).toThrow(/Invalid image size/);
  });
});

describe('candidateWidths', () => {
  test('capped at the original width, which becomes the largest candidate', () => {
    expect(candidateWidths(1600)).toEqual([...DEFAULT_WIDTHS]);
    expect(candidateWidths(4000)).toEqual([...DEFAULT_WIDTHS]);
    expect(candidateWidths(800)).toEqual([480, 800]);
    expect(candidateWidths(600, [96, 192])).toEqual([96, 192]);
    expect(candidateWidths(150, [96, 192])).toEqual([96, 150]);
    expect(candidateWidths(0)).toEqual([...DEFAULT_WIDTHS]);
    expect(candidateWidths(200)).toEqual([200]);
    expect(candidateWidths(1000)).toEqual([480, 800, 1000]);
  });
});
