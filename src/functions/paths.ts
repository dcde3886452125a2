/**
 * Every Netlify function (netlify/functions/<name>.mts) and the path it answers on: the table the
 * local server routes by, so a new function cannot be forgotten locally (its type needs every name).
 */
import { CART_FUNCTION_PATH } from '../shared/cart.ts';
import { SIGNUP_PATH } from '../shared/sign-up.ts';
import { EVENTS_PATH } from '../shared/analytics.ts';

export const FUNCTION_PATHS = {
  cart: CART_FUNCTION_PATH,
  'email-capture': SIGNUP_PATH,
  /** The browser's analytics batches (first-party collection, forwarded to Segment). */
  events: EVENTS_PATH,
  /** Storyblok's webhook (server to server: signed, never called by the browser). */
  'content-webhook': '/.netlify/functions/content-webhook',
  /** Browsers' Content-Security-Policy violation reports (the pages' report-uri / report-to). */
  'csp-report': '/.netlify/functions/csp-report',
  /** Scheduled; deployed it answers Netlify's scheduler only (scheduled.ts). */
  'email-retry': '/.netlify/functions/email-retry',
} as const;

export type FunctionName = keyof typeof FUNCTION_PATHS;

/** The prefix Netlify serves functions under. */
export const FUNCTIONS_PREFIX = '/.netlify/functions/';
