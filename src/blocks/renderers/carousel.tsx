/**
 * The carousel block (carousel_slide children hold nested blocks). Its props were parsed on the server with the
 * schemas in ../schemas/interactive.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { Carousel } from '../../widgets/carousel/index.tsx';
import type { InteractiveProps } from '../schemas/interactive.server.ts';

export const renderers: Record<string, BlockRenderer> = {
  carousel: defineRenderer<InteractiveProps['carousel']>((props, ctx) => (
    <Carousel
      label={props.label || 'Carousel'}
      arrows={props.arrows}
      infinite={props.infinite}
      timer={props.timer}
      slides={props.slides.map((s) => ({
        key: s.uid,
        screenLabel: s.props.screen_label || undefined,
        content: ctx.renderBlocks(s.props.body),
      }))}
    />
  )),
};
