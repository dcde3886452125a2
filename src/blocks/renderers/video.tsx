/**
 * The video block. Its props were parsed on the server with the
 * schemas in ../schemas/interactive.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { Video } from '../../widgets/video/index.tsx';
import type { InteractiveProps } from '../schemas/interactive.server.ts';
import type { Image } from '../../shared/types.ts';
import { imageUrl } from '../../widgets/image/image-url.ts';

/**
 * A `poster` takes one URL, no srcset: the image service's copy at most 960 px wide, which covers an
 * article column (736 px) and a phone's width at its density, at a third of a 1600 px original.
 */
export const POSTER_MAX_WIDTH = 960;

function sizedPoster(poster: Image | null): Image | null {
  if (!poster || !(poster.width > POSTER_MAX_WIDTH)) return poster;
  return { ...poster, src: imageUrl(poster.src, { width: POSTER_MAX_WIDTH }) };
}

export const renderers: Record<string, BlockRenderer> = {
  video: defineRenderer<InteractiveProps['video']>((props) => (
    <Video
      src={props.url}
      title={props.title || undefined}
      mode={props.mode}
      poster={sizedPoster(props.poster)}
      preload={props.preload}
      controls={props.controls}
      showIcons={props.show_icons}
      muted={props.muted}
      background={props.background}
      rounded={props.rounded}
    />
  )),
};
