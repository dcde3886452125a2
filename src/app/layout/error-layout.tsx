/** Error pages: the error and 404 layout, and the last-resort page when even that fails. */
import { Component } from 'react';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { ButtonLink } from '../../widgets/button/index.tsx';
import { Logo } from '../components/logo.tsx';
import { Seo } from '../components/seo.tsx';
import { useSite } from '../site.ts';

export const NOT_FOUND_TITLE = 'This page could not be found';
export const ERROR_PAGE_FAILURE_TITLE = 'An error occurred while showing the error page';
const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/**
 * The last-resort page: no router hooks, no data, plain anchor. The server also renders it when
 * rendering fails entirely, so it must work outside a router.
 */
export function ErrorPageFailure() {
  return (
    <main id="main" className="error-failure">
      <title>{ERROR_PAGE_FAILURE_TITLE}</title>
      <meta name="robots" content="noindex" />
      <h1>{ERROR_PAGE_FAILURE_TITLE}</h1>
      <p>
        <a href="/">Go back to home</a>
      </p>
    </main>
  );
}

type BoundaryState = { failed: boolean };

/** Catches a failure of the error page itself and shows ErrorPageFailure instead. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPageFailure /> : this.props.children;
  }
}

/** Status and a human message for any thrown value; never a stack trace or an internal message. */
export function describeError(error: unknown): { status: number; message: string } {
  if (!isRouteErrorResponse(error)) return { status: 500, message: GENERIC_MESSAGE };
  const data: unknown = error.data;
  const fromData =
    typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
      ? data.message
      : typeof data === 'string' && data.length <= 200 && !data.includes('\n')
        ? data
        : '';
  return { status: error.status, message: fromData.trim() || error.statusText.trim() || GENERIC_MESSAGE };
}

/**
 * The error layout: its own minimal nav (root data may be missing), a 404 page or a generic
 * error page with status and message.
 */
export function ErrorLayout({ error }: { error: unknown }) {
  const site = useSite();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { status, message } = describeError(error);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__bar">
          <Logo name={site.name} />
          <nav aria-label="Main" className="error-nav">
            <Link to="/" className="error-nav__link">
              Home
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="error-page">
        <div className="container error-page__inner">
          {notFound ? (
            <>
              <Seo title={NOT_FOUND_TITLE} noindex />
              <p className="error-page__code" aria-hidden="true">
                404
              </p>
              <h1 className="error-page__title">{NOT_FOUND_TITLE}</h1>
              <p className="error-page__message">
                The page may have moved, or the link you followed may be broken.
              </p>
            </>
          ) : (
            <>
              <Seo title={`Error ${status}`} noindex />
              <p className="error-page__code">
                <span className="visually-hidden">Error </span>
                {status}
              </p>
              <h1 className="error-page__title">Something went wrong</h1>
              <p className="error-page__message">{message}</p>
            </>
          )}
          <p className="error-page__actions">
            <ButtonLink to="/">Back to home</ButtonLink>
            <ButtonLink to="/sitemap" variant="secondary">
              Browse the sitemap
            </ButtonLink>
          </p>
        </div>
      </main>
    </>
  );
}
