/** The root route: the site layout around every page, and its error page. */
import type { RouteDefinition } from '../define.ts';
import { RootErrorBoundary, RootLayout } from './layout.tsx';

export const route: RouteDefinition<'root'> = {
  id: 'root',
  Component: RootLayout,
  ErrorBoundary: RootErrorBoundary,
};
