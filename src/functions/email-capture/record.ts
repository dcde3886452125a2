/**
 * A sign-up as stored: one record per normalised address, with its delivery state. Records are read
 * back through this schema, so a damaged or foreign blob is reported instead of being trusted.
 */
import { z } from 'zod';
import { SIGNUP_SOURCES } from '../../shared/sign-up.ts';

export const SIGNUP_STATES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

const isoDate = z.iso.datetime();

export const signupRecordSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  email: z.string().min(3).max(100),
  source: z.enum(SIGNUP_SOURCES),
  path: z.string(),
  /** When the visitor last gave consent (their latest sign-up). */
  consentAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  /** pending: not tried yet; failed: will be retried; delivered; dead: given up (kept visible). */
  state: z.enum(SIGNUP_STATES),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDate,
  /** Set while one worker is delivering it; others leave it alone until it passes. */
  leaseUntil: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
});

export type SignupRecord = z.infer<typeof signupRecordSchema>;

/** The record's key: a SHA-256 of the normalised address, so keys and listings carry no address. */
export async function signupId(normalisedEmail: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalisedEmail));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** For logs: never the full address. `jo.smith@example.com` → `j***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
