/**
 * The email rule of §5, shared by the browser form and the email-capture function (which wraps it
 * in zod) so both accept exactly the same addresses. No React and no zod here: the browser bundle
 * stays small and the function bundle stays free of UI code.
 */
import { EMAIL_MAX_LENGTH } from '../tokens.ts';

export { EMAIL_MAX_LENGTH };

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
