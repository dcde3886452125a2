/**
 * The local stack's own variables (nothing deployed reads them), parsed with zod like the site's
 * (src/config/env.ts): a bad value stops `npm start` with the variable's name, never a NaN later.
 */
import { z } from 'zod';
import { parseEnvWith, unsetWhenBlank } from '../config/env.ts';

const localEnvSchema = z.object({
  /** Scale the demo content to this many articles (benchmarks, load runs). */
  DEMO_ARTICLES: z.preprocess(unsetWhenBlank, z.coerce.number().int().min(1).max(100_000).optional()),
  /** Say each demo article's body this many times over (the bench's page-size series). */
  DEMO_ARTICLE_LENGTH: z.preprocess(unsetWhenBlank, z.coerce.number().int().min(1).max(64).optional()),
  /** Where Netlify Blobs (sign-ups) and the store stand-in's carts are kept. */
  LOCAL_DATA_DIR: z.preprocess(unsetWhenBlank, z.string().optional()),
  /** How often the email retry job runs locally, in ms (deployed: every 5 minutes). */
  LOCAL_EMAIL_RETRY_MS: z.preprocess(
    unsetWhenBlank,
    z.coerce.number().int().min(10).max(3_600_000).optional(),
  ),
  /**
   * Where the local editor's Publish POSTs Storyblok's publish webhook body (the site's content
   * webhook, for one); unset: no webhook.
   */
  LOCAL_PUBLISH_WEBHOOK_URL: z.preprocess(unsetWhenBlank, z.url({ protocol: /^https?$/ }).optional()),
  /**
   * `off`: no local CDN in front of the render handler (every page straight from the origin,
   * uncompressed), for debugging the origin. The purge API still answers.
   */
  LOCAL_CDN: z.preprocess(unsetWhenBlank, z.enum(['on', 'off']).optional()),
  /**
   * The bearer token of the local purge API (`/_local/netlify/api/v1/purge`); unset: a random one
   * per start, known only to the server. Set it to purge from a script or a test.
   */
  LOCAL_PURGE_TOKEN: z.preprocess(
    unsetWhenBlank,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, '16 to 256 visible ASCII characters')
      .optional(),
  ),
  /** `1`: no access log. */
  QUIET: z.preprocess(unsetWhenBlank, z.enum(['0', '1']).optional()),
});

export type LocalEnv = z.infer<typeof localEnvSchema>;

/** Parse the local variables; throws a ConfigError naming the first bad one. */
export function parseLocalEnv(source: Record<string, string | undefined>): LocalEnv {
  return parseEnvWith(localEnvSchema, source);
}
