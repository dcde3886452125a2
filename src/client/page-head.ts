/**
 * The server writes a page's social card and JSON-LD into <head> for that page alone
 * (src/server/page-head; hydration keeps them). After a client navigation to another page they
 * would describe the wrong one, so they go: crawlers and social networks read each URL's own
 * server HTML, and no description is better than a wrong one.
 */
import type { createBrowserRouter } from 'react-router';
import { PAGE_HEAD_ATTRIBUTE } from '../shared/page-head.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** Remove the server's page-specific head once the router shows another page (a hash change keeps it). */
export function dropPageHeadOnNavigation(router: Router): void {
  const { pathname, search } = router.state.location;
  const stop = router.subscribe(({ location }) => {
    if (location.pathname === pathname && location.search === search) return;
    for (const element of document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)) element.remove();
    stop();
  });
}
