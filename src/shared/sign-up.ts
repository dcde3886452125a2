/**
 * The sign-up contract between the email forms and the email-capture function: its path, the forms
 * (`source`), the request body, and the email rule of §5 so both sides accept exactly the same
 * addresses. Imports nothing (no zod: the function wraps the rule in its schema).
 */

/** Where the email-capture function answers. */
export const SIGNUP_PATH = '/.netlify/functions/email-capture';

/** The forms that sign readers up. */
export const SIGNUP_SOURCES = ['footer', 'sidebar', 'block'] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];

/** What a form posts. Submitting is consent (the form says what the reader agrees to). */
export type SignupRequest = {
  email: string;
  source: SignupSource;
  /** The page the form is on (a path starting with '/'). */
  path: string;
  consent: true;
  /** The honeypot's value: empty for people. */
  company?: string;
};

/** Longest address accepted (characters, after trimming). */
export const EMAIL_MAX_LENGTH = 100;

/**
 * local@domain.tld: the local part from the usual unquoted characters; domain labels of letters,
 * digits and inner hyphens; a top-level part of 2 to 24 letters. Case-insensitive. ASCII only:
 * internationalised addresses are not accepted (most marketing providers reject them too).
 */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}$/i;

/** Trims surrounding whitespace, then checks length (≤ 100) and the pattern. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The address a sign-up is stored and delivered under: trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
