/**
 * Email capture (UI only; the submission pipeline plugs in through `onSubmit`). Spec §4, §5, §8:
 * the address must match a standard email pattern whose top-level part is 2 to 24 letters
 * (case-insensitive), at most 100 characters; otherwise 'invalid email' shows under the field and
 * nothing is submitted. Server-provided errors (prop or `onSubmit` result) show their first
 * message. After a successful submit the form is hidden, 'Thanks for signing up!' is shown (focus
 * moves to it) and the field is cleared.
 *
 * A consent line under the form says what subscribing means (the submit is the explicit consent;
 * the field is described by it) and, given `privacyLink`, links to the privacy policy. A honeypot field (`company`) sits off-screen, hidden from assistive
 * technology and out of the tab order: people leave it empty, form-filling bots do not; its value
 * travels with the submission so the server can drop bot sign-ups quietly.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../../shared/sign-up.ts';
import { Button, WidgetLink } from '../button/index.tsx';
import { Input } from '../input/index.tsx';
import { Once } from '../rendered-once/index.tsx';

export const EMAIL_CAPTURE_CTA = 'Subscribe';
export const INVALID_EMAIL_MESSAGE = 'invalid email';
export const EMAIL_THANKS_MESSAGE = 'Thanks for signing up!';
export const EMAIL_SUBMIT_FAILED_MESSAGE = 'Something went wrong. Please try again.';
export const EMAIL_CONSENT_NOTICE =
  'By subscribing you agree to receive our emails. Unsubscribe at any time.';
/** The consent line's link text, after "See our" (a link named for where it goes). */
export const EMAIL_PRIVACY_LINK_TEXT = 'privacy policy';
export const HONEYPOT_LABEL = 'Leave this field empty';
export const EMAIL_ICON_SIZES = ['default', 'big'] as const;
export type EmailIconSize = (typeof EMAIL_ICON_SIZES)[number];

export type EmailSubmitResult = { ok: true } | { ok: false; errors: string[] };

/** What travels with the address: the honeypot's value (empty for people). */
export type EmailSubmitExtras = { honeypot: string };

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
  onSubmit?: (email: string, extras: EmailSubmitExtras) => Promise<EmailSubmitResult>;
  /** Server-provided errors; the first is shown under the field. */
  errors?: string[];
  placeholder?: string;
  tone?: 'light' | 'dark';
  /** The privacy policy's address (a site path or URL): the consent line links to it. */
  privacyLink?: string;
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

// Long by design: the footer's form is on every page. Split into a state hook and parts it measured
// +0.2 KB gzip on every page, against the article's JS budget.
export function EmailCapture({
  headline,
  text,
  cta = EMAIL_CAPTURE_CTA,
  iconSize = 'default',
  onSubmit,
  errors,
  placeholder = 'Your email address',
  tone = 'dark',
  privacyLink,
  variant = 'default',
  className,
}: EmailCaptureProps) {
  // One id for the widget, the rest derived from it: the server keeps the widget's markup per id
  // (below), and a useId inside would be the kept render's own, not the page's.
  const id = useId();
  const headingId = `${id}heading`;
  const noticeId = `${id}notice`;
  const honeypotId = `${id}company`;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Uncontrolled: read at submit, so a value set by a script without input events still counts.
  const honeypotRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    // An address typed before the page hydrated: React keeps it in the field as it hydrates but
    // fires no change, so the state would submit an empty address.
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  const shown = error ?? errors?.find((message) => message.trim() !== '') ?? null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const value = email.trim();
    if (!isValidEmail(value)) {
      setError(INVALID_EMAIL_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    let result: EmailSubmitResult;
    try {
      const honeypot = honeypotRef.current?.value ?? '';
      result = onSubmit ? await onSubmit(value, { honeypot }) : { ok: true };
    } catch {
      result = { ok: false, errors: [EMAIL_SUBMIT_FAILED_MESSAGE] };
    }
    if (!mounted.current) return;
    setPending(false);
    if (result.ok) {
      setEmail('');
      setDone(true);
    } else {
      setError(result.errors.find((message) => message.trim() !== '') ?? EMAIL_SUBMIT_FAILED_MESSAGE);
      inputRef.current?.focus();
    }
  };

  // The server keeps the markup per id and props (on the server the state is always the initial one).
  return (
    <Once
      as="section"
      name="email-capture"
      inputs={[id, headline, text, cta, iconSize, placeholder, tone, privacyLink, variant, className, shown]}
      className={[
        'ui-email-capture',
        `ui-email-capture--${tone}`,
        `ui-email-capture--icon-${iconSize}`,
        variant === 'compact' ? 'ui-email-capture--compact' : null,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
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
        <form className="ui-email-capture__form" noValidate hidden={done} onSubmit={handleSubmit}>
          <Input
            ref={inputRef}
            label="Email address"
            hideLabel
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX_LENGTH}
            placeholder={placeholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={shown}
            tone={tone}
            id={`${id}email`}
            aria-describedby={noticeId}
            className="ui-email-capture__field"
          />
          <div className="ui-email-capture__trap" aria-hidden="true">
            <label htmlFor={honeypotId}>{HONEYPOT_LABEL}</label>
            <input
              ref={honeypotRef}
              id={honeypotId}
              type="text"
              name="company"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <Button type="submit" loading={pending} className="ui-email-capture__submit">
            {cta}
          </Button>
        </form>
        <p id={noticeId} className="ui-email-capture__consent" hidden={done}>
          {EMAIL_CONSENT_NOTICE}
          {privacyLink ? (
            <>
              {' See our '}
              <WidgetLink link={privacyLink}>{EMAIL_PRIVACY_LINK_TEXT}</WidgetLink>.
            </>
          ) : null}
        </p>
        <p ref={statusRef} role="status" tabIndex={-1} className="ui-email-capture__thanks">
          {done ? EMAIL_THANKS_MESSAGE : ''}
        </p>
      </div>
    </Once>
  );
}
