import { expect, test } from 'vitest';
import { toAnnouncement, toLayout } from '../../../src/content/map/layout';
import { globalStory, recordingContext } from './factories';

const announcement = (fields: Record<string, unknown> = {}) => ({
  _uid: 'a1',
  component: 'announcement',
  ...fields,
});

test('the announcement is the first item of the list, with its call to action', () => {
  const ctx = recordingContext();
  const layout = toLayout(
    globalStory({
      announcement: [
        announcement({
          active: true,
          theme: 'blue',
          headline: 'New app update',
          text: 'Round timer is here',
          cta_text: 'Read more',
          cta_link: {
            linktype: 'story',
            url: '',
            cached_url: 'for-members/app-update',
            anchor: 'timer',
            fieldtype: 'multilink',
          },
        }),
        announcement({ _uid: 'a2', headline: 'Second' }),
      ],
      tagline: 'Train at home',
    }),
    ctx,
  );
  expect(layout).toMatchObject({
    tagline: 'Train at home',
    announcement: {
      active: true,
      theme: 'blue',
      headline: 'New app update',
      text: 'Round timer is here',
      cta: { url: '/for-members/app-update#timer', text: 'Read more' },
    },
  });
});

test('announcement defaults: inactive, red theme, empty texts, no cta', () => {
  expect(toAnnouncement([announcement()])).toEqual({
    active: false,
    theme: 'red',
    headline: '',
    text: '',
    cta: null,
  });
});

test('an unknown theme falls back to red', () => {
  expect(toAnnouncement([announcement({ theme: 'purple' })])?.theme).toBe('red');
});

test('the cta needs both a text and a link; an external url is kept as is', () => {
  expect(toAnnouncement([announcement({ cta_text: 'Go' })])?.cta).toBeNull();
  expect(
    toAnnouncement([announcement({ cta_link: { linktype: 'url', url: 'https://x.test' } })])?.cta,
  ).toBeNull();
  expect(
    toAnnouncement([
      announcement({ cta_text: 'Go', cta_link: { linktype: 'url', url: 'https://x.test/#a' } }),
    ])?.cta,
  ).toEqual({
    url: 'https://x.test/#a',
    text: 'Go',
  });
});

test('no announcement when the list is empty or its first item is not an announcement', () => {
  expect(toAnnouncement([])).toBeNull();
  expect(toAnnouncement([{ component: 'something_else' }, announcement()])).toBeNull();
});

test('layout social links need a name and a url; unsupported names are ignored', () => {
  const ctx = recordingContext();
  const social = (name: unknown, url: unknown) => ({
    _uid: `s-${String(name)}`,
    component: 'social_link',
    name,
    url,
  });
  const layout = toLayout(
    globalStory({
      social_links: [
        social('facebook', 'https://facebook.com/rh'),
        social('tiktok', ''),
        social('', 'https://x.test'),
        social('friendster', 'https://friendster.com/rh'),
        social('rss', '/rss.xml'),
        { component: 'other' },
      ],
    }),
    ctx,
  );
  expect(layout?.socialLinks).toEqual([
    { name: 'facebook', url: 'https://facebook.com/rh' },
    { name: 'rss', url: '/rss.xml' },
  ]);
  expect(layout?.announcement).toBeNull();
});

test('an invalid global story is logged and gives null', () => {
  const ctx = recordingContext();
  expect(toLayout({ ...globalStory(), content: { component: 'page' } }, ctx)).toBeNull();
  expect(ctx.warnings[0]).toContain('"global"');
});
