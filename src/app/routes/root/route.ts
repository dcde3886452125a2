/** The root route: the site layout around every page, and its error page. */
import type { RouteDefinition } from '../define.ts';
import { RootErrorBoundary, RootLayout } from './layout.tsx';

export const route: RouteDefinition<'root'> = {
  id: 'root',
  Component: RootLayout,
  ErrorBoundary: RootErrorBoundary,
  // Every page shows the nav (categories and their topics) and the layout.
  cacheTags: ['layout', 'categories', 'topics'],
};
