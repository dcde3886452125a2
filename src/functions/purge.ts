/**
 * The one way the site purges Netlify's CDN: by cache tag, through `purgeCache` from
 * `@netlify/functions`. Deployed, give no options: the package reads `NETLIFY_PURGE_API_TOKEN` and
 * `SITE_ID`, which Netlify sets for functions. Locally, the local server points it at its own
 * purge API (`apiURL` = `<origin>/_local/netlify`, its token and site id). Note the package prefers
 * an environment `NETLIFY_PURGE_API_TOKEN` over the `token` option.
 */
import { purgeCache } from '@netlify/functions';

/** Purges the CDN objects tagged with any of `tags`; an empty list purges nothing. */
export type Purge = (tags: string[]) => Promise<void>;

export type PurgeOptions = { apiURL?: string; token?: string; siteID?: string };

/**
 * A `Purge` over `purgeCache` (or another implementation with its signature, for tests). Tags are
 * trimmed and deduplicated; with none left it sends nothing, never a purge of the whole site.
 */
export function createPurge(options: PurgeOptions = {}, purgeImpl: typeof purgeCache = purgeCache): Purge {
  const overrides = {
    ...(options.apiURL ? { apiURL: options.apiURL } : {}),
    ...(options.token ? { token: options.token } : {}),
    ...(options.siteID ? { siteID: options.siteID } : {}),
  };
  return async (tags) => {
    const unique = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
    if (unique.length === 0) return;
    await purgeImpl({ ...overrides, tags: unique });
  };
}
