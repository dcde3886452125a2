/**
 * Preview for content editors: which content a request may see, and how its answer is sent.
 *
 * - A request with the Visual Editor's parameters (`_storyblok…`) must prove itself
 *   (preview-token.ts): valid → drafts and a session cookie; anything else → a plain 403 page
 *   saying why, never a draft (the parameters alone prove nothing).
 * - A request with a valid session cookie (preview-session.ts) sees drafts; an expired or forged
 *   one sees published content and the cookie is cleared.
 * - Preview answers are private and uncacheable, not indexed, and may be framed by the Visual
 *   Editor only; every other answer denies framing (security-headers.ts).
 */
import type { Env } from '../config/env.ts';
import type { PreviewInfo } from '../shared/preview.ts';
import { EDITOR_PARAMS, hasEditorParams, verifyEditorParams } from './preview-token.ts';
import {
  clearedSessionCookie,
  createPreviewSessions,
  PREVIEW_RENEW_BELOW_SECONDS,
  sessionCookie,
  sessionCookieOf,
  type PreviewSessions,
} from './preview-session.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { htmlPage } from '../http/boundary.ts';

/** What a request may see. */
export type PreviewMode =
  | { kind: 'published'; /** A dead session cookie came along: clear it. */ endSession: boolean }
  | {
      kind: 'draft';
      /** Set-Cookie starting or renewing the session; null while it has long enough left. */
      cookie: string | null;
      info: PreviewInfo;
    }
  | { kind: 'refused'; response: Response };

export type Preview = {
  /** Decides from the request's URL (the page's, for payloads) and its cookie. */
  modeOf(request: Request, url: URL, now: Date): Promise<PreviewMode>;
  /** A valid session on this request (live editing needs one). */
  hasSession(request: Request, now: Date): Promise<boolean>;
};

export type PreviewConfig = {
  spaceId: string;
  previewToken: string;
  /** Signs sessions; unset: derived from the preview token. */
  secret?: string;
  editorOrigin: string;
};

/** Preview settings from the environment; null when the space id or preview token is missing. */
export function previewConfigFrom(env: Env): PreviewConfig | null {
  if (!env.STORYBLOK_SPACE_ID || !env.STORYBLOK_PREVIEW_TOKEN) return null;
  return {
    spaceId: env.STORYBLOK_SPACE_ID,
    previewToken: env.STORYBLOK_PREVIEW_TOKEN,
    secret: env.PREVIEW_SECRET,
    editorOrigin: env.STORYBLOK_EDITOR_ORIGIN,
  };
}

/** The page an editor sees when a preview link does not verify: why, and no draft. */
export function refusedPreview(reason: string): Response {
  return htmlPage(
    403,
    {
      title: 'Preview not available',
      message: reason,
      back: { href: '/', text: 'Go to the published site' },
    },
    { ...SECURITY_HEADERS, ...PREVIEW_CACHE_HEADERS },
  );
}

/** Never stored by the CDN or the browser, never indexed. */
export const PREVIEW_CACHE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
} as const;

/**
 * Headers of a draft answer: the security headers, except that the Visual Editor (and the site
 * itself, for the local editor) may frame it; nothing a cache could keep. A draft opened in a tab of
 * its own is also cut off from whatever page opened it (`Cross-Origin-Opener-Policy`, which
 * published pages go without: README, Security headers).
 */
export function draftHeaders(mode: Extract<PreviewMode, { kind: 'draft' }>): Record<string, string> {
  const { 'X-Frame-Options': _denied, ...security } = SECURITY_HEADERS;
  return {
    ...security,
    ...PREVIEW_CACHE_HEADERS,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy':
      mode.info.editorOrigin === 'self'
        ? "frame-ancestors 'self'"
        : `frame-ancestors 'self' ${mode.info.editorOrigin}`,
    ...(mode.cookie ? { 'Set-Cookie': mode.cookie } : {}),
  };
}

/** True when the URL is an editor's link: it names a story or carries the editor's proof. */
export function isEditorRequest(url: URL): boolean {
  // Most requests have no query (reading `searchParams` parses one).
  if (url.search === '') return false;
  return url.searchParams.has(EDITOR_PARAMS.storyId) || hasEditorParams(url);
}

/** The preview decisions for one configuration; without one, every editor link is refused. */
export function createPreview(config: PreviewConfig | null): Preview {
  if (!config) {
    return {
      hasSession: () => Promise.resolve(false),
      modeOf: (request, url) =>
        Promise.resolve(
          isEditorRequest(url)
            ? { kind: 'refused', response: refusedPreview('Preview is not set up on this site.') }
            : { kind: 'published', endSession: sessionCookieOf(request) !== null },
        ),
    };
  }
  const sessions: PreviewSessions = config.secret
    ? createPreviewSessions(config.secret)
    : createPreviewSessions(config.previewToken, 'roundhouse preview session from the preview token');

  const draft = async (now: Date, renew: boolean): Promise<PreviewMode> => ({
    kind: 'draft',
    cookie: renew ? sessionCookie(await sessions.issue(now)) : null,
    info: { editorOrigin: config.editorOrigin },
  });

  const secondsLeft = async (request: Request, now: Date) => {
    const value = sessionCookieOf(request);
    return value === null ? null : sessions.secondsLeft(value, now);
  };

  return {
    hasSession: async (request, now) => (await secondsLeft(request, now)) !== null,
    async modeOf(request, url, now) {
      if (isEditorRequest(url)) {
        const check = await verifyEditorParams(url, {
          spaceId: config.spaceId,
          previewToken: config.previewToken,
          now,
        });
        return check.ok ? draft(now, true) : { kind: 'refused', response: refusedPreview(check.reason) };
      }
      if (sessionCookieOf(request) === null) return { kind: 'published', endSession: false };
      const left = await secondsLeft(request, now);
      if (left === null) return { kind: 'published', endSession: true };
      return draft(now, left < PREVIEW_RENEW_BELOW_SECONDS);
    },
  };
}

/** Where "Exit preview" may send the browser: a path on this site, else home. */
function exitTarget(to: string | null): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/';
  try {
    const url = new URL(to, 'http://site.invalid');
    return url.origin === 'http://site.invalid' ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}

/** `GET /_preview/exit?to=/path`: ends the session and shows the published page. */
export function exitPreview(request: Request): Response {
  const url = new URL(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method Not Allowed', {
      status: 405,
      headers: { ...SECURITY_HEADERS, ...PREVIEW_CACHE_HEADERS, Allow: 'GET, HEAD' },
    });
  }
  return new Response(null, {
    status: 303,
    headers: {
      ...SECURITY_HEADERS,
      ...PREVIEW_CACHE_HEADERS,
      Location: exitTarget(url.searchParams.get('to')),
      'Set-Cookie': clearedSessionCookie(),
    },
  });
}
