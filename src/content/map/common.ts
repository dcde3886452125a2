/**
 * Shared pieces of the mappers: the mapping context (logger, site origin), the story parser that
 * logs and skips invalid stories, and small text helpers. Mappers are pure apart from `warn`.
 */
import { DEFAULT_SITE_NAME } from '../../config/env.ts';
import type { z } from 'zod';
import { z as zod } from 'zod';
import type { Meta } from '../types.ts';
import type { Editable } from '../../shared/types.ts';

export type Warn = (message: string, details?: Record<string, unknown>) => void;

export type MapContext = {
  warn: Warn;
  /** Absolute origin of the public site (e.g. "https://roundhouse.example"), to tell own links from external ones. */
  siteOrigin: string | null;
  /** The site's name (SITE_NAME): default alt text for images an editor left without one. */
  siteName: string;
  /**
   * Drafts: keep Storyblok's `_editable` markers for the Visual Editor. Published content never
   * carries them (the CDN strips them; this is the second lock).
   */
  editable?: boolean;
};

/** The default context: warnings go to console.warn, no site origin. */
export const defaultMapContext: MapContext = {
  warn: (message, details) => console.warn(message, details ?? {}),
  siteOrigin: null,
  siteName: DEFAULT_SITE_NAME,
};

const slugProbe = zod.object({ full_slug: zod.string() });

/** A plain JSON object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const editableSchema = zod.object({
  name: zod.string(),
  space: zod.string().optional(),
  uid: zod.string().min(1),
  id: zod.string().min(1),
});

/**
 * A draft node's `_editable` marker (`<!--#storyblok#{"name":…,"space":…,"uid":…,"id":…}-->`) as
 * the attributes the Visual Editor's bridge reads; nothing when the context does not keep them or
 * the marker is malformed.
 */
export function editableOf(node: { _editable?: unknown }, ctx: MapContext): { editable?: Editable } {
  if (!ctx.editable || typeof node._editable !== 'string') return {};
  const json = /^<!--#storyblok#(.*)-->$/s.exec(node._editable)?.[1];
  let parsed: unknown = null;
  try {
    parsed = json ? JSON.parse(json) : null;
  } catch {
    return {};
  }
  const meta = editableSchema.safeParse(parsed);
  if (!meta.success) return {};
  return {
    editable: {
      'data-blok-c': JSON.stringify(meta.data),
      'data-blok-uid': `${meta.data.id}-${meta.data.uid}`,
    },
  };
}

/** `full_slug` of anything story-like, for log lines; "(unknown)" when there is none. */
export function fullSlugOf(raw: unknown): string {
  const probe = slugProbe.safeParse(raw);
  return probe.success ? probe.data.full_slug : '(unknown)';
}

/**
 * Parses a story with its wire schema; on failure logs a warning with its full_slug and the zod
 * issues, and returns null (the story is left out, never a crash).
 */
export function parseStory<S extends z.ZodTypeAny>(
  schema: S,
  raw: unknown,
  ctx: MapContext,
  kind: string,
): z.infer<S> | null {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  ctx.warn(`Skipping invalid ${kind} story "${fullSlugOf(raw)}"`, {
    issues: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
  });
  return null;
}

/**
 * Parses a relation that the client may have resolved into a story. An unresolved relation
 * (still a uuid string) or a missing one gives null silently; a resolved but invalid one warns.
 */
export function parseRelation<S extends z.ZodTypeAny>(
  schema: S,
  raw: unknown,
  ctx: MapContext,
  kind: string,
): z.infer<S> | null {
  if (raw === null || raw === undefined || typeof raw === 'string') return null;
  return parseStory(schema, raw, ctx, kind);
}

/** Trimmed string, or null when empty or not a string. */
export function nonEmpty(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Meta from a meta-fields value (empty strings become null). */
export function toMeta(
  meta: { title?: string | null; description?: string | null } | null | undefined,
): Meta {
  return { title: nonEmpty(meta?.title), description: nonEmpty(meta?.description) };
}
