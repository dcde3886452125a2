/**
 * What a message says about where it was raised: the page (Segment's `context.page`), the page
 * view's query parameters as properties (§7), and the landing's campaign. No email address or
 * phone number ever leaves here: a parameter named like one, or holding an address, is left out
 * of the URL and of the properties (only identify's traits may carry them).
 */
import {
  REFERRAL_PARAMS,
  type AnalyticsProperties,
  type CampaignContext,
  type PageContext,
} from '../../shared/analytics.ts';

const PERSONAL_NAME = /e-?mail|phone|mobile|^tel$|password|token/i;
const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** Nine or more digits with only phone punctuation around them: a phone (or card) number. */
const isNumberLike = (value: string) =>
  /^[\d\s()+.-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 9;

/** True when a query parameter could identify a person: it is left out of everything sent. */
export function isPersonalParam(name: string, value: string): boolean {
  return PERSONAL_NAME.test(name) || EMAIL_LIKE.test(value) || isNumberLike(value);
}

/** The search string without personal parameters and without `drop` (e.g. the referral ones). */
export function cleanSearch(search: string, drop: readonly string[] = []): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of [...params]) {
    if (drop.includes(name) || isPersonalParam(name, value)) params.delete(name);
  }
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The page view's properties: each query parameter (the last value of a repeated one), cleaned. */
export function queryProperties(search: string): AnalyticsProperties {
  const properties: AnalyticsProperties = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (!isPersonalParam(name, value)) properties[name] = value.slice(0, 500);
  }
  return properties;
}

/** A referrer on another site is kept as its origin and path only (its query may name a person). */
export function cleanReferrer(referrer: string): string {
  try {
    const url = new URL(referrer);
    // Not `origin`: an app's referrer (android-app://com.google.android.gm/) has none ('null').
    // A path can name a person too (a webmail's /u/jo@example.com/...): then the host alone.
    const path = EMAIL_LIKE.test(decodeURIComponent(url.pathname)) ? '/' : url.pathname;
    return `${url.protocol}//${url.host}${path}`;
  } catch {
    return '';
  }
}

export function pageContext(
  location: Pick<Location, 'origin' | 'pathname' | 'search'>,
  title: string,
  referrer: string,
): PageContext {
  const search = cleanSearch(location.search, REFERRAL_PARAMS);
  return {
    path: location.pathname,
    url: `${location.origin}${location.pathname}${search}`,
    search,
    title,
    referrer: cleanReferrer(referrer),
  };
}

const UTM = ['source', 'medium', 'name', 'term', 'content'] as const;

/** The landing's `utm_*` parameters (`utm_campaign` is Segment's `name`), or null without any. */
export function campaignOf(search: string): CampaignContext | null {
  const params = new URLSearchParams(search);
  const campaign: CampaignContext = {};
  for (const key of UTM) {
    const value = params.get(key === 'name' ? 'utm_campaign' : `utm_${key}`)?.trim();
    if (value && !isPersonalParam(key, value)) campaign[key] = value.slice(0, 200);
  }
  return Object.keys(campaign).length > 0 ? campaign : null;
}

/** Ad networks' click ids: a landing with one came from a paid click. */
export const CLICK_IDS = {
  gclid: 'google',
  fbclid: 'facebook',
  msclkid: 'microsoft',
  ttclid: 'tiktok',
} as const;
/** `utm_medium` values that mean paid media. */
const PAID_MEDIUM = /^(cpc|ppc|cpm|cpv|paid|paid[_-]?(search|social|media)|display|banner|retargeting)$/i;

/** The paid click behind a landing: its network and click id, or null for an unpaid one. */
export function adClickOf(search: string, campaign: CampaignContext | null): AnalyticsProperties | null {
  const params = new URLSearchParams(search);
  for (const [param, network] of Object.entries(CLICK_IDS)) {
    const id = params.get(param)?.trim();
    if (id)
      return {
        ad_network: network,
        click_id_type: param,
        click_id: id.slice(0, 200),
        ...(campaign ? { campaign } : {}),
      };
  }
  if (campaign?.medium && PAID_MEDIUM.test(campaign.medium)) {
    return { ad_network: campaign.source ?? 'unknown', click_id_type: 'utm', campaign };
  }
  return null;
}
