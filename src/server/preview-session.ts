/**
 * Preview sessions: after the Visual Editor's link is verified, the editor's browser carries a
 * signed, short-lived cookie so client navigations and payloads inside the editor stay on drafts.
 * The cookie holds only an expiry and an HMAC-SHA256 over it (never a Storyblok token); it is
 * HttpOnly, Secure and `SameSite=None; Partitioned` so it works inside Storyblok's cross-site
 * iframe and is kept apart from the same site opened in a tab. Web Crypto only (edge and Node).
 */
import { cookiePairs } from '../http/boundary.ts';

export const PREVIEW_COOKIE = 'rh_preview';
/** A session ends an hour after it was last renewed. */
export const PREVIEW_SESSION_SECONDS = 3600;
/**
 * A preview answer renews the session only once less than this is left (rolling with a
 * threshold): a renewal is a Set-Cookie, and one on every payload would race "Exit preview" (a
 * link prefetch answered after the exit's cleared cookie would bring the session back).
 */
export const PREVIEW_RENEW_BELOW_SECONDS = PREVIEW_SESSION_SECONDS / 2;
const VERSION = 'v1';

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '=');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type PreviewSessions = {
  /** A cookie value valid for PREVIEW_SESSION_SECONDS from `now`. */
  issue(now: Date): Promise<string>;
  /** Seconds the session has left when the value was issued by this key and has not expired, else null. */
  secondsLeft(value: string, now: Date): Promise<number | null>;
};

/**
 * Sessions signed with `secret`; `purpose` separates keys derived from one secret (a session
 * key derived from the preview token can sign nothing else).
 */
export function createPreviewSessions(
  secret: string,
  purpose = 'roundhouse preview session',
): PreviewSessions {
  const key = (async () => {
    const base = await crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const derived = await crypto.subtle.sign('HMAC', base, encoder.encode(purpose));
    return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  })();
  const message = (expires: string) => encoder.encode(`${VERSION}.${expires}`);
  return {
    async issue(now) {
      const expires = String(Math.floor(now.getTime() / 1000) + PREVIEW_SESSION_SECONDS);
      const signature = await crypto.subtle.sign('HMAC', await key, message(expires));
      return `${VERSION}.${expires}.${base64url(signature)}`;
    },
    async secondsLeft(value, now) {
      const [version, expires, signature, ...rest] = value.split('.');
      if (version !== VERSION || rest.length > 0 || !expires || !/^\d{1,12}$/.test(expires)) return null;
      const bytes = signature ? fromBase64url(signature) : null;
      if (!bytes) return null;
      // crypto.subtle.verify compares in constant time.
      if (!(await crypto.subtle.verify('HMAC', await key, bytes, message(expires)))) return null;
      const left = Number(expires) - Math.floor(now.getTime() / 1000);
      return left > 0 ? left : null;
    },
  };
}

const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=None; Partitioned';

/** The Set-Cookie value that starts (or renews) a session. */
export function sessionCookie(value: string): string {
  return `${PREVIEW_COOKIE}=${value}; Max-Age=${PREVIEW_SESSION_SECONDS}; ${COOKIE_ATTRIBUTES}`;
}

/** The Set-Cookie value that ends a session (same attributes, so the partitioned cookie goes). */
export function clearedSessionCookie(): string {
  return `${PREVIEW_COOKIE}=; Max-Age=0; ${COOKIE_ATTRIBUTES}`;
}

/** The session cookie's value on a request, if any (the last one wins, like browsers send it). */
export function sessionCookieOf(request: Request): string | null {
  return cookiePairs(request).findLast(([name]) => name === PREVIEW_COOKIE)?.[1] ?? null;
}
