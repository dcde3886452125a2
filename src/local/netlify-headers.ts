/**
 * The `[[headers]]` rules of netlify.toml, applied locally the way Netlify applies them: to the files
 * it serves itself (never to function or edge function answers, which set their own), every matching
 * rule in file order, a later rule's value replacing an earlier one. Parsed once at start with
 * Netlify's own parser, so a rule behaves here exactly as deployed.
 */
import { parseAllHeaders, type Header } from '@netlify/headers-parser';

export type StaticHeaders = (pathname: string) => Record<string, string>;

export async function loadNetlifyHeaders(netlifyConfigPath: string): Promise<StaticHeaders> {
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [],
    netlifyConfigPath,
    configHeaders: [],
    minimal: false,
  });
  if (errors.length > 0) {
    throw new Error(`netlify.toml headers: ${errors.map((error) => error.message).join('; ')}`);
  }
  const rules = headers as Header[];
  return (pathname) => {
    const values: Record<string, string> = {};
    for (const rule of rules) if (rule.forRegExp.test(pathname)) Object.assign(values, rule.values);
    return values;
  };
}

/** Sets the matching rules' headers on a static file's answer. */
export function withStaticHeaders(response: Response, values: Record<string, string>): Response {
  for (const [name, value] of Object.entries(values)) response.headers.set(name, value);
  return response;
}
