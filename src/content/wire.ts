/**
 * The Storyblok content model of the site, as zod schemas of the wire format (CDN API v2).
 * Only `src/content` imports this file. Demo content in `src/local/demo` must satisfy it.
 *
 * Folders (full_slug prefixes): `global`, `categories/`, `topics/`, `authors/`, `blogs/`, `pages/`.
 * Relations resolved by the queries: `article.author`, `article.contributors`, `article.topic`,
 * `article.category`, `topic.category`, `category.topics`.
 */
import { z } from 'zod';

/** Storyblok asset field. `filename` carries the original `/{W}x{H}/` segment in its path. */
export const assetSchema = z.object({
  id: z.number().nullable().optional(),
  filename: z.string().nullable().optional(),
  alt: z.string().nullable().optional(),
  focus: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  fieldtype: z.literal('asset').optional(),
});
export type WireAsset = z.infer<typeof assetSchema>;

/** Storyblok multilink field. */
export const multilinkSchema = z.object({
  linktype: z.enum(['url', 'story', 'email', 'asset']).optional(),
  url: z.string().optional(),
  cached_url: z.string().optional(),
  id: z.string().optional(),
  anchor: z.string().optional(),
  email: z.string().optional(),
  fieldtype: z.literal('multilink').optional(),
  /** Injected by the client when resolve_links resolves a story link. */
  story: z.object({ full_slug: z.string(), url: z.string().optional() }).passthrough().optional(),
});
export type WireMultilink = z.infer<typeof multilinkSchema>;

/** SEO field (meta-fields plugin shape). */
export const metaInfoSchema = z
  .object({
    title: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
  })
  .passthrough();

/** Rich-text document (ProseMirror JSON as Storyblok stores it). Validated loosely, mapped strictly. */
export type WireRichNode = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: WireRichNode[];
};
export const richNodeSchema: z.ZodType<WireRichNode> = z.lazy(() =>
  z
    .object({
      type: z.string(),
      text: z.string().optional(),
      attrs: z.record(z.string(), z.unknown()).optional(),
      marks: z
        .array(z.object({ type: z.string(), attrs: z.record(z.string(), z.unknown()).optional() }))
        .optional(),
      content: z.array(richNodeSchema).optional(),
    })
    .passthrough(),
);
export const richTextSchema = z.object({
  type: z.literal('doc'),
  content: z.array(richNodeSchema).optional(),
});

/** Base story envelope (fields the site reads). */
export const storyBaseSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  position: z.number().optional(),
  tag_list: z.array(z.string()).default([]),
  published_at: z.string().nullable().optional(),
  first_published_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
});

/** A relation field before or after resolution: a uuid string, or the resolved story. */
export const relationSchema = z.union([z.string(), z.object({ uuid: z.string() }).passthrough()]);

// ---- content types -------------------------------------------------------------------------

export const announcementBlokSchema = z.object({
  _uid: z.string(),
  component: z.literal('announcement'),
  active: z.boolean().optional(),
  theme: z.string().optional(),
  headline: z.string().optional(),
  text: z.string().optional(),
  cta_text: z.string().optional(),
  cta_link: multilinkSchema.optional(),
});

export const socialLinkBlokSchema = z.object({
  _uid: z.string(),
  component: z.literal('social_link'),
  name: z.string().optional(),
  url: z.string().optional(),
});

/** `global` story: site layout. */
export const globalContentSchema = z.object({
  _uid: z.string(),
  component: z.literal('global'),
  announcement: z.array(z.unknown()).default([]),
  social_links: z.array(z.unknown()).default([]),
  tagline: z.string().optional(),
});

/** `categories/{slug}` */
export const categoryContentSchema = z.object({
  _uid: z.string(),
  component: z.literal('category'),
  name: z.string(),
  description: z.string().optional(),
  cover_image: assetSchema.nullable().optional(),
  block_image: assetSchema.nullable().optional(),
  /** Topic relations (uuids, resolved through `category.topics`). */
  topics: z.array(relationSchema).default([]),
  meta_info: metaInfoSchema.nullable().optional(),
});

/** `topics/{slug}` */
export const topicContentSchema = z.object({
  _uid: z.string(),
  component: z.literal('topic'),
  name: z.string(),
  description: z.string().optional(),
  cover_image: assetSchema.nullable().optional(),
  block_image: assetSchema.nullable().optional(),
  /** Category relation (uuid, resolved through `topic.category`). */
  category: relationSchema.nullable().optional(),
  meta_info: metaInfoSchema.nullable().optional(),
});

/**
 * `authors/{slug}`. Social links are content keys `social_link_<name>` with a non-empty url.
 */
export const authorContentSchema = z
  .object({
    _uid: z.string(),
    component: z.literal('author'),
    name: z.string(),
    bio: z.string().optional(),
    photo: assetSchema.nullable().optional(),
    meta_info: metaInfoSchema.nullable().optional(),
  })
  .catchall(z.unknown());

export const faqBlokSchema = z.object({
  _uid: z.string(),
  component: z.literal('faq'),
  question: z.string(),
  answer: z.string(),
});

/** `blogs/{slug}`: an article. Its public path is `/{category slug}/{slug}`. */
export const articleContentSchema = z.object({
  _uid: z.string(),
  component: z.literal('article'),
  title: z.string(),
  description: z.string().optional(),
  cover_image: assetSchema.nullable().optional(),
  /** "YYYY-MM-DD HH:mm" (UTC). Published mode hides articles scheduled in the future. */
  schedule: z.string().optional(),
  content: richTextSchema.nullable().optional(),
  meta_info: metaInfoSchema.nullable().optional(),
  faqs: z.array(z.unknown()).default([]),
  author: relationSchema.nullable().optional(),
  contributors: z.array(relationSchema).default([]),
  topic: relationSchema.nullable().optional(),
  /** Category uuid: the filterable copy of topic.category (`filter_query[category][in]`). */
  category: relationSchema.nullable().optional(),
  /** Draft responses only: the Visual Editor's marker for the story's own fields. */
  _editable: z.string().optional(),
});

/** `pages/{slug}`: a page assembled from blocks (the widgets issue builds the blocks). */
export const pageContentSchema = z.object({
  _uid: z.string(),
  component: z.literal('page'),
  title: z.string().optional(),
  body: z.array(z.unknown()).default([]),
  meta_info: metaInfoSchema.nullable().optional(),
});

export const storySchema = <C extends z.ZodTypeAny>(content: C) => storyBaseSchema.extend({ content });

export const globalStorySchema = storySchema(globalContentSchema);
export const categoryStorySchema = storySchema(categoryContentSchema);
export const topicStorySchema = storySchema(topicContentSchema);
export const authorStorySchema = storySchema(authorContentSchema);
export const articleStorySchema = storySchema(articleContentSchema);
export const pageStorySchema = storySchema(pageContentSchema);

export type WireStory = z.infer<typeof storyBaseSchema> & { content: Record<string, unknown> };
