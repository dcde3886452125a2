// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { isValidElement } from 'react';
import { beforeAll, expect, test } from 'vitest';
import type { BlockData } from '../../../src/blocks/types';
import { validateBlock } from '../../../src/blocks/validate.server';
import { loadBlocks, rendererFor } from '../../../src/blocks/registry';
import { displaySchemas } from '../../../src/blocks/schemas/display.server';
import { blockContext, renderWithRouter } from '../widgets/display/helpers';

type Component = keyof typeof displaySchemas;

// Renderers are code-split; whoever renders loads them first (the server, the browser, and here).
beforeAll(() => loadBlocks(Object.keys(displaySchemas)));

/** What the server does before render: parse the props with the block's schema (defaults applied). */
function parse(component: Component, props: Record<string, unknown>) {
  return displaySchemas[component].parse(props) as Record<string, unknown>;
}

/** Parse on the "server", then render with the block's renderer as the browser would. */
function renderBlock(component: Component, props: Record<string, unknown>) {
  const renderer = rendererFor(component);
  if (!renderer) throw new Error(`no renderer for ${component}`);
  const result = renderer(parse(component, props), blockContext(), `uid-${component}`);
  expect(isValidElement(result)).toBe(true);
  return renderWithRouter(result);
}

/**
 * Invalid props fail the schema, and the server marks the block with the reason (so the registry
 * renders its fallback). Returns that reason, or null when the props are valid.
 */
function errorOf(component: Component, props: Record<string, unknown>): string | null {
  const parsed = displaySchemas[component].safeParse(props);
  const logged: string[] = [];
  const block = validateBlock({ component, uid: 'uid', props }, (m) => logged.push(m));
  expect(block.error === undefined).toBe(parsed.success);
  expect(logged).toHaveLength(parsed.success ? 0 : 1);
  return block.error ?? null;
}

const image = {
  src: 'https://img.example/a-800x600.jpg',
  alt: 'Gloves',
  width: 800,
  height: 600,
  focus: null,
};

test('every display block has a schema and a renderer, under the same component names', () => {
  const names = Object.keys(displaySchemas);
  expect(names.filter((name) => !rendererFor(name))).toEqual([]);
  expect(names).toEqual([
    'button',
    'email_capture',
    'social_icons',
    'tabs',
    'short_text',
    'card',
    'rating',
    'product',
    'announcement',
  ]);
});

test('button: renders a link button; optional enums accept empty values', () => {
  renderBlock('button', { text: 'Start training', link: 'training/jab#drills', variant: '', size: 'large' });
  const link = screen.getByRole('link', { name: 'Start training' });
  expect(link.getAttribute('href')).toBe('/training/jab#drills');
  expect(link.className).toContain('ui-button--primary');
  expect(link.className).toContain('ui-button--large');
});

test.each([
  [{ link: '/x' }],
  [{ text: '', link: '/x' }],
  [{ text: 'Go', link: '' }],
  [{ text: 'Go' }],
  [{ text: 'Go', link: '/x', variant: 'ghost' }],
  [{ text: 'Go', link: '/x', size: 'huge' }],
])('button: invalid props %j → error', (props) => {
  expect(errorOf('button', props)).toEqual(expect.any(String));
});

test('email_capture: defaults (Subscribe, default icon) and custom props', () => {
  const { unmount } = renderBlock('email_capture', {});
  expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  unmount();
  const { container } = renderBlock('email_capture', {
    headline: 'Join',
    text: 'Weekly.',
    cta: 'Sign me up',
    icon_size: 'big',
  });
  expect(screen.getByRole('heading', { name: 'Join' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Sign me up' })).toBeTruthy();
  expect(container.querySelector('.ui-email-capture--icon-big')).toBeTruthy();
});

test('email_capture: its consent line links to the privacy policy', () => {
  renderBlock('email_capture', {});
  expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/p/privacy');
});

test('email_capture: an empty cta falls back to Subscribe; an unknown icon size is an error', () => {
  renderBlock('email_capture', { cta: '' });
  expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  expect(errorOf('email_capture', { icon_size: 'small' })).toMatch(/icon_size/);
  expect(errorOf('email_capture', { headline: 5 })).toMatch(/headline/);
});

const socialLinks = [
  { component: 'social_link', uid: 's1', props: { name: 'instagram', url: 'https://ig.example/rh' } },
  { component: 'social_link', uid: 's2', props: { name: 'myspace', url: 'https://ms.example/rh' } },
  { component: 'social_link', uid: 's3', props: { name: 'youtube', url: '' } },
  { component: 'other', uid: 's4', props: { name: 'facebook', url: 'https://fb.example/rh' } },
];

test('social_icons: nested social_link blocks; unsupported or incomplete entries skipped', () => {
  const { container } = renderBlock('social_icons', {
    links: socialLinks,
    background: 'blue',
    size: 'small',
    rotation: '180',
  });
  const links = screen.getAllByRole('link');
  expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Roundhouse on Instagram']);
  expect(container.querySelector('ul')?.className).toBe(
    'ui-social ui-social--blue ui-social--small ui-social--rotate-180',
  );
});

test('social_icons without a brand names the links after the configured site (SITE_NAME)', () => {
  const props = parse('social_icons', { links: socialLinks });
  renderWithRouter(rendererFor('social_icons')!(props, blockContext(false, 'Acme Boxing'), 'uid-social'));
  expect(screen.getAllByRole('link').map((l) => l.getAttribute('aria-label'))).toEqual([
    'Acme Boxing on Instagram',
  ]);
});

test('social_icons: brand prop names the links; numeric rotation', () => {
  const { container } = renderBlock('social_icons', { links: socialLinks, brand: 'Coach Sam', rotation: 90 });
  expect(screen.getByRole('link', { name: 'Coach Sam on Instagram' })).toBeTruthy();
  expect(container.querySelector('ul')?.className).toBe(
    'ui-social ui-social--red ui-social--default ui-social--rotate-90',
  );
});

test.each([
  [{}],
  [{ links: [] }],
  [{ links: socialLinks.slice(1) }],
  [{ links: socialLinks, background: 'green' }],
  [{ links: socialLinks, size: 'huge' }],
  [{ links: socialLinks, rotation: 45 }],
  [{ links: 'instagram' }],
])('social_icons: invalid props %j → error', (props) => {
  expect(errorOf('social_icons', props)).toEqual(expect.any(String));
});

test('tabs: nested tab blocks, bodies rendered through ctx.renderBlocks', () => {
  renderBlock('tabs', {
    label: 'Plans',
    tabs: [
      {
        component: 'tab',
        uid: 't1',
        props: { name: 'Beginner', body: [{ component: 'card', uid: 'c1', props: {} }] },
      },
      { component: 'tab', uid: 't2', props: { name: 'Pro' } },
    ],
  });
  expect(screen.getByRole('tablist', { name: 'Plans' })).toBeTruthy();
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Beginner', 'Pro']);
  expect(within(screen.getByRole('tabpanel')).getByTestId('block-c1').textContent).toBe('card');
});

test.each([
  [{}],
  [{ tabs: [] }],
  [{ tabs: [{ component: 'tab', uid: 't1', props: { name: '' } }] }],
  [{ tabs: [{ component: 'slide', uid: 't1', props: { name: 'A' } }] }],
  [{ tabs: [{ component: 'tab', uid: 't1', props: { name: 'A', body: 'text' } }] }],
])('tabs: invalid props %j → error', (props) => {
  expect(errorOf('tabs', props)).toEqual(expect.any(String));
});

test('short_text: plain text, or rich text with embedded blocks through the registry', () => {
  const { unmount } = renderBlock('short_text', { headline: 'Rest', text: 'Sleep more.' });
  expect(screen.getByRole('heading', { name: 'Rest' })).toBeTruthy();
  expect(screen.getByText('Sleep more.')).toBeTruthy();
  unmount();
  renderBlock('short_text', {
    body: [
      { type: 'paragraph', children: [{ type: 'text', text: 'Rich body', marks: [] }] },
      { type: 'blok', component: 'rating', uid: 'r9', props: { filled: 4 } },
    ],
  });
  expect(screen.getByText('Rich body')).toBeTruthy();
  expect(screen.getByTestId('block-r9').textContent).toBe('rating');
});

test.each([[{}], [{ headline: '', text: '' }], [{ text: 5 }], [{ body: 'text' }], [{ body: [{}] }]])(
  'short_text: invalid props %j → error',
  (props) => {
    expect(errorOf('short_text', props)).toEqual(expect.any(String));
  },
);

test('card: image, eyebrow, title, text, link', () => {
  renderBlock('card', {
    image,
    eyebrow: 'Gear',
    title: 'Pick gloves',
    text: 'A guide.',
    link: 'boxing-equipment',
  });
  expect(screen.getByRole('img', { name: 'Gloves' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Pick gloves' }).getAttribute('href')).toBe('/boxing-equipment');
  expect(screen.getByText('Gear')).toBeTruthy();
});

test('card: only a title is required; a null image is fine', () => {
  renderBlock('card', { title: 'Rest day', image: null, link: '' });
  expect(screen.getByRole('heading', { name: 'Rest day' })).toBeTruthy();
  expect(screen.queryByRole('link')).toBeNull();
});

test.each([[{}], [{ title: '' }], [{ title: 'A', image: { src: '' } }], [{ title: 'A', link: 7 }]])(
  'card: invalid props %j → error',
  (props) => {
    expect(errorOf('card', props)).toEqual(expect.any(String));
  },
);

test('rating: 1 to 5 filled', () => {
  renderBlock('rating', { filled: 5, label: 'Top rated' });
  expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
  expect(screen.getByText('Top rated')).toBeTruthy();
});

test.each([[{}], [{ filled: 0 }], [{ filled: 6 }], [{ filled: 2.5 }], [{ filled: '4' }]])(
  'rating: invalid props %j → error',
  (props) => {
    expect(errorOf('rating', props)).toEqual(expect.any(String));
  },
);

test('announcement: active with theme and call to action; inactive renders nothing', () => {
  const { unmount } = renderBlock('announcement', {
    active: true,
    theme: 'black',
    headline: 'New classes',
    text: 'Live every Monday.',
    cta_text: 'See schedule',
    cta_link: '/c/training',
  });
  const banner = screen.getByRole('complementary', { name: 'Announcement' });
  expect(banner.className).toBe('announcement announcement--black announcement--block');
  expect(
    within(banner)
      .getByRole('link', { name: /See schedule/ })
      .getAttribute('href'),
  ).toBe('/c/training');
  unmount();
  const { container } = renderBlock('announcement', { headline: 'Hidden' });
  expect(container.innerHTML).toBe('');
});

test('announcement: theme defaults to red', () => {
  renderBlock('announcement', { active: true, text: 'Hi', theme: '' });
  expect(screen.getByRole('complementary').className).toContain('announcement--red');
});

test.each([[{ active: 'yes' }], [{ theme: 'green' }], [{ headline: 3 }], [{ cta_link: {} }]])(
  'announcement: invalid props %j → error',
  (props) => {
    expect(errorOf('announcement', props)).toEqual(expect.any(String));
  },
);

test('the schemas apply defaults: empty or absent options become their default choice', () => {
  expect(displaySchemas.button.safeParse({ text: 'Go', link: '/x', variant: '', size: null })).toEqual({
    success: true,
    data: { text: 'Go', link: '/x', variant: 'primary', size: 'medium' },
  });
  expect(displaySchemas.email_capture.safeParse({}).data).toEqual({
    headline: '',
    text: '',
    cta: '',
    icon_size: 'default',
  });
  expect(displaySchemas.social_icons.safeParse({ links: socialLinks, rotation: '270' }).data).toMatchObject({
    background: 'red',
    size: 'default',
    rotation: 270,
    brand: '',
  });
  expect(
    displaySchemas.social_icons.safeParse({ links: socialLinks, rotation: '' }).data?.rotation,
  ).toBeNull();
  expect(
    displaySchemas.tabs.safeParse({ tabs: [{ component: 'tab', uid: 't', props: { name: 'A' } }] }).data,
  ).toEqual({ label: '', tabs: [{ component: 'tab', uid: 't', props: { name: 'A', body: [] } }] });
  expect(displaySchemas.card.safeParse({ title: 'A' }).data).toEqual({
    title: 'A',
    eyebrow: '',
    text: '',
    link: '',
  });
  expect(displaySchemas.announcement.safeParse({}).data).toEqual({
    active: false,
    theme: 'red',
    headline: '',
    text: '',
    cta_text: '',
    cta_link: '',
  });
});

test('short_text: an embedded block the server marked invalid keeps its error when rendered', () => {
  const block = validateBlock(
    {
      component: 'short_text',
      uid: 'st1',
      props: { body: [{ type: 'blok', component: 'rating', uid: 'r1', props: { filled: 9 } }] },
    },
    () => {},
  );
  expect(block.error).toBeUndefined();
  const seen: BlockData[] = [];
  const ctx = { ...blockContext(), renderBlocks: (blocks: BlockData[]) => (seen.push(...blocks), null) };
  renderWithRouter(rendererFor('short_text')!(block.props, ctx, block.uid));
  expect(seen).toEqual([
    { component: 'rating', uid: 'r1', props: {}, error: expect.stringMatching(/filled/) },
  ]);
});
