// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Video, youtubeEmbedUrl, youtubeId } from '../../../../src/widgets/video/index.tsx';
import { installMatchMedia } from './match-media.ts';

const ID = 'dQw4w9WgXcQ';

describe('youtubeId', () => {
  test.each([
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtube.com/watch?feature=share&v=${ID}&t=42s`, ID],
    [`https://m.youtube.com/watch?v=${ID}`, ID],
    [`http://youtube.com/watch?v=${ID}`, ID],
    [`youtube.com/watch?v=${ID}`, ID],
    [`//www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtu.be/${ID}`, ID],
    [`https://youtu.be/${ID}?si=abc&t=3`, ID],
    [`https://www.youtube.com/embed/${ID}`, ID],
    [`https://www.youtube-nocookie.com/embed/${ID}?rel=0`, ID],
    [`https://youtube.com/shorts/${ID}`, ID],
    [`  https://www.youtube.com/shorts/${ID}/  `, ID],
    ['https://youtu.be/abc-_DEF123', 'abc-_DEF123'],
  ])('%s → %s', (url, id) => {
    expect(youtubeId(url)).toBe(id);
  });

  test.each([
    '',
    'https://vimeo.com/123456',
    '/videos/jab-cross.mp4',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/channel/${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://notyoutube.com/embed/${ID}`,
    `javascript:alert("https://youtu.be/${ID}")`,
    `ftp://youtu.be/${ID}`,
    'not a url at all',
  ])('%s → null', (url) => {
    expect(youtubeId(url)).toBeNull();
  });

  test('youtubeEmbedUrl uses the privacy-enhanced domain', () => {
    expect(youtubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });
});

/** jsdom has no media playback: play/pause flip a per-element paused flag and fire play/pause events. */
let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;
let media: ReturnType<typeof installMatchMedia>;
let restoreMedia: (() => void)[] = [];
beforeEach(() => {
  media = installMatchMedia();
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  play = vi.fn(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = vi.fn(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  const spies = [
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as never),
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause as never),
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      return paused.get(this) ?? true;
    }),
  ];
  // Restore only these (vi.restoreAllMocks would also drop tests/setup's console.error guard).
  restoreMedia = spies.map((spy) => () => spy.mockRestore());
});
afterEach(() => {
  cleanup();
  media.restore();
  restoreMedia.forEach((restore) => restore());
});

const SRC = '/media/jab-cross.mp4';
const poster = { src: '/img/poster-1280x720.jpg', alt: '', width: 1280, height: 720, focus: null };

function videoEl(container: HTMLElement): HTMLVideoElement {
  return container.querySelector('video')!;
}

describe('Video', () => {
  test('a YouTube link renders a lazy, titled, privacy-enhanced iframe', () => {
    const { container } = render(<Video src={`https://youtu.be/${ID}`} title="Jab drill" rounded />);
    const frame = screen.getByTitle('Jab drill');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('video')).toBeNull();
    expect(container.firstElementChild!.classList.contains('video--rounded')).toBe(true);
  });

  test('onClick (the default) toggles play and pause from a labelled button', () => {
    const { container } = render(<Video src={SRC} title="Jab drill" showIcons />);
    const video = videoEl(container);
    expect(play).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play Jab drill' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(video.paused).toBe(false);
    const button = screen.getByRole('button', { name: 'Pause Jab drill' });
    expect(button.querySelector('svg')).not.toBeNull();
    fireEvent.click(button);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(video.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play Jab drill' })).toBeTruthy();
  });

  test('onHover plays on pointer enter (only when paused) and pauses on leave', () => {
    const { container } = render(<Video src={SRC} title="Footwork" mode="onHover" />);
    const wrapper = screen.getByRole('group', { name: 'Footwork' });
    fireEvent.pointerEnter(wrapper, { pointerType: 'mouse' });
    fireEvent.pointerEnter(wrapper, { pointerType: 'mouse' });
    expect(play).toHaveBeenCalledTimes(1);
    expect(videoEl(container).paused).toBe(false);
    fireEvent.pointerLeave(wrapper, { pointerType: 'mouse' });
    expect(pause).toHaveBeenCalledTimes(1);
    fireEvent.pointerLeave(wrapper, { pointerType: 'mouse' });
    expect(pause).toHaveBeenCalledTimes(1);
  });

  test('onHover ignores touch pointers (a tap on the button toggles instead)', () => {
    render(<Video src={SRC} title="Footwork" mode="onHover" />);
    fireEvent.pointerEnter(screen.getByRole('group', { name: 'Footwork' }), { pointerType: 'touch' });
    expect(play).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play Footwork' }));
    expect(play).toHaveBeenCalledTimes(1);
  });

  test('auto plays muted after mounting', () => {
    const { container } = render(<Video src={SRC} title="Intro" mode="auto" />);
    expect(play).toHaveBeenCalledTimes(1);
    expect(videoEl(container).muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Pause Intro' })).toBeTruthy();
  });

  test('auto does not autoplay when the visitor prefers reduced motion', () => {
    media.set({ reducedMotion: true });
    render(<Video src={SRC} title="Intro" mode="auto" />);
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play Intro' })).toBeTruthy();
  });

  test('the visitor toggles mute', () => {
    const { container } = render(<Video src={SRC} title="Intro" />);
    const mute = screen.getByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    expect(videoEl(container).muted).toBe(false);
    fireEvent.click(mute);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(videoEl(container).muted).toBe(true);
    fireEvent.click(mute);
    expect(videoEl(container).muted).toBe(false);
  });

  test('muted starts muted; poster, preload and the poster ratio are applied', () => {
    const { container } = render(<Video src={SRC} poster={poster} preload="none" muted />);
    const video = videoEl(container);
    expect(video.muted).toBe(true);
    expect(video.getAttribute('poster')).toBe(poster.src);
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.hasAttribute('controls')).toBe(false);
    expect(container.firstElementChild!.getAttribute('style')).toContain('--video-ratio: 1280 / 720');
  });

  test('a lazy poster is left out of the server HTML (the box keeps its shape) and set once hydrated', async () => {
    const element = <Video src={SRC} poster={poster} lazyPoster />;
    const html = renderToString(element);
    expect(html).not.toContain('poster=');
    expect(html).toContain('--video-ratio:1280 / 720');
    expect(renderToString(<Video src={SRC} poster={poster} />)).toContain(`poster="${poster.src}"`);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(videoEl(container).getAttribute('poster')).toBe(poster.src);
    container.remove();
  });

  test('with native controls there is no overlay toggle or mute button', () => {
    const { container } = render(<Video src={SRC} title="Intro" controls />);
    expect(videoEl(container).hasAttribute('controls')).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('background: muted, looping, decorative, no controls, autoplaying, with a pause button', () => {
    const { container } = render(<Video src={SRC} title="Bag work" background controls mode="onClick" />);
    const video = videoEl(container);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.getAttribute('aria-hidden')).toBe('true');
    expect(video.hasAttribute('controls')).toBe(false);
    expect(screen.queryByRole('group')).toBeNull();
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pause background video' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play background video' })).toBeTruthy();
  });

  test('server markup has no autoplay and hydrates cleanly; playback starts after hydration', async () => {
    const element = <Video src={SRC} title="Intro" mode="auto" poster={poster} />;
    const html = renderToString(element);
    expect(html).not.toMatch(/autoplay/i);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, element));
    expect(play).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    container.remove();
  });
});
