/**
 * Email capture (UI only; the submission pipeline plugs in through `onSubmit`). Spec §4, §5, §8:
 * the address must match a standard email pattern whose top-level part is 2 to 24 letters
 * (case-insensitive), at most 100 characters; otherwise 'invalid email' shows under the field and
 * nothing is submitted. Server-provided errors (prop or `onSubmit` result) show their first
 * message. After a successful submit the form is hidden, 'Thanks for signing up!' is shown (focus
 * moves to it) and the field is cleared.
 *
 * A consent line under the form says what subscribing means (the submit is the explicit consent;
 * the field is described by it). A honeypot field (`company`) sits off-screen, hidden from assistive
 * technology and out of the tab order: people leave it empty, form-filling bots do not; its value
 * travels with the submission so the server can drop bot sign-ups quietly.
 */
import { useId, type RefObject } from 'react';
import { EMAIL_MAX_LENGTH } from '../../shared/sign-up.ts';
import { Button } from '../button/index.tsx';
import { Input } from '../input/index.tsx';
import { useEmailCapture, type EmailCaptureState, type EmailSubmit } from './use-email-capture.ts';

export { EMAIL_SUBMIT_FAILED_MESSAGE, INVALID_EMAIL_MESSAGE } from './use-email-capture.ts';
export type { EmailSubmitExtras, EmailSubmitResult } from './use-email-capture.ts';

export const EMAIL_CAPTURE_CTA = 'Subscribe';
export const EMAIL_THANKS_MESSAGE = 'Thanks for signing up!';
export const EMAIL_CONSENT_NOTICE =
  'By subscribing you agree to receive our emails. Unsubscribe at any time.';
export const HONEYPOT_LABEL = 'Leave this field empty';
export const EMAIL_ICON_SIZES = ['default', 'big'] as const;
export type EmailIconSize = (typeof EMAIL_ICON_SIZES)[number];

export type EmailCaptureProps = {
  headline?: string;
  text?: string;
  /** The button text (default 'Subscribe'). */
  cta?: string;
  iconSize?: EmailIconSize;
  /**
   * Receives the trimmed, valid address and the honeypot's value. Absent: treated as success (UI
   * only).
   */
  onSubmit?: EmailSubmit;
  /** Server-provided errors; the first is shown under the field. */
  errors?: string[];
  placeholder?: string;
  tone?: 'light' | 'dark';
  /** compact: no band or badge, the field above the button at every width (narrow columns). */
  variant?: 'default' | 'compact';
  className?: string;
};

function EnvelopeIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="ui-email-capture__glyph">
      <rect x="2.5" y="5" width="19" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function EmailCapture({
  headline,
  text,
  cta = EMAIL_CAPTURE_CTA,
  iconSize = 'default',
  onSubmit,
  errors,
  placeholder = 'Your email address',
  tone = 'dark',
  variant = 'default',
  className,
}: EmailCaptureProps) {
  const headingId = useId();
  const noticeId = useId();
  const honeypotId = useId();
  const capture = useEmailCapture(onSubmit, errors);
  const { done } = capture;

  return (
    <section
      className={sectionClassName(tone, iconSize, variant, className)}
      aria-labelledby={headline ? headingId : undefined}
      aria-label={headline ? undefined : 'Newsletter sign-up'}
    >
      <span className="ui-email-capture__icon" aria-hidden="true">
        <EnvelopeIcon />
      </span>
      <div className="ui-email-capture__content">
        {headline ? (
          <h2 id={headingId} className="ui-email-capture__headline">
            {headline}
          </h2>
        ) : null}
        {text ? <p className="ui-email-capture__text">{text}</p> : null}
        <EmailForm
          capture={capture}
          cta={cta}
          placeholder={placeholder}
          tone={tone}
          noticeId={noticeId}
          honeypotId={honeypotId}
        />
        <p id={noticeId} className="ui-email-capture__consent" hidden={done}>
          {EMAIL_CONSENT_NOTICE}
        </p>
        <p ref={capture.statusRef} role="status" tabIndex={-1} className="ui-email-capture__thanks">
          {done ? EMAIL_THANKS_MESSAGE : ''}
        </p>
      </div>
    </section>
  );
}

function sectionClassName(
  tone: NonNullable<EmailCaptureProps['tone']>,
  iconSize: EmailIconSize,
  variant: NonNullable<EmailCaptureProps['variant']>,
  className: string | undefined,
): string {
  return [
    'ui-email-capture',
    `ui-email-capture--${tone}`,
    `ui-email-capture--icon-${iconSize}`,
    variant === 'compact' ? 'ui-email-capture--compact' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

type EmailFormProps = {
  capture: EmailCaptureState;
  cta: string;
  placeholder: string;
  tone: NonNullable<EmailCaptureProps['tone']>;
  /** The consent line that describes the field. */
  noticeId: string;
  honeypotId: string;
};

/** The form (hidden once done): the address field, the honeypot and the submit button. */
function EmailForm({ capture, cta, placeholder, tone, noticeId, honeypotId }: EmailFormProps) {
  return (
    <form className="ui-email-capture__form" noValidate hidden={capture.done} onSubmit={capture.handleSubmit}>
      <Input
        ref={capture.inputRef}
        label="Email address"
        hideLabel
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX_LENGTH}
        placeholder={placeholder}
        value={capture.email}
        onChange={(event) => capture.setEmail(event.target.value)}
        error={capture.shown}
        tone={tone}
        aria-describedby={noticeId}
        className="ui-email-capture__field"
      />
      <Honeypot id={honeypotId} inputRef={capture.honeypotRef} />
      <Button type="submit" loading={capture.pending} className="ui-email-capture__submit">
        {cta}
      </Button>
    </form>
  );
}

/** The off-screen trap field: hidden from assistive technology and out of the tab order. */
function Honeypot({ id, inputRef }: { id: string; inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="ui-email-capture__trap" aria-hidden="true">
      <label htmlFor={id}>{HONEYPOT_LABEL}</label>
      <input ref={inputRef} id={id} type="text" name="company" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
