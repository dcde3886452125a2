/** The home route (/): the newest stories, headed on page 1 by the home story's blocks. */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'home'> = {
  id: 'home',
  lazy: () => import('./page.tsx'),
};
