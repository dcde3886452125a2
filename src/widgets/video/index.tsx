/**
 * Video player (spec §2, §4, §5): a native <video> that plays on click, on hover or automatically,
 * or a privacy-friendly YouTube embed when the link is a YouTube URL.
 *
 * State is paused or playing; play starts only when paused. `auto` autoplays muted after hydration
 * unless the visitor prefers reduced motion. The background variant is muted, looping and decorative
 * (hidden from assistive technology) with a small pause button (WCAG 2.2.2).
 */
import { useSyncExternalStore, type CSSProperties } from 'react';
import type { Image } from '../../shared/types.ts';
import { useNativeVideo } from './use-native-video.ts';

export type VideoMode = 'auto' | 'onHover' | 'onClick';
export type VideoPreload = 'none' | 'metadata' | 'auto';

export type VideoProps = {
  /** A video file URL, or a YouTube link (watch, youtu.be, embed or shorts). */
  src: string;
  /** Accessible name: the iframe title, the player's label and the play/pause button's name. */
  title?: string;
  mode?: VideoMode;
  poster?: Image | null;
  /**
   * Below the fold: the poster is left out of the server's HTML and set once the player has
   * hydrated (at idle or on approach), so it does not compete with the first screen's requests. The
   * box keeps the poster's shape meanwhile; without JavaScript, `preload` shows the first frame.
   */
  lazyPoster?: boolean;
  preload?: VideoPreload;
  /** Native browser controls. */
  controls?: boolean;
  /** Show a play/pause icon on the video (when there are no native controls). */
  showIcons?: boolean;
  /** Start muted (the visitor can unmute). `auto` mode always starts muted: autoplay needs it. */
  muted?: boolean;
  /** Decorative background video: muted, looping, no controls, hidden from assistive technology. */
  background?: boolean;
  rounded?: boolean;
  className?: string;
};

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'youtube-nocookie.com']);

/**
 * The video id of a YouTube link — youtube.com/watch?v=ID, youtu.be/ID, youtube.com/embed/ID,
 * youtube.com/shorts/ID (with or without scheme, www. or m.) — or null for anything else.
 */
export function youtubeId(url: string): string | null {
  const raw = url.trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    const absolute = /^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : `https://${raw.replace(/^\/\//, '')}`;
    parsed = new URL(absolute);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  const [first, second] = parsed.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = first;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (first === 'watch') candidate = parsed.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts') candidate = second;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The privacy-enhanced embed URL for a YouTube video id. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
}

function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

function ratioStyle(poster: Image | null | undefined): CSSProperties | undefined {
  return poster && poster.width > 0 && poster.height > 0
    ? ({ '--video-ratio': `${poster.width} / ${poster.height}` } as CSSProperties)
    : undefined;
}

const noSubscription = () => () => {};

export function Video(props: VideoProps) {
  const id = youtubeId(props.src);
  if (id) {
    return (
      <div
        className={classes('video', 'video--embed', props.rounded && 'video--rounded', props.className)}
        style={ratioStyle(props.poster)}
      >
        <iframe
          className="video__frame"
          src={youtubeEmbedUrl(id)}
          title={props.title || 'YouTube video'}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return <NativeVideo {...props} />;
}

function NativeVideo({
  src,
  title = 'Video',
  mode = 'onClick',
  poster = null,
  lazyPoster = false,
  preload = 'metadata',
  controls = false,
  showIcons = false,
  muted: startMuted = false,
  background = false,
  rounded = false,
  className,
}: VideoProps) {
  const effectiveMode: VideoMode = background ? 'auto' : mode;
  const player = useNativeVideo({
    src,
    autoplay: effectiveMode === 'auto',
    background,
    startMuted,
  });
  const { ref, playing, setPlaying, play, pause } = player;
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const nativeControls = controls && !background;
  const hover = effectiveMode === 'onHover';

  return (
    <div
      className={classes(
        'video',
        background && 'video--background',
        rounded && 'video--rounded',
        playing && 'is-playing',
        className,
      )}
      style={ratioStyle(poster)}
      role={background ? undefined : 'group'}
      aria-label={background ? undefined : title}
      onPointerEnter={hover ? (event) => event.pointerType !== 'touch' && play() : undefined}
      onPointerLeave={hover ? (event) => event.pointerType !== 'touch' && pause() : undefined}
    >
      <video
        ref={ref}
        className="video__media"
        src={src}
        poster={lazyPoster && !hydrated ? undefined : poster?.src}
        preload={preload}
        controls={nativeControls}
        loop={background}
        playsInline
        aria-hidden={background || undefined}
        tabIndex={background ? -1 : undefined}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      {background ? <BackgroundToggle player={player} /> : null}
      {!background && !nativeControls ? (
        <PlayerButtons player={player} title={title} showIcons={showIcons} />
      ) : null}
    </div>
  );
}

type Player = ReturnType<typeof useNativeVideo>;

/** The background video's small pause button (WCAG 2.2.2). */
function BackgroundToggle({ player: { playing, toggle } }: { player: Player }) {
  return (
    <button
      type="button"
      className="video__background-toggle"
      aria-label={playing ? 'Pause background video' : 'Play background video'}
      onClick={toggle}
    >
      {playing ? <PauseIcon /> : <PlayIcon />}
    </button>
  );
}

/** Without native controls: a play/pause button over the video (icon optional) and a mute toggle. */
function PlayerButtons({ player, title, showIcons }: { player: Player; title: string; showIcons: boolean }) {
  const { playing, muted, toggle, toggleMuted } = player;
  return (
    <>
      <button
        type="button"
        className={classes('video__toggle', showIcons && 'video__toggle--icons')}
        aria-label={playing ? `Pause ${title}` : `Play ${title}`}
        onClick={toggle}
      >
        {showIcons ? <span className="video__icon">{playing ? <PauseIcon /> : <PlayIcon />}</span> : null}
      </button>
      <button
        type="button"
        className="video__mute"
        aria-label="Mute"
        aria-pressed={muted}
        onClick={toggleMuted}
      >
        {muted ? <MutedIcon /> : <SoundIcon />}
      </button>
    </>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

const PlayIcon = () => (
  <Icon d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.6-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14z" />
);
const PauseIcon = () => <Icon d="M6.5 5h4v14h-4zM13.5 5h4v14h-4z" />;
const SoundIcon = () => (
  <Icon d="M4 9v6h4l5 4V5L8 9H4zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.47 4.47 0 0 0 2.5-4zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54z" />
);
const MutedIcon = () => (
  <Icon d="M4 9v6h4l5 4V5L8 9H4zm12.59 3L14 9.41 15.41 8 18 10.59 20.59 8 22 9.41 19.41 12 22 14.59 20.59 16 18 13.41 15.41 16 14 14.59z" />
);
