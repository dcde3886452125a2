/** The footer's and the article sidebar's sign-up forms, hydrated lazily (src/blocks/deferred.tsx). */
import { deferredIsland } from '../../blocks/deferred.tsx';
import type { SignupFormProps } from './signup-form.tsx';

const importForm = () => import('./signup-form.tsx').then((module) => module.SignupForm);

/** The footer's sign-up form (on every page, below the fold). */
export const FooterSignup = deferredIsland<SignupFormProps>('footer-signup', importForm);
/** The article sidebar's sign-up form (below the article's list of stories). */
export const SidebarSignup = deferredIsland<SignupFormProps>('sidebar-signup', importForm);
