/**
 * The cache key's variant part, from `Netlify-Vary` (and the standard `Vary`) as Netlify documents
 * them (sources in ./index.ts):
 * - `query=a|b`: only those query parameters are in the key (everything else shares the entry);
 *   a bare `query`: the whole query string. Without a `query` directive, the whole query string is
 *   the key (the default for edge functions with `cache = "manual"`).
 * - `cookie=a|b`, `header=A|B`: those cookies' and request headers' values are in the key.
 * - `language=en|de`: the first of those the request's `Accept-Language` prefers (or none).
 * - `country=us|de`: the visitor's country when it is one of those (or none). Locally there is no
 *   GeoIP: the country comes from the caller (none by default), so everyone shares one entry.
 * - the standard `Vary: A, B` names request headers whose values are in the key (Accept-Encoding
 *   aside: the CDN negotiates encodings itself).
 * A directive Netlify does not document makes the answer unstorable (we cannot know its key).
 */

export type VarySpec = {
  /** Null: no query directive (the whole query string); 'all': bare `query`; else the allow-list. */
  query: 'all' | string[] | null;
  headers: string[];
  cookies: string[];
  languages: string[];
  countries: string[];
};

export type ParsedVary = { ok: true; spec: VarySpec } | { ok: false; reason: string };

/** The default key: no directives, the whole query string. */
export const DEFAULT_VARY: VarySpec = { query: null, headers: [], cookies: [], languages: [], countries: [] };

/** `Netlify-Vary` and `Vary` of one answer → its key spec, or why it cannot be keyed. */
export function parseVary(netlifyVary: string | null, vary: string | null): ParsedVary {
  const spec: VarySpec = { query: null, headers: [], cookies: [], languages: [], countries: [] };
  for (const directive of (netlifyVary ?? '').split(',')) {
    const text = directive.trim();
    if (!text) continue;
    const eq = text.indexOf('=');
    const name = (eq === -1 ? text : text.slice(0, eq)).trim().toLowerCase();
    const values =
      eq === -1
        ? []
        : text
            .slice(eq + 1)
            .split('|')
            .map((value) => value.trim())
            .filter(Boolean);
    if (name === 'query') {
      spec.query = eq === -1 ? 'all' : values;
      if (eq !== -1 && values.length === 0) return { ok: false, reason: `Netlify-Vary: empty ${text}` };
      continue;
    }
    if (values.length === 0) return { ok: false, reason: `Netlify-Vary: ${text} names nothing` };
    if (name === 'cookie') spec.cookies.push(...values);
    else if (name === 'header') spec.headers.push(...values.map((value) => value.toLowerCase()));
    else if (name === 'language') spec.languages.push(...values.map((value) => value.toLowerCase()));
    else if (name === 'country') spec.countries.push(...values.map((value) => value.toLowerCase()));
    else return { ok: false, reason: `Netlify-Vary: unknown directive ${name}` };
  }
  for (const header of (vary ?? '').split(',')) {
    const name = header.trim().toLowerCase();
    if (name && name !== 'accept-encoding' && !spec.headers.includes(name)) spec.headers.push(name);
  }
  return { ok: true, spec };
}

/** The request's cookies by name (the first of a repeated name wins). */
export function cookiesOf(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (name && !cookies.has(name)) cookies.set(name, pair.slice(eq + 1).trim());
  }
  return cookies;
}

/** The first of `languages` the request prefers, by `Accept-Language` q-value, or ''. */
export function preferredLanguage(acceptLanguage: string | null, languages: string[]): string {
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((range) => range.tag && Number.isFinite(range.q) && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const match = languages.find((language) => tag === language || tag.split('-')[0] === language);
    if (match) return match;
  }
  return '';
}

/** The variant part of the cache key for `request` under `spec` (the path is added by the caller). */
export function variantKey(spec: VarySpec, request: Request, country?: string): string {
  const url = new URL(request.url);
  const parts: string[] = [];
  if (spec.query === null || spec.query === 'all') parts.push(`q${url.search}`);
  else {
    // Only the allow-listed parameters, in the allow-list's order; a missing one is absent.
    const kept = new URLSearchParams();
    for (const name of spec.query)
      for (const value of url.searchParams.getAll(name)) kept.append(name, value);
    parts.push(`q?${kept.toString()}`);
  }
  for (const name of spec.headers) parts.push(`h:${name}=${request.headers.get(name) ?? '\u0000'}`);
  if (spec.cookies.length > 0) {
    const cookies = cookiesOf(request);
    for (const name of spec.cookies) parts.push(`c:${name}=${cookies.get(name) ?? '\u0000'}`);
  }
  if (spec.languages.length > 0) {
    parts.push(`l:${preferredLanguage(request.headers.get('accept-language'), spec.languages)}`);
  }
  if (spec.countries.length > 0) {
    const code = country?.toLowerCase() ?? '';
    parts.push(`g:${spec.countries.includes(code) ? code : ''}`);
  }
  return parts.join('\n');
}
