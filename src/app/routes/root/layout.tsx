/** The root route's views: the site layout around every page, and the root error page. */
import { lazy, Suspense, useState } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { AnnouncementBanner } from '../../layout/announcement-banner.tsx';
import { Once } from '../../../widgets/rendered-once/index.tsx';
import { ErrorLayout, ErrorPageBoundary } from '../../layout/error-layout.tsx';
import { SiteFooter } from '../../layout/site-footer.tsx';
import { SiteHeader } from '../../layout/site-header.tsx';
import { PageStatus } from '../../layout/page-status.tsx';
import { useRootData } from '../../site.ts';

/** Editors' preview mode: its own chunk, loaded only for a verified preview (visitors never fetch it). */
const PreviewMode = lazy(() => import('../../preview/preview-mode.tsx'));

/** The site layout around every page: skip link, announcement, nav, main, footer. */
export function RootLayout() {
  const data = useRootData();
  const [menuOpen, setMenuOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  if (!data) throw new Error('Root route data is missing');
  const { site, layout, categories } = data;
  // The phone menu and the cart drawer are modal: the rest of the page is inert while one is open.
  const modal = menuOpen || cartOpen;
  return (
    <>
      <PageStatus />
      <Once as="div" name="announcement" inputs={[layout]} inert={modal}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <AnnouncementBanner announcement={layout.announcement} />
      </Once>
      <SiteHeader
        site={site}
        categories={categories}
        menuOpen={menuOpen}
        onMenuOpenChange={setMenuOpen}
        cartOpen={cartOpen}
        onCartOpenChange={setCartOpen}
      />
      <main id="main" tabIndex={-1} inert={modal}>
        <Outlet />
      </main>
      <SiteFooter site={site} layout={layout} categories={categories} inert={modal} />
      {site.preview ? (
        <Suspense fallback={null}>
          <PreviewMode info={site.preview} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Route error boundary: 404 and error pages in the error layout, guarded against its own failure. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <ErrorPageBoundary>
      <ErrorLayout error={error} />
    </ErrorPageBoundary>
  );
}

/** The server renders this when even the error page fails. */
export { ErrorPageFailure } from '../../layout/error-layout.tsx';
