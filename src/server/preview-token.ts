/**
 * Storyblok's Visual Editor proof: the query parameters its app adds to the site's preview URL, and
 * their check (`token == sha1(space_id + ":" + preview_token + ":" + timestamp)`, timestamp within
 * the last hour, space id ours). Web Crypto only, so the edge (Deno) and Node share it; the local
 * editor signs its iframe URL with the same function Storyblok's app would.
 */

/** The parameters Storyblok's app puts on the preview URL (names as in @storyblok/preview-bridge). */
export const EDITOR_PARAMS = {
  storyId: '_storyblok',
  spaceId: '_storyblok_tk[space_id]',
  timestamp: '_storyblok_tk[timestamp]',
  token: '_storyblok_tk[token]',
} as const;

/** How long a Visual Editor link proves anything (Storyblok's own rule). */
export const EDITOR_TOKEN_MAX_AGE_SECONDS = 3600;

/** True when the URL carries any of the editor's proof parameters (then it must verify). */
export function hasEditorParams(url: URL): boolean {
  return (
    url.searchParams.has(EDITOR_PARAMS.token) ||
    url.searchParams.has(EDITOR_PARAMS.timestamp) ||
    url.searchParams.has(EDITOR_PARAMS.spaceId)
  );
}

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The token Storyblok's app computes for a space, preview token and timestamp (seconds). */
export function editorToken(spaceId: string, previewToken: string, timestamp: string): Promise<string> {
  return sha1Hex(`${spaceId}:${previewToken}:${timestamp}`);
}

/** Compares two strings in time independent of where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type EditorCheck = { ok: true; storyId: string | null } | { ok: false; reason: string };

/**
 * Verifies the editor's parameters on a request URL. The reasons are for the editor's eyes (a
 * plain 403 page); none of them repeats a secret.
 */
export async function verifyEditorParams(
  url: URL,
  expected: { spaceId: string; previewToken: string; now: Date },
): Promise<EditorCheck> {
  const get = (name: string) => url.searchParams.getAll(name);
  const [spaceIds, timestamps, tokens] = [
    get(EDITOR_PARAMS.spaceId),
    get(EDITOR_PARAMS.timestamp),
    get(EDITOR_PARAMS.token),
  ];
  const [spaceId, timestamp, token] = [spaceIds[0], timestamps[0], tokens[0]];
  if (
    spaceIds.length !== 1 ||
    timestamps.length !== 1 ||
    tokens.length !== 1 ||
    !spaceId ||
    !timestamp ||
    !token
  )
    return { ok: false, reason: 'The preview link is incomplete: open the story from Storyblok again.' };
  if (spaceId !== expected.spaceId)
    return { ok: false, reason: 'The preview link belongs to another Storyblok space.' };
  if (!/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: 'The preview link is malformed: open the story from Storyblok again.' };
  const age = Math.floor(expected.now.getTime() / 1000) - Number(timestamp);
  // A minute of clock skew is tolerated in the future; a link is good for one hour.
  if (age > EDITOR_TOKEN_MAX_AGE_SECONDS || age < -60)
    return {
      ok: false,
      reason: 'The preview link has expired (links last one hour): open the story from Storyblok again.',
    };
  const valid = await editorToken(spaceId, expected.previewToken, timestamp);
  if (!timingSafeEqual(token.toLowerCase(), valid))
    return { ok: false, reason: 'The preview link is not valid for this site.' };
  const storyId = url.searchParams.get(EDITOR_PARAMS.storyId);
  return { ok: true, storyId: storyId && /^\d{1,20}$/.test(storyId) ? storyId : null };
}

/** The URL Storyblok's app would open for a story (the local editor uses it for its iframe). */
export async function signedEditorUrl(
  page: URL,
  {
    storyId,
    spaceId,
    previewToken,
    now,
  }: { storyId: number; spaceId: string; previewToken: string; now: Date },
): Promise<URL> {
  const url = new URL(page);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  url.searchParams.set(EDITOR_PARAMS.storyId, String(storyId));
  url.searchParams.set(EDITOR_PARAMS.spaceId, spaceId);
  url.searchParams.set(EDITOR_PARAMS.timestamp, timestamp);
  url.searchParams.set(EDITOR_PARAMS.token, await editorToken(spaceId, previewToken, timestamp));
  return url;
}
