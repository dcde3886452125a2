import { BASE_SECURITY_HEADERS } from '../http/security.ts';

/**
 * Headers every response of the render handler carries, whatever its kind (page, payload,
 * redirect, error), and the caching of its redirects.
 */
export const SECURITY_HEADERS = BASE_SECURITY_HEADERS;

/**
 * Redirects keep the query they were asked with, so a shared cache keyed on part of the query
 * (Netlify-Vary) could hand one visitor's query to another: browsers may keep them an hour, the CDN
 * never stores them (they cost no content request to answer).
 */
export const REDIRECT_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=3600',
  'Netlify-CDN-Cache-Control': 'no-store',
} as const;
