/**
 * The modules a server-rendered page loads after its first paint, read off its bootstrap script
 * (src/server/render.server.tsx `startAfterFirstPaint`): the entry it imports and every module it
 * preloads (the entry first).
 */
export function pageModules(html: string): { entry: string; modules: string[] } | null {
  const match = /document\.currentScript\.nonce,(\[[^\]]*\]),("[^"]+")\)/.exec(html);
  if (!match) return null;
  return { modules: JSON.parse(match[1]!) as string[], entry: JSON.parse(match[2]!) as string };
}
