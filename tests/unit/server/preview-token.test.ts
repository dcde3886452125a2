/** The Visual Editor's link check: Storyblok's documented rule, and nothing looser. */
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { editorToken, signedEditorUrl, verifyEditorParams } from '../../../src/server/preview-token';

const now = new Date('2026-06-01T12:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);
const expected = { spaceId: '42', previewToken: 'prev', now };

test("the token is sha1(space_id:preview_token:timestamp), as Storyblok's app computes it", async () => {
  const reference = createHash('sha1').update('42:prev:1700000000').digest('hex');
  expect(await editorToken('42', 'prev', '1700000000')).toBe(reference);
});

test('a signed link verifies and names its story; each broken part fails with its reason', async () => {
  const url = await signedEditorUrl(new URL('https://site.test/a/b'), { storyId: 7, ...expected });
  expect(await verifyEditorParams(url, expected)).toEqual({ ok: true, storyId: '7' });

  const upper = new URL(url);
  upper.searchParams.set('_storyblok_tk[token]', url.searchParams.get('_storyblok_tk[token]')!.toUpperCase());
  expect((await verifyEditorParams(upper, expected)).ok).toBe(true);

  const future = await signedEditorUrl(url, {
    storyId: 7,
    ...expected,
    now: new Date(now.getTime() + 120_000),
  });
  expect(await verifyEditorParams(future, expected)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/expired/),
  });

  const doubled = new URL(url);
  doubled.searchParams.append('_storyblok_tk[token]', 'x');
  expect(await verifyEditorParams(doubled, expected)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/incomplete/),
  });

  const missing = new URL(url);
  missing.searchParams.delete('_storyblok_tk[timestamp]');
  expect((await verifyEditorParams(missing, expected)).ok).toBe(false);

  const notNumber = new URL(url);
  notNumber.searchParams.set('_storyblok_tk[timestamp]', `${seconds}.5`);
  expect(await verifyEditorParams(notNumber, expected)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/malformed/),
  });

  const otherToken = { ...expected, previewToken: 'rotated' };
  expect(await verifyEditorParams(url, otherToken)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/not valid/),
  });
});
