/**
 * Which image a page's social card shows: a large enough Storyblok asset cropped to 1200×630 by
 * the image service (around its focus), else the site's share card; never a relative URL.
 */
import { expect, test } from 'vitest';
import { socialImage } from '../../../src/server/page-head/social-card';
import type { Image } from '../../../src/content/types';

const ORIGIN = 'https://roundhouse.example';
const alts = { page: 'The page', site: 'Roundhouse' };
const image = (src: string, width: number, height: number, extra: Partial<Image> = {}): Image => ({
  src,
  alt: 'Gloves',
  width,
  height,
  focus: null,
  ...extra,
});
const cover = image('/a/f/286000/1600x900/abcd/cover.jpg', 1600, 900);
const shareCard = {
  url: `${ORIGIN}/icons/share.png`,
  width: 1200,
  height: 630,
  alt: 'Roundhouse logo',
  type: 'image/png',
};

test('a large Storyblok asset is cropped to 1200×630 as a JPEG, smart or around its focus', () => {
  expect(socialImage(cover, ORIGIN, alts)).toEqual({
    url: `${ORIGIN}/a/f/286000/1600x900/abcd/cover.jpg/m/1200x630/smart/filters:format(jpeg)`,
    width: 1200,
    height: 630,
    alt: 'Gloves',
    type: 'image/jpeg',
  });
  expect(socialImage({ ...cover, focus: '10x10:11x11' }, ORIGIN, alts)?.url).toBe(
    `${ORIGIN}/a/f/286000/1600x900/abcd/cover.jpg/m/1200x630/filters:focal(10x10:11x11):format(jpeg)`,
  );
});

test("an asset on Storyblok's host keeps its host; one without alt text takes the page's name", () => {
  const cdn = { ...cover, src: 'https://a.storyblok.com/f/286000/1600x900/abcd/cover.jpg' };
  expect(socialImage(cdn, ORIGIN, alts)?.url).toBe(
    'https://a.storyblok.com/f/286000/1600x900/abcd/cover.jpg/m/1200x630/smart/filters:format(jpeg)',
  );
  expect(socialImage({ ...cover, alt: ' ' }, ORIGIN, alts)?.alt).toBe('The page');
});

test.each([
  ['smaller than the card', image('/a/f/286000/800x800/abcd/block.jpg', 800, 800)],
  ['as wide but not as tall', image('/a/f/286000/1600x600/abcd/strip.jpg', 1600, 600)],
  ['an SVG', image('/a/f/286000/1600x900/abcd/logo.svg', 1600, 900)],
  ['a static path the service cannot crop', image('/images/x/1600x900/cover.jpg', 1600, 900)],
  ['no image at all', null],
])('%s: the site share card', (_what, candidate) => {
  expect(socialImage(candidate, ORIGIN, alts)).toEqual(shareCard);
});

test('an asset of unknown size is judged by the size its URL names', () => {
  expect(socialImage(image('/a/f/286000/1600x900/abcd/cover.jpg', 0, 0), ORIGIN, alts)?.type).toBe(
    'image/jpeg',
  );
  expect(socialImage(image('/a/f/286000/600x600/abcd/sam.jpg', 0, 0), ORIGIN, alts)).toEqual(shareCard);
});

test('without a configured origin there is no absolute URL to give, so no card', () => {
  expect(socialImage(cover, '', alts)).toBeNull();
  expect(socialImage(null, '', alts)).toBeNull();
});
