// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BlockContext, BlockData } from '../../../src/blocks/types.ts';
import { validateBlock } from '../../../src/blocks/validate.server.ts';
import { loadBlocks, rendererFor } from '../../../src/blocks/registry.tsx';
import { interactiveSchemas } from '../../../src/blocks/schemas/interactive.server.ts';
import { installMatchMedia } from '../widgets/interactive/match-media.ts';

// Renderers are code-split; whoever renders loads them first (the server, the browser, and here).
beforeAll(() => loadBlocks(Object.keys(interactiveSchemas)));

let media: ReturnType<typeof installMatchMedia>;
let restoreSpies: (() => void)[] = [];
beforeEach(() => {
  media = installMatchMedia();
  // jsdom cannot play media; autoplaying blocks call play().
  const spies = [
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve()),
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {}),
  ];
  restoreSpies = spies.map((spy) => () => spy.mockRestore());
});
afterEach(() => {
  cleanup();
  media.restore();
  restoreSpies.forEach((restore) => restore());
});

const ctx: BlockContext = {
  draft: false,
  siteName: 'Roundhouse',
  renderBlocks: (blocks: BlockData[]) => blocks.map((b) => <p key={b.uid}>{`${b.component}:${b.uid}`}</p>),
};

type Component = keyof typeof interactiveSchemas;

/**
 * What happens to a block: the server parses its props with the schema (defaults applied) or marks
 * it with `error` (the registry then renders its fallback); the browser renders the parsed props.
 */
function renderBlock(component: Component, props: Record<string, unknown>) {
  const parsed = interactiveSchemas[component].safeParse(props);
  const block = validateBlock({ component, uid: 'uid-1', props }, () => {});
  expect(block.error === undefined).toBe(parsed.success);
  if (!parsed.success || block.error !== undefined) return { error: block.error ?? 'invalid' };
  const renderer = rendererFor(component);
  if (!renderer) throw new Error(`no renderer for ${component}`);
  render(<>{renderer(parsed.data as Record<string, unknown>, ctx, 'uid-1')}</>);
  return { error: null };
}

const image = { src: '/img/poster-1280x720.jpg', alt: 'Poster', width: 1280, height: 720, focus: null };
const slide = (uid: string, props: Record<string, unknown>) => ({ component: 'carousel_slide', uid, props });

test('registers exactly the interactive blocks, each with a schema and a renderer (the spinner is not a block)', () => {
  expect(Object.keys(interactiveSchemas).filter((name) => !rendererFor(name))).toEqual([]);
  expect(Object.keys(interactiveSchemas).sort()).toEqual([
    'anchor_button',
    'carousel',
    'pre_header',
    'snack_bar',
    'video',
  ]);
});

describe('carousel', () => {
  test('renders slides from nested blocks with their screen labels and options', () => {
    const { error } = renderBlock('carousel', {
      label: 'Programs',
      arrows: true,
      infinite: true,
      timer: 'timer_on_hover',
      slides: [
        slide('s1', { screen_label: 'Beginner', body: [{ component: 'short_text', uid: 'b1', props: {} }] }),
        slide('s2', { body: [] }),
      ],
    });
    expect(error).toBeNull();
    const region = screen.getByRole('region', { name: 'Programs' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getByRole('group', { name: 'Beginner, 1 of 2' }).textContent).toBe('short_text:b1');
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop automatic slide show' })).toBeTruthy();
  });

  test('defaults: a generic label, no arrows, no timer; an empty timer option is the default', () => {
    const { error } = renderBlock('carousel', {
      timer: '',
      slides: [slide('s1', { body: [] }), slide('s2', { body: [] })],
    });
    expect(error).toBeNull();
    expect(screen.getByRole('region', { name: 'Carousel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    expect(screen.queryByRole('button', { name: /automatic/ })).toBeNull();
  });

  test.each([
    ['no slides', { label: 'x', slides: [] }],
    ['missing slides', { label: 'x' }],
    [
      'a slide that is not a carousel_slide',
      { slides: [{ component: 'video', uid: 'v', props: { body: [] } }] },
    ],
    ['a slide without body', { slides: [slide('s1', {})] }],
    ['an unknown timer', { timer: 'sometimes', slides: [slide('s1', { body: [] })] }],
    ['a non-boolean flag', { arrows: 'yes', slides: [slide('s1', { body: [] })] }],
  ])('%s → fallback', (_name, props) => {
    expect(renderBlock('carousel', props).error).toEqual(expect.any(String));
  });
});

describe('video', () => {
  test('maps props onto the player', () => {
    const { error } = renderBlock('video', {
      url: '/media/jab.mp4',
      mode: 'onClick',
      poster: image,
      preload: 'none',
      show_icons: true,
      rounded: true,
      title: 'Jab basics',
    });
    expect(error).toBeNull();
    const group = screen.getByRole('group', { name: 'Jab basics' });
    expect(group.className).toContain('video--rounded');
    const video = group.querySelector('video')!;
    expect(video.getAttribute('preload')).toBe('none');
    // A poster has no srcset: the image service's 960 px copy, not the 1280 px original.
    expect(video.getAttribute('poster')).toBe('/img/poster-1280x720.jpg/m/960x0');
    expect(screen.getByRole('button', { name: 'Play Jab basics' })).toBeTruthy();
  });

  test('a poster no wider than 960 px is used as it is', () => {
    const small = { ...image, src: '/img/poster-800x450.jpg', width: 800, height: 450 };
    expect(renderBlock('video', { url: '/media/jab.mp4', poster: small }).error).toBeNull();
    expect(document.querySelector('video')!.getAttribute('poster')).toBe(small.src);
  });

  test('a YouTube url renders the embed; empty options take their defaults', () => {
    const { error } = renderBlock('video', {
      url: 'https://youtu.be/dQw4w9WgXcQ',
      mode: '',
      preload: '',
      poster: null,
    });
    expect(error).toBeNull();
    expect(screen.getByTitle('YouTube video').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });

  test('controls and background flags', () => {
    const { error } = renderBlock('video', {
      url: 'https://cdn.example.com/a.mp4',
      background: true,
      mode: 'auto',
    });
    expect(error).toBeNull();
    expect(document.querySelector('video')!.loop).toBe(true);
    expect(screen.getByRole('button', { name: /background video/ })).toBeTruthy();
  });

  test.each([
    ['missing url', { mode: 'auto' }],
    ['empty url', { url: '' }],
    ['a url that is not a link', { url: 'javascript:alert(1)' }],
    ['an unknown mode', { url: '/a.mp4', mode: 'onScroll' }],
    ['an unknown preload', { url: '/a.mp4', preload: 'eager' }],
    ['a malformed poster', { url: '/a.mp4', poster: { filename: '/a.jpg' } }],
  ])('%s → fallback', (_name, props) => {
    expect(renderBlock('video', props).error).toEqual(expect.any(String));
  });
});

describe('anchor_button', () => {
  test('renders a link to the target (a leading # is dropped) with its variant', () => {
    const { error } = renderBlock('anchor_button', {
      text: 'See plans',
      target_id: '#plans',
      variant: 'secondary',
    });
    expect(error).toBeNull();
    const link = screen.getByRole('link', { name: 'See plans' });
    expect(link.getAttribute('href')).toBe('#plans');
    expect(link.className).toContain('anchor-button--secondary');
  });

  test.each([
    ['missing text', { target_id: 'plans' }],
    ['blank text', { text: '  ', target_id: 'plans' }],
    ['missing target', { text: 'Go' }],
    ['a target with spaces', { text: 'Go', target_id: 'my plans' }],
    ['an unknown variant', { text: 'Go', target_id: 'plans', variant: 'huge' }],
  ])('%s → fallback', (_name, props) => {
    expect(renderBlock('anchor_button', props).error).toEqual(expect.any(String));
  });
});

describe('snack_bar', () => {
  test('renders an open snack bar with its call to action', () => {
    const { error } = renderBlock('snack_bar', { text: 'Spring sale', cta_text: 'Shop', cta_link: '/shop' });
    expect(error).toBeNull();
    expect(screen.getByRole('region', { name: 'Announcement' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/shop');
  });

  test.each([
    ['missing text', { cta_text: 'Shop', cta_link: '/shop' }],
    ['a non-string link', { text: 'Sale', cta_link: { url: '/shop' } }],
  ])('%s → fallback', (_name, props) => {
    expect(renderBlock('snack_bar', props).error).toEqual(expect.any(String));
  });
});

describe('pre_header', () => {
  test('renders the collapsible bar', () => {
    const { error } = renderBlock('pre_header', { text: 'Free shipping', link: '/shipping' });
    expect(error).toBeNull();
    expect(screen.getByRole('button', { name: 'Site notice' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Free shipping' })).toBeTruthy();
  });

  test.each([
    ['missing text', {}],
    ['non-string text', { text: 42 }],
  ])('%s → fallback', (_name, props) => {
    expect(renderBlock('pre_header', props).error).toEqual(expect.any(String));
  });
});

test('schema errors name the failing field', () => {
  const result = interactiveSchemas.video.safeParse({ mode: 'auto' });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.path).toEqual(['url']);
  expect(renderBlock('video', { mode: 'auto' }).error).toMatch(/^url: /);
  expect(vi.isMockFunction(console.error)).toBe(true); // the console guard is still in place
});

test('the schemas apply defaults and normalise values', () => {
  expect(interactiveSchemas.carousel.safeParse({ slides: [slide('s1', { body: [] })] }).data).toEqual({
    label: '',
    arrows: false,
    infinite: false,
    timer: 'default',
    slides: [slide('s1', { screen_label: '', body: [] })],
  });
  expect(interactiveSchemas.video.safeParse({ url: ' /a.mp4 ', mode: '', preload: '' }).data).toEqual({
    url: '/a.mp4',
    mode: 'onClick',
    poster: null,
    preload: 'metadata',
    controls: false,
    show_icons: false,
    muted: false,
    background: false,
    rounded: false,
    title: '',
  });
  expect(interactiveSchemas.anchor_button.safeParse({ text: 'Go', target_id: ' #plans ' }).data).toEqual({
    text: 'Go',
    target_id: 'plans',
    variant: 'primary',
  });
  expect(interactiveSchemas.snack_bar.safeParse({ text: 'Sale' }).data).toEqual({
    text: 'Sale',
    cta_text: '',
    cta_link: '',
  });
  expect(interactiveSchemas.pre_header.safeParse({ text: 'Hi' }).data).toEqual({ text: 'Hi', link: '' });
});
