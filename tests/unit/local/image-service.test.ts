import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import {
  IMAGE_CACHE_CONTROL,
  acceptsWebp,
  createImageService,
  handleImageRequest,
  parseImageOptions,
} from '../../../src/local/image-service';
import { demoAssetPath } from '../../../src/local/demo';
import { imageUrl } from '../../../src/widgets/image/image-url';

/** A 1600x900 demo cover and an 800x800 block image, at their image-service paths. */
const COVER = '/a/f/286000/1600x900/616fea85/category-training-cover.jpg';
const BLOCK = '/a/f/286000/800x800/1a2b3c4d/category-training-block.jpg';
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

async function fetchImage(pathname: string, accept: string | null = null, service = createImageService()) {
  const response = await service.handle(pathname, accept);
  if (!response) throw new Error(`no response for ${pathname}`);
  const body = Buffer.from(await response.arrayBuffer());
  const meta = response.status === 200 ? await sharp(body).metadata() : null;
  return { response, body, meta };
}

test('the demo assets used here exist', () => {
  expect(demoAssetPath('category-training-cover.jpg')).toBeTruthy();
  expect(demoAssetPath('category-training-block.jpg')).toBeTruthy();
});

describe('originals', () => {
  test('without /m/ the file is served as is, immutable', async () => {
    const { response, body, meta } = await fetchImage(COVER, CHROME_ACCEPT);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect([meta?.width, meta?.height, meta?.format]).toEqual([1600, 900, 'jpeg']);
  });

  test('unknown files and other path shapes are null (the server answers 404)', async () => {
    const service = createImageService();
    expect(await service.handle('/a/f/286000/1600x900/616fea85/no-such-image.jpg', null)).toBeNull();
    expect(await service.handle('/a/f/286000/1600x900/616fea85/no-such-image.jpg/m/400x0', null)).toBeNull();
    expect(await service.handle('/a/f/286000/1600x900/616fea85/..%2Findex.ts', null)).toBeNull();
    expect(await service.handle('/a/f/category-training-cover.jpg', null)).toBeNull();
    expect(await service.handle(`${COVER}/extra`, null)).toBeNull();
  });
});

describe('resizing with sharp', () => {
  test('/m/400x0 → 400 wide, proportional height; format by Accept', async () => {
    const { response, meta } = await fetchImage(`${COVER}/m/400x0`);
    expect(response.status).toBe(200);
    expect([meta?.width, meta?.height, meta?.format]).toEqual([400, 225, 'jpeg']);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
  });

  test('/m/0x300 keeps proportions from the height', async () => {
    const { meta } = await fetchImage(`${COVER}/m/0x300`);
    expect([meta?.width, meta?.height]).toEqual([533, 300]);
  });

  test('/m/300x300/smart → exactly 300x300', async () => {
    const { meta } = await fetchImage(`${COVER}/m/300x300/smart`);
    expect([meta?.width, meta?.height]).toEqual([300, 300]);
  });

  test('the cover preset URL from the helper: 1250x625 smart crop', async () => {
    const { meta } = await fetchImage(imageUrl(COVER, { preset: 'cover' }));
    expect([meta?.width, meta?.height]).toEqual([1250, 625]);
  });

  test('fit-in contains the image in the box; with fill it pads to the box', async () => {
    const inside = await fetchImage(`${COVER}/m/fit-in/400x400`);
    expect([inside.meta?.width, inside.meta?.height]).toEqual([400, 225]);
    const padded = await fetchImage(`${COVER}/m/fit-in/400x400/filters:fill(transparent):format(png)`);
    expect([padded.meta?.width, padded.meta?.height, padded.meta?.hasAlpha]).toEqual([400, 400, true]);
  });

  test('focal crops around the focal point: left and right focal points give different crops', async () => {
    const left = await fetchImage(`${COVER}/m/200x200/filters:focal(100x450:101x451):format(png)`);
    const right = await fetchImage(`${COVER}/m/200x200/filters:focal(1500x450:1501x451):format(png)`);
    expect([left.meta?.width, left.meta?.height]).toEqual([200, 200]);
    expect([right.meta?.width, right.meta?.height]).toEqual([200, 200]);
    expect(left.body.equals(right.body)).toBe(false);
    // The left crop is the left edge of the cover, scaled: compare with a plain crop of that region.
    const expected = await sharp(demoAssetPath('category-training-cover.jpg')!)
      .resize(356, 200)
      .extract({ left: 0, top: 0, width: 200, height: 200 })
      .raw()
      .toBuffer();
    const actual = await sharp(left.body).removeAlpha().raw().toBuffer();
    expect(meanDifference(actual, expected)).toBeLessThan(6);
  });

  test('a manual crop then a resize', async () => {
    const { meta } = await fetchImage(`${COVER}/m/0x0:800x450/400x0`);
    expect([meta?.width, meta?.height]).toEqual([400, 225]);
  });

  test('grayscale, blur, brightness and rotate filters apply', async () => {
    const { meta } = await fetchImage(
      `${BLOCK}/m/200x100/filters:grayscale():blur(2):brightness(10):rotate(90):format(png)`,
    );
    expect([meta?.width, meta?.height]).toEqual([100, 200]);
  });
});

describe('formats', () => {
  test.each([
    ['webp', 'image/webp'],
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['avif', 'image/avif'],
  ] as const)('filters:format(%s) → %s whatever the Accept header, no Vary', async (format, type) => {
    const { response, meta } = await fetchImage(
      `${BLOCK}/m/120x0/filters:format(${format}):quality(50)`,
      'image/jpeg',
    );
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('vary')).toBeNull();
    expect(meta?.format).toBe(format === 'avif' ? 'heif' : format);
    expect(meta?.width).toBe(120);
  });

  test('quality changes the size of the output', async () => {
    const low = await fetchImage(`${COVER}/m/800x0/filters:format(webp):quality(10)`);
    const high = await fetchImage(`${COVER}/m/800x0/filters:format(webp):quality(95)`);
    expect(low.body.length).toBeLessThan(high.body.length);
  });

  test('bare /m/ serves WebP when Accept allows it, else the original format, at full size', async () => {
    const webp = await fetchImage(`${COVER}/m/`, CHROME_ACCEPT);
    expect(webp.response.headers.get('content-type')).toBe('image/webp');
    expect(webp.response.headers.get('vary')).toBe('Accept');
    expect([webp.meta?.format, webp.meta?.width, webp.meta?.height]).toEqual(['webp', 1600, 900]);
    for (const accept of [null, 'image/png,image/*;q=0.8', 'image/webp;q=0']) {
      const jpeg = await fetchImage(`${COVER}/m/`, accept);
      expect(jpeg.response.headers.get('content-type')).toBe('image/jpeg');
      expect(jpeg.response.headers.get('vary')).toBe('Accept');
      expect(jpeg.meta?.format).toBe('jpeg');
    }
  });

  test('a resized WebP is much smaller than the original', async () => {
    const original = await fetchImage(COVER);
    const small = await fetchImage(`${COVER}/m/480x0`, CHROME_ACCEPT);
    expect(small.meta?.format).toBe('webp');
    expect(small.body.length).toBeLessThan(original.body.length / 3);
  });

  test('acceptsWebp', () => {
    expect(acceptsWebp(CHROME_ACCEPT)).toBe(true);
    expect(acceptsWebp('image/webp')).toBe(true);
    expect(acceptsWebp('image/webp;q=0.5')).toBe(true);
    expect(acceptsWebp('image/webp;q=0')).toBe(false);
    expect(acceptsWebp('*/*')).toBe(false);
    expect(acceptsWebp(null)).toBe(false);
  });
});

describe('validation', () => {
  test.each([
    ['400', /unexpected "400"/],
    ['400x', /unexpected/],
    ['x400', /unexpected/],
    ['-400x0', /unexpected/],
    ['400x0/', /empty segment/],
    ['400x0//smart', /empty segment/],
    ['smart/400x400', /out of order/],
    ['400x400/400x400', /out of order or repeated/],
    ['400x0/smart', /smart needs both/],
    ['5000x0', /over 4000px/],
    ['0x5000', /over 4000px/],
    ['4001x4001/smart', /over 4000px/],
    ['filters:format(gif)', /format\(gif\)/],
    ['filters:format(webp', /malformed filter/],
    ['filters:quality(101)', /quality\(101\)/],
    ['filters:quality(high)', /quality\(high\)/],
    ['filters:focal(1x1)', /focal/],
    ['filters:sepia()', /unknown filter sepia/],
    ['filters:quality(10):quality(20)', /given twice/],
    ['filters:quality(10):', /malformed filters/],
    ['filters:', /empty filters/],
    ['filters:rotate(45)', /rotate/],
    ['filters:fill(red)', /fill/],
    ['800x0:0x450', /second corner/],
  ])('/m/%s → 400 (%s)', async (options, reason) => {
    const response = await createImageService().handle(`${COVER}/m/${options}`, CHROME_ACCEPT);
    expect(response?.status).toBe(400);
    expect(response?.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response?.text()).toMatch(reason);
  });

  test('4000px is the largest allowed edge', () => {
    expect(parseImageOptions('4000x0').ok).toBe(true);
    expect(parseImageOptions('4001x0')).toEqual({ ok: false, reason: 'size 4001x0 is over 4000px' });
  });

  test('a crop outside the image is a 400', async () => {
    const response = await createImageService().handle(`${COVER}/m/2000x1000:3000x2000`, null);
    expect(response?.status).toBe(400);
    expect(await response?.text()).toMatch(/outside the image/);
  });

  test('the whole grammar parses', () => {
    const parsed = parseImageOptions(
      'fit-in/10x20:110x220/100x100/smart/filters:focal(1x2:3x4):format(avif):quality(70):fill(00ff00)',
    );
    expect(parsed).toMatchObject({
      ok: true,
      transform: {
        fitIn: true,
        crop: { x1: 10, y1: 20, x2: 110, y2: 220 },
        width: 100,
        height: 100,
        smart: true,
        focal: { x1: 1, y1: 2, x2: 3, y2: 4 },
        format: 'avif',
        quality: 70,
        fill: '00ff00',
      },
    });
  });
});

describe('cache', () => {
  test('a repeated request is a cache hit with identical bytes, and faster', async () => {
    const service = createImageService();
    const path = `${COVER}/m/640x0`;
    const started = performance.now();
    const first = await fetchImage(path, CHROME_ACCEPT, service);
    const cold = performance.now() - started;
    const again = performance.now();
    const second = await fetchImage(path, CHROME_ACCEPT, service);
    const warm = performance.now() - again;
    expect(second.body.equals(first.body)).toBe(true);
    expect(service.stats()).toMatchObject({ hits: 1, misses: 1, size: 1 });
    expect(warm).toBeLessThan(cold);
    // Another format is another entry.
    await fetchImage(path, null, service);
    expect(service.stats()).toMatchObject({ hits: 1, misses: 2, size: 2 });
  });

  test('concurrent requests for the same image share one transformation', async () => {
    const service = createImageService();
    const responses = await Promise.all([1, 2, 3].map(() => service.handle(`${BLOCK}/m/333x0`, null)));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r!.arrayBuffer())));
    expect(bodies[1]!.equals(bodies[0]!)).toBe(true);
    expect(bodies[2]!.equals(bodies[0]!)).toBe(true);
    expect(service.stats()).toMatchObject({ hits: 2, misses: 1 });
  });

  test('least recently used entries are evicted past the limit', async () => {
    const service = createImageService({ maxEntries: 2 });
    await service.handle(`${BLOCK}/m/100x0`, null);
    await service.handle(`${BLOCK}/m/110x0`, null);
    await service.handle(`${BLOCK}/m/100x0`, null); // hit: 100 becomes most recent
    await service.handle(`${BLOCK}/m/120x0`, null); // evicts 110
    expect(service.stats()).toMatchObject({ size: 2, hits: 1, misses: 3 });
    await service.handle(`${BLOCK}/m/100x0`, null);
    expect(service.stats().hits).toBe(2);
    await service.handle(`${BLOCK}/m/110x0`, null);
    expect(service.stats().misses).toBe(4);
  });

  test('the shared handler used by the server answers too', async () => {
    const response = await handleImageRequest(`${BLOCK}/m/64x64/smart`, CHROME_ACCEPT);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toBe('image/webp');
  });
});

function meanDifference(a: Buffer, b: Buffer): number {
  const length = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / length;
}
