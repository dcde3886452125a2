/**
 * The local editor (`/_local/editor`): Storyblok's editing workflow against the local content
 * stand-in. It opens the site's preview in an iframe with the signed URL Storyblok's app would
 * build, drives it with the Visual Editor's postMessage protocol (page.ts), and saves and
 * publishes through the stand-in. The local server mounts it behind its loopback and same-origin
 * guard (guard.ts), and only when the stand-in serves the content.
 *
 *   GET  /_local/editor                        the page
 *   GET  /_local/editor/stories                the stories with a page on the site (picker)
 *   GET  /_local/editor/stories/<id>           { story, state, path, previewUrl, fields }
 *   PUT  /_local/editor/stories/<id>           save the draft (body: the edited story) → same shape
 *   POST /_local/editor/stories/<id>/publish   publish the draft → same shape plus cv
 */
import { z } from 'zod';
import { json, problem } from '../../http/boundary.ts';
import { signedEditorUrl } from '../../server/preview-token.ts';
import type { WireStory } from '../../content/wire.ts';
import type { ContentService } from '../content-service/index.ts';
import { isObject, type JsonObject } from '../content-service/paths.ts';
import { editorFields } from './fields.ts';
import { EDITOR_PAGE_CSP, EDITOR_PAGE_HTML } from './page.ts';
import { pagePath as sitePath } from '../../content/page-path.ts';

export const EDITOR_PATH = '/_local/editor';
/** A story's JSON is a few KB to a few hundred; past this a save is refused with 413. */
export const EDITOR_BODY_LIMIT = 1024 * 1024;

export type LocalEditorOptions = {
  content: Pick<ContentService, 'handle' | 'saveDraft' | 'publish' | 'draftStory' | 'storyList' | 'cv'>;
  /** The stand-in's preview token: reads drafts, and signs the preview URL as Storyblok's app does. */
  previewToken: string;
  /** The space id the site expects in the preview URL (STORYBLOK_SPACE_ID). */
  spaceId: string;
  now?: () => Date;
};

export type LocalEditor = {
  /** True for the paths the editor answers (the server routes these here). */
  matches(pathname: string): boolean;
  handle(request: Request): Promise<Response>;
};

/** What a save accepts: a story as the draft API gave it, edited. Other story fields pass through. */
const storyBody = z.looseObject({
  id: z.number().int().positive(),
  uuid: z.string().min(1),
  name: z.string().trim().min(1, 'a story needs a name').max(255),
  slug: z.string(),
  full_slug: z.string(),
  tag_list: z.array(z.string()).optional(),
  content: z.looseObject({ _uid: z.string().min(1), component: z.string().min(1) }),
});

const STORY_ROUTE = /^\/stories\/(\d{1,15})(\/publish)?$/;

function methodNotAllowed(allow: string): Response {
  return problem(405, [{ field: 'method', message: `use ${allow}` }], { Allow: allow });
}

const notFound = (field = 'path', message = 'no such editor resource') => problem(404, [{ field, message }]);

class TooLarge extends Error {}

/** Reads a body as UTF-8 text, stopping as soon as it passes the limit. */
async function readLimited(request: Request, limit: number): Promise<string> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw new TooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The JSON body of a PUT or POST, or the answer to give instead (415, 413, 400). */
async function readJson(
  request: Request,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return {
      ok: false,
      response: problem(415, [{ field: 'body', message: 'send JSON (Content-Type: application/json)' }]),
    };
  }
  let text: string;
  try {
    text = await readLimited(request, EDITOR_BODY_LIMIT);
  } catch (error) {
    if (error instanceof TooLarge) {
      return {
        ok: false,
        response: problem(413, [{ field: 'body', message: `larger than ${EDITOR_BODY_LIMIT} bytes` }]),
      };
    }
    return { ok: false, response: problem(400, [{ field: 'body', message: 'the body could not be read' }]) };
  }
  if (text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: problem(400, [{ field: 'body', message: 'the body is not valid JSON' }]) };
  }
}

/**
 * The origin the browser used: the Host header (the guard in front admits loopback names only),
 * so the iframe is same-origin with the editor page whether it was opened as localhost or 127.0.0.1.
 */
function siteOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get('host');
  if (host && URL.canParse(`${url.protocol}//${host}`)) return new URL(`${url.protocol}//${host}`).origin;
  return url.origin;
}

/** Creates the editor over the content stand-in. */
export function createLocalEditor(options: LocalEditorOptions): LocalEditor {
  const { content, previewToken, spaceId } = options;
  const now = options.now ?? (() => new Date());
  const lookup = (uuid: string) => content.draftStory(uuid);

  /** The story exactly as the CDN's draft API answers it (`_editable` markers included). */
  async function draftResponse(fullSlug: string): Promise<JsonObject | null> {
    const path = fullSlug.split('/').map(encodeURIComponent).join('/');
    const query = new URLSearchParams({ version: 'draft', token: previewToken });
    const response = await content.handle(new Request(`http://local/v2/cdn/stories/${path}?${query}`));
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isObject(body) && isObject(body.story) ? body.story : null;
  }

  /** Everything the page needs to edit one story; null when it has no draft or no page. */
  async function storyPayload(id: number, request: Request): Promise<JsonObject | null> {
    const stored = content.draftStory(id);
    const path = stored && sitePath(stored, lookup);
    if (!stored || !path) return null;
    const story = await draftResponse(stored.full_slug);
    if (!story) return null;
    const previewUrl = await signedEditorUrl(new URL(path, siteOrigin(request)), {
      storyId: id,
      spaceId,
      previewToken,
      now: now(),
    });
    const state = content.storyList().find((s) => s.id === id)?.state ?? 'draft';
    return { story, state, path, previewUrl: previewUrl.href, fields: editorFields(story) };
  }

  function listing(): Response {
    const stories = content.storyList().flatMap((summary) => {
      const stored = content.draftStory(summary.id);
      const path = stored && sitePath(stored, lookup);
      return path ? [{ ...summary, path }] : [];
    });
    return json(200, { stories });
  }

  /** The same story, or the same folder with a new slug (`full_slug` ends with `slug`). */
  function isSlugChange(stored: string, fullSlug: string, slug: unknown): boolean {
    if (fullSlug === stored) return true;
    const folder = stored.slice(0, stored.lastIndexOf('/') + 1);
    return (
      typeof slug === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) && fullSlug === `${folder}${slug}`
    );
  }

  async function save(id: number, request: Request): Promise<Response> {
    const read = await readJson(request);
    if (!read.ok) return read.response;
    const parsed = storyBody.safeParse(read.body);
    if (!parsed.success) {
      return problem(
        422,
        parsed.error.issues.map((issue) => ({
          field: issue.path.length > 0 ? issue.path.join('.') : 'body',
          message: issue.message,
        })),
      );
    }
    const input = parsed.data;
    const stored = content.draftStory(id);
    if (!stored) return notFound('id', `no story has the id ${id}`);
    const mismatch =
      input.id !== id
        ? { field: 'id', message: `the story in the body is not story ${id}` }
        : input.uuid !== stored.uuid
          ? { field: 'uuid', message: `story ${id} has another uuid` }
          : !isSlugChange(stored.full_slug, input.full_slug, input.slug)
            ? {
                field: 'full_slug',
                message: `a story keeps its folder; only its last segment (slug) may change (it is ${stored.full_slug})`,
              }
            : null;
    if (mismatch) return problem(422, [mismatch]);
    // A changed slug moves the story's page once published (the content webhook redirects the old one).
    content.saveDraft(input as WireStory);
    const payload = await storyPayload(id, request);
    return payload ? json(200, payload) : notFound('id', `story ${id} has no page on the site`);
  }

  async function publish(id: number, request: Request): Promise<Response> {
    // The body says nothing; reading it still enforces JSON (no form post) and the size cap.
    const read = await readJson(request);
    if (!read.ok) return read.response;
    const published = await content.publish(id);
    if (!published) return notFound('id', `no story has the id ${id}`);
    const payload = await storyPayload(id, request);
    return payload
      ? json(200, { ...payload, cv: content.cv })
      : notFound('id', `story ${id} has no page on the site`);
  }

  async function route(request: Request, rest: string): Promise<Response> {
    const { method } = request;
    const read = method === 'GET' || method === 'HEAD';
    if (rest === '' || rest === '/') {
      if (!read) return methodNotAllowed('GET, HEAD');
      return new Response(EDITOR_PAGE_HTML, {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': EDITOR_PAGE_CSP,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          'X-Frame-Options': 'DENY',
          'X-Robots-Tag': 'noindex',
          'Referrer-Policy': 'no-referrer',
        },
      });
    }
    if (rest === '/stories') return read ? listing() : methodNotAllowed('GET, HEAD');
    const match = STORY_ROUTE.exec(rest);
    if (!match) return notFound();
    const id = Number(match[1]);
    if (match[2]) return method === 'POST' ? publish(id, request) : methodNotAllowed('POST');
    if (method === 'PUT') return save(id, request);
    if (!read) return methodNotAllowed('GET, HEAD, PUT');
    const payload = await storyPayload(id, request);
    return payload ? json(200, payload) : notFound('id', `no story with a page on the site has the id ${id}`);
  }

  return {
    matches: (pathname) => pathname === EDITOR_PATH || pathname.startsWith(`${EDITOR_PATH}/`),
    async handle(request) {
      const response = await route(request, new URL(request.url).pathname.slice(EDITOR_PATH.length));
      return request.method === 'HEAD'
        ? new Response(null, { status: response.status, headers: response.headers })
        : response;
    },
  };
}
