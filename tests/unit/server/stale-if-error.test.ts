/**
 * Stale-if-error: when the CMS fails (after the client's retries), a page this isolate rendered
 * before is answered with its last good version, 200 and a 30 s re-check; its payload too; a page
 * it never rendered gets the 503 error page. Drafts never come from this memory.
 */
import { expect, test, vi } from 'vitest';
import { createStoryblokClient } from '../../../src/content/client.server';
import { setupRenderHandler } from '../../support/render-handler';

test('an outage: warm pages and payloads keep their last good content, a cold page is a 503', async () => {
  const { service, get, site } = setupRenderHandler();
  const title = String(site.articles[0]!.content.title);
  const warm = await get('/training');
  expect(warm.res.status).toBe(200);
  expect(warm.body).toContain(title);

  // The CMS goes down, and nothing is left in the client's memory cache.
  await createStoryblokClient({ accessToken: 'any' }).flushCache();
  service.faults.set({ status5xx: 1000 });
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});

  const stale = await get('/training');
  expect(stale.res.status).toBe(200);
  expect(stale.body).toContain(title);
  expect(stale.res.headers.get('netlify-cdn-cache-control')).toBe(
    'public, s-maxage=30, stale-while-revalidate=30',
  );
  expect(stale.res.headers.get('netlify-cache-tag')).toContain('articles');

  const payload = await get('/_payload/training');
  expect(payload.res.status).toBe(200);
  expect(payload.body).toContain(title);

  const cold = await get('/c/training');
  expect(cold.res.status).toBe(503);
  expect(cold.res.headers.get('cache-control')).toBe('no-store');
  errors.mockRestore();
  service.faults.clear();
});
