/**
 * Preview's public contract, shared by the server that answers and the browser's preview mode:
 * the paths of its two endpoints and what the page knows about the session. Imports nothing.
 * (The session itself is an HttpOnly cookie the browser never reads.)
 */

/** `GET ${PREVIEW_EXIT_PATH}?to=/path` ends the session and opens the published page. */
export const PREVIEW_EXIT_PATH = '/_preview/exit';

/**
 * `POST ${LIVE_PAYLOAD_PREFIX}${pathname}` with the Visual Editor's unsaved story answers that
 * page's route payload as if the story were saved (live editing; a preview session only).
 */
export const LIVE_PAYLOAD_PREFIX = '/_preview/payload';

/** What a preview page knows (root data `site.preview`; absent for visitors). */
export type PreviewInfo = {
  /**
   * The Visual Editor's origin: the bridge inside its iframe talks to this window only. `self`:
   * the editor is served by the site itself (the local stack), at the page's own origin.
   */
  editorOrigin: string;
};
