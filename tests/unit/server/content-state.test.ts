/**
 * What the content webhook recorded reaches every render: a moved page answers 301 to its new
 * address (payload too), an unpublished one 410, and the space version goes to the content client;
 * the record is read at most once a second per isolate and a failed read keeps the last good one.
 */
import { describe, expect, test, vi } from 'vitest';
import { NOT_FOUND_TITLE } from '../../../src/app/layout/error-layout';
import { emptyContentState, type ContentState } from '../../../src/content/state';
import { cachedContentState } from '../../../src/server/content-state.server';
import { createRenderHandler } from '../../../src/server/handler.server';
import { setupRenderHandler, testManifest } from '../../support/render-handler';

function handlerWith(state: Partial<ContentState>, onSpaceVersion = vi.fn()) {
  const base = setupRenderHandler();
  const handle = createRenderHandler({
    manifest: testManifest,
    contentFor: () => base.content,
    siteName: 'Roundhouse',
    baseUrl: 'https://example.test',
    now: () => new Date('2026-06-01T12:00:00Z'),
    contentState: () => Promise.resolve({ ...emptyContentState(), ...state }),
    onSpaceVersion,
  });
  return { handle, onSpaceVersion };
}

describe('the recorded content state in renders', () => {
  test('a moved page answers 301 to its new path, and so does its payload', async () => {
    const { handle } = handlerWith({ redirects: { '/training/old-jab': '/training/article-1' } });
    const page = await handle(new Request('https://example.test/training/old-jab?ref=newsletter'));
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe('/training/article-1?ref=newsletter');
    const payload = await handle(new Request('https://example.test/_payload/training/old-jab'));
    expect(payload.headers.get('location')).toBe('/_payload/training/article-1');
  });

  test('an unpublished page is 410 with the not-found page; a never-known path stays 404', async () => {
    const { handle } = handlerWith({ gone: { '/training/removed': '2026-05-01T00:00:00Z' } });
    const gone = await handle(new Request('https://example.test/training/removed'));
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(`error-page__title">${NOT_FOUND_TITLE}`);
    expect((await handle(new Request('https://example.test/training/never-was'))).status).toBe(404);
  });

  test('the recorded space version is handed to the content client before rendering', async () => {
    const { handle, onSpaceVersion } = handlerWith({ cv: 1_790_000_123 });
    await handle(new Request('https://example.test/'));
    expect(onSpaceVersion).toHaveBeenCalledWith(1_790_000_123);
  });
});

describe('cachedContentState', () => {
  test('reads once per period, parses, and keeps the last good state when a read fails', async () => {
    let now = 0;
    const read = vi
      .fn<() => Promise<unknown>>()
      .mockResolvedValueOnce({ ...emptyContentState(), cv: 7 })
      .mockRejectedValueOnce(new Error('blobs down'))
      .mockResolvedValueOnce({ not: 'a state' });
    const state = cachedContentState(read, { maxAgeMs: 1000, clock: () => now });
    expect((await state()).cv).toBe(7);
    now = 500;
    expect((await state()).cv).toBe(7);
    expect(read).toHaveBeenCalledTimes(1);
    now = 1000;
    expect((await state()).cv).toBe(7); // the read failed: last good
    now = 2000;
    expect((await state()).cv).toBeNull(); // unreadable data: the empty state
    expect(read).toHaveBeenCalledTimes(3);
  });
});
