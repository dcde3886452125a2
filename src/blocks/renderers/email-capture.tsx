/**
 * The email_capture block. Its props were parsed on the server with the
 * schemas in ../schemas/display.server.ts, imported here as types only, so no validator ships to the browser.
 * Sign-ups go to the email-capture function with source 'block' (src/services/sign-up.ts).
 */
import { useSignup } from '../../services/sign-up.ts';
import { PRIVACY_PATH } from '../../shared/editorial-pages.ts';
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { EMAIL_CAPTURE_CTA, EmailCapture, type EmailIconSize } from '../../widgets/email-capture/index.tsx';
import type { DisplayProps } from '../schemas/display.server.ts';

type BlockEmailCaptureProps = { headline: string; text: string; cta: string; iconSize: EmailIconSize };

/** A component (the renderer is a plain function) so it can use the sign-up hook. */
function BlockEmailCapture({ headline, text, cta, iconSize }: BlockEmailCaptureProps) {
  const onSubmit = useSignup('block');
  return (
    <EmailCapture
      headline={headline}
      text={text}
      cta={cta}
      iconSize={iconSize}
      onSubmit={onSubmit}
      privacyLink={PRIVACY_PATH}
    />
  );
}

export const renderers: Record<string, BlockRenderer> = {
  email_capture: defineRenderer<DisplayProps['email_capture']>((props) => (
    <BlockEmailCapture
      headline={props.headline}
      text={props.text}
      cta={props.cta.trim() || EMAIL_CAPTURE_CTA}
      iconSize={props.icon_size}
    />
  )),
};
