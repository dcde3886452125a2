/**
 * The email_capture block. Its props were parsed on the server with the
 * schemas in ./display.schemas.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { defineRenderer, type BlockRenderer } from '../block-kit.tsx';
import { EMAIL_CAPTURE_CTA, EmailCapture } from '../email-capture/index.tsx';
import type { DisplayProps } from './display.schemas.server.ts';

export const renderers: Record<string, BlockRenderer> = {
  email_capture: defineRenderer<DisplayProps['email_capture']>((props) => (
    <EmailCapture
      headline={props.headline}
      text={props.text}
      cta={props.cta.trim() || EMAIL_CAPTURE_CTA}
      iconSize={props.icon_size}
    />
  )),
};
