/**
 * Storyblok signs a webhook with the secret set on it: the `webhook-signature` header is the hex
 * HMAC-SHA1 of the raw body (https://www.storyblok.com/tp/webhook-secret-with-different-technologies).
 * Checked with Web Crypto's `verify`, which compares in constant time.
 */
export const SIGNATURE_HEADER = 'webhook-signature';

export type SignatureCheck = 'valid' | 'missing' | 'malformed' | 'mismatch';

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{40}$/i.test(hex)) return null;
  const bytes = new Uint8Array(20);
  for (let i = 0; i < 20; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const hmacKey = (secret: string, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, [usage]);

/** Checks `header` against the body's HMAC-SHA1 with `secret`. */
export async function checkSignature(
  secret: string,
  body: Uint8Array<ArrayBuffer>,
  header: string | null,
): Promise<SignatureCheck> {
  if (header === null || header.trim() === '') return 'missing';
  const signature = hexBytes(header.trim());
  if (!signature) return 'malformed';
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, body);
  return ok ? 'valid' : 'mismatch';
}

/** The header value Storyblok would send for `body` (the local stack's sender, tests). */
export async function signBody(secret: string, body: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), bytes));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}
