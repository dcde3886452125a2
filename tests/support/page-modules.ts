/**
 * The modules a server-rendered page loads after its first paint, read off its bootstrap script
 * (src/server/render.server.tsx `startAfterFirstPaint`): the entry it imports and every module it
 * preloads (the entry first).
 */
export function pageModules(html: string): { entry: string; modules: string[] } | null {
  const script = bootstrapArguments(html);
  return script && { modules: script.modules, entry: script.entry };
}

/** What the bootstrap script was given: also the entry's imports, which it imports before it. */
export function bootstrapArguments(
  html: string,
): { entry: string; modules: string[]; entryImports: string[] } | null {
  const match = /document\.currentScript\.nonce,(\[[^\]]*\]),("[^"]+"),(\[[^\]]*\])\)/.exec(html);
  if (!match) return null;
  return {
    modules: JSON.parse(match[1]!) as string[],
    entry: JSON.parse(match[2]!) as string,
    entryImports: JSON.parse(match[3]!) as string[],
  };
}

/** The text of the page's inline payload (`window.__INITIAL_STATE__=…`), as JSON. */
export function pagePayloadText(html: string): string | undefined {
  return /window\.__INITIAL_STATE__=(.*?);\(function\(n,m,e,f\)/s.exec(html)?.[1];
}
