/**
 * The video block. Its props were parsed on the server with the
 * schemas in ../schemas/interactive.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { useContext } from 'react';
import { BelowTheFold } from '../deferred.tsx';
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { Video } from '../../widgets/video/index.tsx';
import type { InteractiveProps } from '../schemas/interactive.server.ts';

/** The block: a player whose poster waits for hydration when it is below the fold. */
function VideoBlock({ props }: { props: InteractiveProps['video'] }) {
  const belowTheFold = useContext(BelowTheFold);
  return (
    <Video
      src={props.url}
      title={props.title || undefined}
      mode={props.mode}
      poster={props.poster}
      lazyPoster={belowTheFold}
      preload={props.preload}
      controls={props.controls}
      showIcons={props.show_icons}
      muted={props.muted}
      background={props.background}
      rounded={props.rounded}
    />
  );
}

export const renderers: Record<string, BlockRenderer> = {
  video: defineRenderer<InteractiveProps['video']>((props) => <VideoBlock props={props} />),
};
