/**
 * Email capture (UI only; the submission pipeline plugs in through `onSubmit`). Spec §4, §5, §8:
 * the address must match a standard email pattern whose top-level part is 2 to 24 letters
 * (case-insensitive), at most 100 characters; otherwise 'invalid email' shows under the field and
 * nothing is submitted. Server-provided errors (prop or `onSubmit` result) show their first
 * message. After a successful submit the form is hidden, 'Thanks for signing up!' is shown (focus
 * moves to it) and the field is cleared.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EMAIL_MAX_LENGTH } from '../tokens.ts';
import { Button } from '../button/index.tsx';
import { Input } from '../input/index.tsx';

export const EMAIL_CAPTURE_CTA = 'Subscribe';
export const INVALID_EMAIL_MESSAGE = 'invalid email';
export const EMAIL_THANKS_MESSAGE = 'Thanks for signing up!';
export const EMAIL_SUBMIT_FAILED_MESSAGE = 'Something went wrong. Please try again.';
export const EMAIL_ICON_SIZES = ['default', 'big'] as const;
export type EmailIconSize = (typeof EMAIL_ICON_SIZES)[number];

/**
 * local@domain.tld: the local part from the usual unquoted characters; domain labels of letters,
 * digits and inner hyphens; a top-level part of 2 to 24 letters. Case-insensitive.
 */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}$/i;

/** Trims surrounding whitespace, then checks length (≤ 100) and the pattern. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export type EmailSubmitResult = { ok: true } | { ok: false; errors: string[] };

export type EmailCaptureProps = {
  headline?: string;
  text?: string;
  /** The button text (default 'Subscribe'). */
  cta?: string;
  iconSize?: EmailIconSize;
  /** Receives the trimmed, valid address. Absent: treated as success (UI only). */
  onSubmit?: (email: string) => Promise<EmailSubmitResult>;
  /** Server-provided errors; the first is shown under the field. */
  errors?: string[];
  placeholder?: string;
  tone?: 'light' | 'dark';
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
  className,
}: EmailCaptureProps) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
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
      result = onSubmit ? await onSubmit(value) : { ok: true };
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

  return (
    <section
      className={[
        'ui-email-capture',
        `ui-email-capture--${tone}`,
        `ui-email-capture--icon-${iconSize}`,
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
            className="ui-email-capture__field"
          />
          <Button type="submit" loading={pending} className="ui-email-capture__submit">
            {cta}
          </Button>
        </form>
        <p ref={statusRef} role="status" tabIndex={-1} className="ui-email-capture__thanks">
          {done ? EMAIL_THANKS_MESSAGE : ''}
        </p>
      </div>
    </section>
  );
}
