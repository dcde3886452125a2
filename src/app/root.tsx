import { isRouteErrorResponse, Link, Outlet, useRouteError, useRouteLoaderData } from 'react-router';
import type { RootData } from './route-data';

/** Placeholder: the UI work replaces this with the real layout. */
export function RootLayout() {
  const data = useRouteLoaderData('root') as RootData;
  return (
    <>
      <header>
        <Link to="/">{data.site.name}</Link>
        <nav aria-label="Categories">
          {data.categories.map((c) => (
            <Link key={c.uuid} to={c.listingRoute}>
              {c.name}
            </Link>
          ))}
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer>
        <Link to="/sitemap">Sitemap</Link>
        <p>© 2017–{data.site.year} {data.site.name}</p>
      </footer>
    </>
  );
}

export function RootErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main">
      <h1>{status === 404 ? 'This page could not be found' : 'Something went wrong'}</h1>
      <p>{status}</p>
      <Link to="/">Go back to home</Link>
    </main>
  );
}
