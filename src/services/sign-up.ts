/**
 * Newsletter sign-up from the browser: posts an address to the email-capture function
 * (src/functions/email-capture) and turns its answer into what the EmailCapture widget shows.
 *
 * The response is checked by hand (no zod here: this module ships to the browser). Submitting the
 * form is the visitor's consent (the widget shows what they agree to), so every request says
 * `consent: true`; `company` is the widget's honeypot, empty for people.
 */
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import {
  EMAIL_SUBMIT_FAILED_MESSAGE,
  type EmailSubmitExtras,
  type EmailSubmitResult,
} from '../widgets/email-capture/index.tsx';
import { normaliseEmail, SIGNUP_PATH, type SignupRequest, type SignupSource } from '../shared/sign-up.ts';
import { identify, track } from '../shared/track.ts';

export const SIGNUP_RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again in a minute.';
/** A request that has not answered by then is given up (the button must not stay busy forever). */
export const SIGNUP_TIMEOUT_MS = 15_000;

export type SignupOptions = {
  source: SignupSource;
  /** The page the form is on (a path starting with '/'). */
  path: string;
  /** The honeypot's value. */
  honeypot: string;
};

const failed = (): EmailSubmitResult => ({ ok: false, errors: [EMAIL_SUBMIT_FAILED_MESSAGE] });

/** The non-empty `message`s of a 400 body `{ errors: [{ field, message }] }`, in order. */
function errorMessages(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { errors } = body as { errors?: unknown };
  if (!Array.isArray(errors)) return [];
  const messages: string[] = [];
  for (const error of errors) {
    if (typeof error !== 'object' || error === null) continue;
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message.trim() !== '') messages.push(message);
  }
  return messages;
}

/**
 * POSTs one sign-up. 202 → ok; 400 → the function's messages, in order; 429 → try again shortly;
 * anything else (405, 413, 415, 503, a network error, a timeout, a body that is not what the
 * function sends) → a generic failure. Never throws.
 */
export async function submitSignup(
  email: string,
  options: SignupOptions,
  fetchImpl: typeof fetch = fetch,
): Promise<EmailSubmitResult> {
  const body: SignupRequest = {
    email,
    source: options.source,
    path: options.path,
    consent: true,
    company: options.honeypot,
  };
  let response: Response;
  try {
    response = await fetchImpl(SIGNUP_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SIGNUP_TIMEOUT_MS),
    });
  } catch {
    return failed();
  }
  if (response.status === 202) {
    // The visitor gave their email: identify's traits carry it, and no event property does.
    identify({ email: normaliseEmail(email) });
    track('Campaign Subscribed', { campaign_id: `email_capture:${options.source}`, source: options.source });
    return { ok: true };
  }
  if (response.status === 429) return { ok: false, errors: [SIGNUP_RATE_LIMITED_MESSAGE] };
  if (response.status === 400) {
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      return failed();
    }
    const messages = errorMessages(parsed);
    return messages.length > 0 ? { ok: false, errors: messages } : failed();
  }
  return failed();
}

/** An `onSubmit` for EmailCapture that signs up from `source` on the current page. */
export function useSignup(
  source: SignupSource,
): (email: string, extras: EmailSubmitExtras) => Promise<EmailSubmitResult> {
  const { pathname } = useLocation();
  return useCallback(
    (email: string, { honeypot }: EmailSubmitExtras) =>
      submitSignup(email, { source, path: pathname, honeypot }),
    [source, pathname],
  );
}
