/**
 * The attribute on the head elements the server writes for one page only (its social card and
 * JSON-LD: src/server/page-head), which the browser drops after a client navigation
 * (src/client/page-head.ts). Imports nothing.
 */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';
