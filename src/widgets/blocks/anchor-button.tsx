/**
 * The anchor_button block. Its props were parsed on the server with the
 * schemas in ./interactive.schemas.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { defineRenderer, type BlockRenderer } from '../block-kit.tsx';
import { AnchorButton } from '../anchor-button/index.tsx';
import type { InteractiveProps } from './interactive.schemas.server.ts';

export const renderers: Record<string, BlockRenderer> = {
  anchor_button: defineRenderer<InteractiveProps['anchor_button']>((props) => (
    <AnchorButton targetId={props.target_id} variant={props.variant}>
      {props.text}
    </AnchorButton>
  )),
};
