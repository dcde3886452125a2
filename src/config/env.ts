/**
 * The one place that reads environment variables. `parseConfig` takes an injected source
 * (`Netlify.env` at the edge, `process.env` in Node, a plain object in tests) and fails with
 * the name of the first bad variable.
 */
import { z } from 'zod';
import { isCountryCode } from '../shared/country-codes.ts';

/** The demo brand: the site's name when SITE_NAME is unset (the only place the name is written). */
export const DEFAULT_SITE_NAME = 'Roundhouse';

/** A blank value (empty or spaces) counts as unset, so the schema's default or `optional` applies. */
export const unsetWhenBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlString = z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''));

/** URLs per sitemap document unless SITEMAP_URLS_PER_FILE says otherwise. */
export const DEFAULT_SITEMAP_URLS = 1_000;

export const envSchema = z.object({
  /** Storyblok public (published) token. Unset: the local content stand-in is used. */
  STORYBLOK_TOKEN: optionalString,
  /** Storyblok preview token (drafts); server-only. */
  STORYBLOK_PREVIEW_TOKEN: optionalString,
  /**
   * The Storyblok space's numeric id: the Visual Editor's preview links name it, and only links
   * for this space open a preview. Unset: preview is off (editor links get a 403 saying so).
   */
  STORYBLOK_SPACE_ID: z.preprocess(
    unsetWhenBlank,
    z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, { error: 'the numeric id of the Storyblok space (Settings → Space)' })
      .optional(),
  ),
  /**
   * Signs preview sessions (server-only; 32+ characters, e.g. `openssl rand -hex 32`). Unset: a key
   * derived from STORYBLOK_PREVIEW_TOKEN, so rotating that token also ends every session.
   */
  PREVIEW_SECRET: z.preprocess(unsetWhenBlank, z.string().min(32).optional()),
  /**
   * The Visual Editor's origin: the only site allowed to frame preview pages, and the only window
   * the bridge talks to. `self`: an editor served by the site itself (the local stack's editor).
   */
  STORYBLOK_EDITOR_ORIGIN: z.preprocess(
    unsetWhenBlank,
    z
      .union([z.literal('self'), z.url({ protocol: /^https?$/ }).transform((v) => new URL(v).origin)])
      .default('https://app.storyblok.com'),
  ),
  /**
   * The secret of Storyblok's webhook (Settings → Webhooks), server-only: the content webhook accepts
   * a request only when its `webhook-signature` is the HMAC-SHA1 of the body with it. Unset: the
   * content webhook answers 503 (the local stack picks one of its own).
   */
  STORYBLOK_WEBHOOK_SECRET: optionalString,
  /** Storyblok region: eu, us, ap, ca, cn. */
  STORYBLOK_REGION: z.enum(['eu', 'us', 'ap', 'ca', 'cn']).default('eu'),
  /** Full CDN API base including /v2 (overrides the region), e.g. http://127.0.0.1:4010/v2. */
  STORYBLOK_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), urlString.optional()),
  /** Public origin of the site (Netlify sets URL). */
  URL: z.preprocess((v) => (v === '' ? undefined : v), urlString.optional()),
  /** Base URL of the blog section (§1); defaults to URL. */
  BLOG_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString.optional()),
  /** Brand name shown across the site. */
  SITE_NAME: z.string().trim().min(1).max(60).default(DEFAULT_SITE_NAME),
  /** Shopify store: `shop.myshopify.com` or a full URL (the local stack points it at its stand-in). */
  SHOPIFY_STORE_DOMAIN: optionalString,
  /** Storefront API public token: used by the server only, never sent to the browser. */
  SHOPIFY_STOREFRONT_TOKEN: optionalString,
  /** The buyer country prices and availability are asked in (one the Storefront API knows). */
  STORE_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: 'not a country code the Storefront API knows (e.g. US, GB, DE)' })
    .default('US'),
  /**
   * Cart requests per client IP per minute that the cart function itself allows; 0 turns the
   * in-function limit off (Netlify's own limit, in netlify/functions/cart.mts, still applies).
   */
  CART_RATE_LIMIT: z.preprocess(unsetWhenBlank, z.coerce.number().int().min(0).max(100_000).default(120)),
  /** Email-marketing account (Klaviyo public API key / site id), server-side only (§1). */
  KLAVIYO_COMPANY_ID: optionalString,
  /** The Klaviyo list sign-ups join. */
  KLAVIYO_LIST_ID: optionalString,
  /** Provider base URL (default https://a.klaviyo.com; the local stack points it at its sink). */
  EMAIL_PROVIDER_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString.optional()),
  /** `paused` keeps accepting and storing sign-ups but delivers none until set back to `on`. */
  EMAIL_FORWARDING: z.enum(['on', 'paused']).default('on'),
  /** Sign-ups per client IP per minute that the function itself allows. */
  EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** First retry delay in ms (doubles per attempt, capped at an hour). */
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * Segment's write key (spec §1's analytics key), server-only: the events function forwards the
   * browser's batches with it; it is never in the browser bundle or payload. Unset: batches are
   * validated, answered 202 and dropped (the local stack forwards to its collector instead).
   */
  SEGMENT_WRITE_KEY: optionalString,
  /**
   * Base URL of Segment's HTTP Tracking API, without `/v1` (the function posts to `<base>/v1/batch`):
   * Segment's default, its EU endpoint (`https://events.eu1.segmentapis.com`) or a stand-in.
   */
  SEGMENT_API_HOST: z.preprocess(unsetWhenBlank, urlString.default('https://api.segment.io')),
  /**
   * Event batches per client IP per minute that the events function itself allows; 0 turns the
   * in-function limit off (Netlify's own limit, in netlify/functions/events.mts, still applies).
   */
  ANALYTICS_RATE_LIMIT: z.preprocess(
    unsetWhenBlank,
    z.coerce.number().int().min(0).max(100_000).default(240),
  ),
  /**
   * CSP violation reports per client IP per minute the csp-report function keeps; 0 turns the
   * in-function limit off (Netlify's own limit, in netlify/functions/csp-report.mts, still applies).
   */
  CSP_REPORT_RATE_LIMIT: z.preprocess(
    unsetWhenBlank,
    z.coerce.number().int().min(0).max(100_000).default(60),
  ),
  /**
   * URLs per sitemap document: past this many, `/sitemap.xml` is an index of shards. At most the
   * protocol's 50,000; 1,000 by default, so a shard's render costs the edge about what a page's
   * does (README "Sitemap, robots and feeds" has the measurements).
   */
  SITEMAP_URLS_PER_FILE: z.preprocess(
    unsetWhenBlank,
    z.coerce.number().int().min(1).max(50_000).default(DEFAULT_SITEMAP_URLS),
  ),
  /** Local server port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8888),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse variables with `schema`; throws a ConfigError naming the first bad variable. */
export function parseEnvWith<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** Parse the environment; throws a ConfigError naming the first bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Env {
  return parseEnvWith(envSchema, source);
}
