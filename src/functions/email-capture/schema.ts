/**
 * What the email-capture function accepts. The address uses the browser form's rule (§5) wrapped in
 * zod, so a visitor never sees the form accept an address the server refuses, or the reverse.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, SIGNUP_SOURCES, type SignupRequest } from '../../shared/sign-up.ts';

export const INVALID_EMAIL = 'invalid email';
export const CONSENT_REQUIRED = 'consent to marketing email is required';

export const signupRequestSchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: INVALID_EMAIL })
    .regex(EMAIL_PATTERN, { error: INVALID_EMAIL }),
  source: z.enum(SIGNUP_SOURCES, { error: `source must be one of ${SIGNUP_SOURCES.join(', ')}` }),
  /** The page the form was on: a site path, kept for reporting. */
  path: z
    .string({ error: 'path must be a site path' })
    .max(512, { error: 'path is too long' })
    .regex(/^\/(?!\/)[^\s]*$/, { error: 'path must be a site path' }),
  /** The visitor agreed to marketing email (the form says what they agree to). */
  consent: z.literal(true, { error: CONSENT_REQUIRED }),
  /** Honeypot: a field people never see. Anything in it marks the request as a bot. */
  company: z.string().max(200).optional(),
}) satisfies z.ZodType<SignupRequest>;

export type FieldError = { field: string; message: string };

/** zod issues → `{ field, message }`, one per field, in the order of the request's fields. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  const order = ['email', 'source', 'path', 'consent', 'company'];
  return errors.sort((a, b) => rank(order, a.field) - rank(order, b.field));
}

function rank(order: string[], field: string): number {
  const i = order.indexOf(field);
  return i === -1 ? order.length : i;
}
