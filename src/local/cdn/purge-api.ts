/**
 * The local stand-in for Netlify's purge API, `POST /api/v1/purge` (what `purgeCache()` from
 * `@netlify/functions` calls), served at `/_local/netlify/api/v1/purge`: so `apiURL` is
 * `<origin>/_local/netlify`. As the real API (netlify/open-api, operation `purgeCache`): a bearer
 * token, a JSON body `{ cache_tags?, site_id | site_slug | domain, deploy_alias? }`, 202 when
 * accepted, 400 for bad parameters, 404 for another site; 401 without the token. `cache_tags`
 * absent purges the whole site. The purge is done when the answer leaves: the next request is a
 * miss.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { json, readJsonBody } from '../../http/boundary.ts';

export const LOCAL_NETLIFY_API_PREFIX = '/_local/netlify';
export const PURGE_PATH = `${LOCAL_NETLIFY_API_PREFIX}/api/v1/purge`;

/** The site id the local stack answers to (what `SITE_ID` would be deployed). */
export const LOCAL_SITE_ID = 'local-site';

const purgeBody = z
  .object({
    cache_tags: z.array(z.string().min(1).max(1024)).max(10_000).optional(),
    site_id: z.string().min(1).optional(),
    site_slug: z.string().min(1).optional(),
    domain: z.string().min(1).optional(),
    deploy_alias: z.string().min(1).optional(),
  })
  .refine((body) => body.site_id ?? body.site_slug ?? body.domain, {
    message: 'name the site: site_id, site_slug or domain',
  });

/** Netlify's API errors: `{ code, message }`. */
const apiError = (status: number, message: string) => json(status, { code: status, message });

const digest = (text: string) => createHash('sha256').update(text).digest();

export type PurgeApiOptions = {
  token: string;
  siteId?: string;
  /** Purges by tag, or everything when `tags` is undefined. */
  purge: (tags?: readonly string[]) => void;
  log?: (line: string) => void;
};

export function createPurgeApi({ token, siteId = LOCAL_SITE_ID, purge, log = () => {} }: PurgeApiOptions) {
  const expected = digest(`Bearer ${token}`);
  return async (request: Request): Promise<Response> => {
    // Compared as digests: constant time whatever the header's length.
    if (!timingSafeEqual(digest(request.headers.get('authorization') ?? ''), expected)) {
      return apiError(401, 'Access Denied: a valid bearer token is required');
    }
    const read = await readJsonBody(request, 64 * 1024);
    if (!read.ok) return read.response;
    const parsed = purgeBody.safeParse(read.body);
    if (!parsed.success) {
      return apiError(400, parsed.error.issues.map((issue) => issue.message).join('; '));
    }
    const body = parsed.data;
    if (body.site_id !== undefined && body.site_id !== siteId) return apiError(404, 'Site not found');
    purge(body.cache_tags);
    log(`cdn: purged ${body.cache_tags ? `tags ${body.cache_tags.join(', ')}` : 'the whole site'}`);
    return new Response(null, { status: 202, headers: { 'Cache-Control': 'no-store' } });
  };
}
