/**
 * What the site knows about its content between deploys, kept in Netlify Blobs: written by the
 * content webhook (a publish, a move, an unpublish), read by every render with a short cache.
 *
 * - `cv`: Storyblok's space version after the last change; renders ask the CDN API for content at
 *   this version, so an edge isolate's memory cache cannot hand out what came before.
 * - `redirects`: a moved story's old page path → its new one (answered 301).
 * - `gone`: a page path whose story was unpublished or deleted → when (answered 410).
 * - `stories`: what a story id was at its last publish (uuid, kind, page path), so an unpublish or
 *   a move, whose webhook names only the id and the new slug, knows what to purge and redirect.
 */
import { z } from 'zod';

/** The Blobs store and key holding the state (one JSON blob: one read per render cache period). */
export const CONTENT_STATE_STORE = 'content-state';
export const CONTENT_STATE_KEY = 'state';

export const storyKindSchema = z.enum(['article', 'author', 'category', 'topic', 'page', 'global', 'other']);
export type StoryKind = z.infer<typeof storyKindSchema>;

const pagePath = z.string().regex(/^\/[^\s]*$/);

export const contentStateSchema = z.object({
  cv: z.number().int().nonnegative().nullable(),
  updatedAt: z.string(),
  redirects: z.record(pagePath, pagePath),
  gone: z.record(pagePath, z.string()),
  stories: z.record(
    z.string().regex(/^\d+$/),
    z.object({ uuid: z.string(), kind: storyKindSchema, path: pagePath.nullable() }),
  ),
});

export type ContentState = z.infer<typeof contentStateSchema>;

export const emptyContentState = (): ContentState => ({
  cv: null,
  updatedAt: new Date(0).toISOString(),
  redirects: {},
  gone: {},
  stories: {},
});

/** Parses a stored state; anything unreadable is the empty state (a render never fails on it). */
export function parseContentState(value: unknown): ContentState {
  const parsed = contentStateSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyContentState();
}

/** The part of a Blobs store the state needs (a fake in tests, `getStore(...)` deployed). */
export type StateStore = {
  get(key: string, options: { type: 'json' }): Promise<unknown>;
  setJSON(key: string, value: unknown): Promise<unknown>;
};

/**
 * What the content webhook writes through: a Blobs store's conditional writes, so two webhooks
 * landing together (a bulk publish) cannot drop each other's changes. `getStore(...)` and the
 * local Blobs' stores are one; tests use a fake.
 */
export type ContentStateWriter = Omit<StateStore, 'setJSON'> & {
  getWithMetadata(key: string, options: { type: 'json' }): Promise<{ data: unknown; etag?: string } | null>;
  setJSON(
    key: string,
    value: unknown,
    options?: { onlyIfMatch: string } | { onlyIfNew: true },
  ): Promise<{ modified: boolean }>;
};
