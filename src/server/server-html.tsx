/**
 * Markup the server writes as it is, with no element around it: its own part of <head> (icons, a
 * page's social card, its JSON-LD), kept as one string where no element may wrap it. A
 * `<server-html>` element carries it; the edge's stream writer (./stream-writer.ts) writes its
 * content and drops its tags. React without that writer (a unit test's, on Node) writes the tags too.
 */
import { createElement } from 'react';
import { SERVER_HTML } from './stream-writer.ts';

export function ServerHtml({ html }: { html: string }) {
  return createElement(SERVER_HTML, { dangerouslySetInnerHTML: { __html: html } });
}
