/**
 * Typed errors of the store layer, and the mapping of the Storefront API's cart `userErrors` and
 * `warnings` to the product's error codes (spec §4, §8).
 *
 * Transport and protocol failures are thrown (`StoreError` subclasses); business outcomes of a cart
 * mutation (a refused variant, an unknown cart, a stock warning) are data in `CartResult`.
 *
 * ## Error mapping (`storeErrorCode`, `storeWarningCode`)
 *
 * | API says                                                                | product code            |
 * |-------------------------------------------------------------------------|-------------------------|
 * | `INVALID` on `["cartId"]` ("The specified cart does not exist.")         | `CART_NOT_FOUND`        |
 * | `MERCHANDISE_NOT_APPLICABLE` whose message names a country (see below)   | `INVALID_FOR_COUNTRY`   |
 * | `MERCHANDISE_NOT_APPLICABLE` on `[…,"buyerIdentity","countryCode"]`      | `INVALID_FOR_COUNTRY`   |
 * | any other `MERCHANDISE_NOT_APPLICABLE`                                  | `PRODUCT_NOT_AVAILABLE` |
 * | `INVALID` (or no code) on `[…,"lines",i,"merchandiseId"]`, country named | `INVALID_FOR_COUNTRY`   |
 * | `INVALID` (or no code) on `[…,"lines",i,"merchandiseId"]`               | `PRODUCT_NOT_AVAILABLE` |
 * | warning `MERCHANDISE_OUT_OF_STOCK` / `MERCHANDISE_NOT_ENOUGH_STOCK`       | `PRODUCT_NOT_AVAILABLE` |
 * | anything else                                                           | the API's code, as is   |
 *
 * The API's own code is kept in `apiCode`, so a caller can still tell "sold out" from "not enough
 * stock" or see the raw code behind a mapped one.
 *
 * ### How "not available in the buyer's country" is detected
 * Shopify has no dedicated code: a variant that is not published to the buyer's market comes back as
 * `MERCHANDISE_NOT_APPLICABLE` (changelog 2025-10, "unpublished or unavailable in the buyer's
 * location"), the same code as "does not exist" or "out of stock". The message is the only signal,
 * and its exact wording is not documented, so `mentionsCountry` accepts any of:
 * 1. "not available|sold|offered|purchasable|shipped|deliverable [for sale] in|to|for [the] X" where
 *    X is an ISO 3166-1 alpha-2 code (upper case) or an English country name (`Intl.DisplayNames`);
 * 2. unless the message speaks of stock, quantity, inventory or existence ("sold out", "does not
 *    exist", …: messages carry product titles, which may hold a place name), the words
 *    country/countries, market(s), region;
 * 3. under the same proviso, the buyer's own country (the API's `country`, the cart's
 *    `buyerIdentity.countryCode`, a country the request itself sets) by code (upper case, whole
 *    word) or by English name anywhere in the message.
 * The local stand-in answers `MERCHANDISE_NOT_APPLICABLE` with "<product> is not available in
 * <code>: it cannot be shipped there.", which rule 1 catches (and rule 3 too). A field ending in
 * `countryCode` with MERCHANDISE_NOT_APPLICABLE needs no message at all.
 */
import type { StoreErrorCode, StoreUserError, StoreWarning } from './types.ts';

// ---- thrown errors ---------------------------------------------------------------------------

/** Base class: `status` is the upstream HTTP status, or 0 when no (usable) response arrived. */
export class StoreError extends Error {
  readonly status: number;
  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.status = status;
  }
}

export type StoreUnavailableKind = 'network' | 'timeout' | 'http' | 'malformed';

/**
 * The store could not answer usefully: a network failure, a time-out, a non-2xx status (5xx, but
 * also 401/402/403/404/429/430: the site cannot use the store either way), or a response that is
 * not the JSON the document asked for (`kind: 'malformed'`, `reason` says what is wrong).
 */
export class StoreUnavailableError extends StoreError {
  readonly kind: StoreUnavailableKind;
  /** What went wrong, for logs (never shown to shoppers). */
  readonly reason: string;
  constructor(kind: StoreUnavailableKind, reason: string, status = 0, options?: { cause?: unknown }) {
    super(`Store unavailable (${kind}${status ? ` ${status}` : ''}): ${reason}`, status, options);
    this.kind = kind;
    this.reason = reason;
  }
}

export type StoreGraphQLIssue = { message: string; code: string | null; path: (string | number)[] | null };

/**
 * HTTP 200 with a non-empty `errors[]`: the API refused the document or could not run it.
 * `code` is the first error's `extensions.code` (`THROTTLED`, `ACCESS_DENIED`, `SHOP_INACTIVE`,
 * `INTERNAL_SERVER_ERROR`, …) or null.
 */
export class StoreGraphQLError extends StoreError {
  readonly errors: StoreGraphQLIssue[];
  readonly code: string | null;
  constructor(errors: StoreGraphQLIssue[], operation: string | null, options?: { cause?: unknown }) {
    const first = errors[0];
    const summary = errors.map((e) => (e.code ? `${e.code}: ${e.message}` : e.message)).join('; ');
    super(`Storefront API error${operation ? ` in ${operation}` : ''}: ${summary}`, 200, options);
    this.errors = errors;
    this.code = first?.code ?? null;
  }
  /** Shopify asked us to slow down: worth a later retry (a query, not a mutation, may retry at once). */
  get throttled(): boolean {
    return this.errors.some((e) => e.code === 'THROTTLED');
  }
}

/** A verb was called with input it cannot send (bad id, quantity, too many lines…). */
export class StoreInputError extends StoreError {
  readonly issues: string[];
  constructor(message: string, issues: string[] = [], options?: { cause?: unknown }) {
    super(issues.length ? `${message}: ${issues.join('; ')}` : message, 400, options);
    this.issues = issues;
  }
}

// ---- user errors and warnings → product codes -------------------------------------------------

/** What the mapping may know of the buyer's country (upper-case ISO 3166-1 alpha-2 codes). */
export type ErrorContext = { countries?: (string | null | undefined)[] };

export type WireUserErrorLike = { field: string[] | null; message: string; code: string | null };
export type WireWarningLike = { code: string; message: string; target: string };

/** Upper-case pass-through codes the site reacts to, named once. */
export const CART_NOT_FOUND = 'CART_NOT_FOUND';
export const PRODUCT_NOT_AVAILABLE = 'PRODUCT_NOT_AVAILABLE';
export const INVALID_FOR_COUNTRY = 'INVALID_FOR_COUNTRY';

const STOCK_WARNINGS = new Set(['MERCHANDISE_OUT_OF_STOCK', 'MERCHANDISE_NOT_ENOUGH_STOCK']);

function isCartIdField(field: string[] | null): boolean {
  return field !== null && field.length > 0 && field[field.length - 1] === 'cartId';
}

/** `["lines","0","merchandiseId"]`, or with a prefix (`["input","lines","0","merchandiseId"]`). */
function isMerchandiseField(field: string[] | null): boolean {
  return field !== null && field.length > 0 && field[field.length - 1] === 'merchandiseId';
}

function isCountryField(field: string[] | null): boolean {
  return field !== null && field.length > 0 && field[field.length - 1] === 'countryCode';
}

/** The product code for one cart user error (see the table at the top of this file). */
export function storeErrorCode(error: WireUserErrorLike, ctx: ErrorContext = {}): StoreErrorCode | null {
  const { code, field, message } = error;
  if ((code === 'INVALID' || code === null) && isCartIdField(field)) return CART_NOT_FOUND;
  if (code === 'MERCHANDISE_NOT_APPLICABLE') {
    if (isCountryField(field) || mentionsCountry(message, ctx.countries)) return INVALID_FOR_COUNTRY;
    return PRODUCT_NOT_AVAILABLE;
  }
  if ((code === 'INVALID' || code === null) && isMerchandiseField(field)) {
    return mentionsCountry(message, ctx.countries) ? INVALID_FOR_COUNTRY : PRODUCT_NOT_AVAILABLE;
  }
  return code;
}

/** The product code for one cart warning: stock warnings are PRODUCT_NOT_AVAILABLE. */
export function storeWarningCode(warning: WireWarningLike): string {
  return STOCK_WARNINGS.has(warning.code) ? PRODUCT_NOT_AVAILABLE : warning.code;
}

export function toStoreUserError(error: WireUserErrorLike, ctx: ErrorContext = {}): StoreUserError {
  return {
    field: error.field,
    message: error.message,
    code: storeErrorCode(error, ctx),
    apiCode: error.code,
  };
}

export function toStoreWarning(warning: WireWarningLike): StoreWarning {
  return {
    code: storeWarningCode(warning),
    message: warning.message,
    target: warning.target,
    apiCode: warning.code,
  };
}

// ---- country detection -----------------------------------------------------------------------

const COUNTRY_WORDS = /\b(?:countr(?:y|ies)|markets?|regions?)\b/i;
const STOCK_OR_EXISTENCE =
  /\b(?:sold out|out of stock|in stock|stock|inventory|quantity|does not exist|doesn't exist|not found)\b/i;
const NOT_AVAILABLE_IN =
  /\bnot\s+(?:available|sold|offered|purchasable|shipped|deliverable)(?:\s+for\s+sale)?\s+(?:in|to|for)\s+(?:the\s+)?([^.,;:!?()]+)/gi;

let countryNames: Map<string, string> | null = null;
let displayNames: Intl.DisplayNames | null | undefined;

/** English region names, or null where the runtime has no Intl.DisplayNames (then only rule 1 and codes apply). */
function regionNames(): Intl.DisplayNames | null {
  if (displayNames !== undefined) return displayNames;
  try {
    displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  } catch {
    displayNames = null;
  }
  return displayNames;
}

/** English name (lower case) → code, for every ISO 3166-1 alpha-2 code the runtime knows. */
function namesIndex(): Map<string, string> {
  if (countryNames) return countryNames;
  const index = new Map<string, string>();
  const names = regionNames();
  if (names) {
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = countryName(names, code);
        if (name) index.set(name.toLowerCase(), code);
      }
    }
  }
  countryNames = index;
  return index;
}

function countryName(names: Intl.DisplayNames | null, code: string): string | null {
  if (!names || !/^[A-Z]{2}$/.test(code)) return null;
  try {
    const name = names.of(code);
    // Unassigned but well-formed codes give undefined (fallback none) or "Unknown Region" (ZZ).
    return name && name !== code && !/unknown/i.test(name) ? name : null;
  } catch {
    return null;
  }
}

function isCountryCode(code: string): boolean {
  const names = regionNames();
  return names ? countryName(names, code) !== null : /^[A-Z]{2}$/.test(code);
}

/** True when `text` (what follows "not available in") starts with a country code or name. */
function startsWithCountry(text: string): boolean {
  const code = /^([A-Z]{2})\b/.exec(text);
  if (code?.[1] && isCountryCode(code[1])) return true;
  const lower = text.trim().toLowerCase();
  for (const name of namesIndex().keys()) {
    if (lower === name || lower.startsWith(`${name} `)) return true;
  }
  return false;
}

/** True when an error message says the merchandise is not sold in a country (see the file header). */
export function mentionsCountry(message: string, countries: (string | null | undefined)[] = []): boolean {
  for (const match of message.matchAll(NOT_AVAILABLE_IN)) {
    if (match[1] && startsWithCountry(match[1].trim())) return true;
  }
  // Messages name the product, whose title may hold a country or "market": a stock or existence
  // problem stated in the message wins over the looser rules below.
  if (STOCK_OR_EXISTENCE.test(message)) return false;
  if (COUNTRY_WORDS.test(message)) return true;
  const names = regionNames();
  for (const code of countries) {
    if (!code || !/^[A-Z]{2}$/.test(code)) continue;
    if (new RegExp(`\\b${code}\\b`).test(message)) return true;
    const name = countryName(names, code);
    if (name && message.toLowerCase().includes(name.toLowerCase())) return true;
  }
  return false;
}
