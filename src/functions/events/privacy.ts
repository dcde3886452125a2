/**
 * What the events function takes out of a message before it leaves for Segment. Email addresses
 * and phone numbers belong only in the traits the visitor gave (`identify.traits`,
 * `context.traits`); anywhere else they are dropped, never refused (an event must not be lost for
 * a stray address):
 *
 * - `properties`, at any depth, and the rest of `context`: keys named like email, phone, tel or
 *   mobile go, and so do string values that hold an email address (also percent-encoded);
 * - `context.page` url, search and referrer: query parameters with such a name or such a value go
 *   (the others keep their exact spelling); an address left in a page's path, title or name is
 *   replaced by `(email removed)`;
 * - a `userId` that is an email address goes (the `anonymousId` stays the visitor's id).
 */
import type { AnalyticsMessage, AnalyticsProperties, PageContext } from '../../shared/analytics.ts';

type Json = AnalyticsProperties[string];

/** Words that name contact details, matched as whole words of a key (`customerEmail`, `phone_no`, `tel`). */
const CONTACT_WORD = /(^|[^a-z])(e[-_]?mails?|phones?|telephones?|tel|mobiles?|cellphones?)([^a-z]|$)/;

/** A key naming an email address or a phone number (camelCase is split into words first). */
export function isContactKey(key: string): boolean {
  return CONTACT_WORD.test(key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
}

const EMAIL = /[^\s@<>()[\]\\,;:"'/?#&=]+@[^\s@<>()[\]\\,;:"'/?#&=]+\.[a-z]{2,}/i;
const EMAILS = new RegExp(EMAIL.source, 'gi');

/** Whether a string holds an email address anywhere (`@` also as `%40`). */
export function holdsEmail(value: string): boolean {
  return EMAIL.test(value) || EMAIL.test(value.replace(/%40/gi, '@'));
}

export const EMAIL_REMOVED = '(email removed)';

function redactEmails(value: string): string {
  if (!holdsEmail(value)) return value;
  return value.replace(EMAILS, EMAIL_REMOVED).replace(/[^\s/?#&=]*%40[^\s/?#&=]*/gi, EMAIL_REMOVED);
}

/** A JSON value without contact keys or address-holding strings (undefined: the whole value goes). */
export function scrubJson(value: Json): Json | undefined {
  if (typeof value === 'string') return holdsEmail(value) ? undefined : value;
  if (Array.isArray(value)) return value.map(scrubJson).filter((item) => item !== undefined);
  if (value !== null && typeof value === 'object') return scrubObject(value);
  return value;
}

function scrubObject(value: { [key: string]: Json }): { [key: string]: Json } {
  // Object.fromEntries defines own properties: a key named `__proto__` stays plain data.
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) => {
      if (isContactKey(key)) return [];
      const kept = scrubJson(item);
      return kept === undefined ? [] : [[key, kept]];
    }),
  );
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * A URL (absolute or relative) or a `?search` without the query parameters that name or hold a
 * contact detail; the others keep their exact spelling. An address anywhere else is redacted.
 */
export function scrubUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  let result = url;
  if (queryAt !== -1) {
    const parts = beforeHash.slice(queryAt + 1).split('&');
    const kept = parts.filter((part) => {
      const [key = '', ...value] = part.split('=');
      const name = decode(key);
      return !(isContactKey(name) || holdsEmail(name) || holdsEmail(decode(value.join('='))));
    });
    if (kept.length !== parts.length) {
      result = `${beforeHash.slice(0, queryAt)}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`;
    }
  }
  return redactEmails(result);
}

function scrubPage(page: PageContext): PageContext {
  const { path, url, search, title, referrer, ...rest } = page;
  return {
    ...scrubObject(rest as { [key: string]: Json }),
    path: redactEmails(path),
    url: scrubUrl(url),
    search: scrubUrl(search),
    title: redactEmails(title),
    referrer: scrubUrl(referrer),
  };
}

/** The message as it may leave: traits untouched, contact details out of everything else. */
export function scrubMessage(message: AnalyticsMessage): AnalyticsMessage {
  const { traits, page, ...restContext } = message.context;
  const context = {
    ...scrubObject(restContext as { [key: string]: Json }),
    page: scrubPage(page),
    ...(traits ? { traits } : {}),
  };
  const { userId, ...rest } = message;
  const identity = userId !== undefined && !holdsEmail(userId) ? { userId } : {};
  switch (rest.type) {
    case 'track':
      return { ...rest, ...identity, context, properties: scrubObject(rest.properties) };
    case 'page':
      return {
        ...rest,
        ...identity,
        context,
        name: redactEmails(rest.name),
        properties: scrubObject(rest.properties),
      };
    case 'identify':
      return { ...rest, ...identity, context };
  }
}
