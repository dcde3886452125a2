/**
 * The last-resort error page, and the boundary that shows it when the error page itself fails
 * (rendering, or loading its code). In the entry chunk: it must work when nothing else does.
 */
import { Component } from 'react';
import type { ReactNode } from 'react';

export const ERROR_PAGE_FAILURE_TITLE = 'An error occurred while showing the error page';

/**
 * The last-resort page: no router hooks, no data, plain anchor, so it works outside a router. (When
 * the server's render fails entirely it sends the same page as static HTML: render.server.tsx.)
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
