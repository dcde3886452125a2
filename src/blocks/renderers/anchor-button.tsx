/**
 * The anchor_button block. Its props were parsed on the server with the
 * schemas in ../schemas/interactive.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { AnchorButton } from '../../widgets/anchor-button/index.tsx';
import type { InteractiveProps } from '../schemas/interactive.server.ts';

export const renderers: Record<string, BlockRenderer> = {
  anchor_button: defineRenderer<InteractiveProps['anchor_button']>((props) => (
    <AnchorButton targetId={props.target_id} variant={props.variant}>
      {props.text}
    </AnchorButton>
  )),
};
