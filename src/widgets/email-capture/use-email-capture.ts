/** The email capture's state: the address, its error, the pending submit and the thanks, with focus moves. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isValidEmail } from '../../shared/sign-up.ts';

export type EmailSubmitResult = { ok: true } | { ok: false; errors: string[] };

/** What travels with the address: the honeypot's value (empty for people). */
export type EmailSubmitExtras = { honeypot: string };

export type EmailSubmit = (email: string, extras: EmailSubmitExtras) => Promise<EmailSubmitResult>;

export const INVALID_EMAIL_MESSAGE = 'invalid email';
export const EMAIL_SUBMIT_FAILED_MESSAGE = 'Something went wrong. Please try again.';

/** The first message with any text in it, or null. */
function firstMessage(messages: string[] | undefined): string | null {
  return messages?.find((message) => message.trim() !== '') ?? null;
}

/** Whether the component is still mounted, for answers that arrive after it has gone. */
function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * Validates and submits the address: an invalid one shows INVALID_EMAIL_MESSAGE and keeps focus in
 * the field; a failed submit shows its first error (or EMAIL_SUBMIT_FAILED_MESSAGE); a successful
 * one clears the field and sets `done`, which moves focus to the thanks line (`statusRef`).
 * Absent `onSubmit` counts as success. `errors` (from the server) show until the visitor's own error.
 */
export function useEmailCapture(onSubmit: EmailSubmit | undefined, errors: string[] | undefined) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Uncontrolled: read at submit, so a value set by a script without input events still counts.
  const honeypotRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const mounted = useMounted();

  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  const shown = error ?? firstMessage(errors);

  async function submit(value: string): Promise<EmailSubmitResult> {
    try {
      const honeypot = honeypotRef.current?.value ?? '';
      return onSubmit ? await onSubmit(value, { honeypot }) : { ok: true };
    } catch {
      return { ok: false, errors: [EMAIL_SUBMIT_FAILED_MESSAGE] };
    }
  }

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
    const result = await submit(value);
    if (!mounted.current) return;
    setPending(false);
    if (result.ok) {
      setEmail('');
      setDone(true);
    } else {
      setError(firstMessage(result.errors) ?? EMAIL_SUBMIT_FAILED_MESSAGE);
      inputRef.current?.focus();
    }
  };

  return { email, setEmail, shown, pending, done, inputRef, honeypotRef, statusRef, handleSubmit };
}

export type EmailCaptureState = ReturnType<typeof useEmailCapture>;
