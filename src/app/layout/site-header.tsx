import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Category } from '../../content/types.ts';
import { Logo } from '../components/logo.tsx';
import type { SiteInfo } from '../route-data.ts';
import { DesktopNav } from './desktop-nav.tsx';

const MOBILE_MENU_ID = 'mobile-menu';
/**
 * The phone menu is code-split: it is not in the server HTML (it is hidden until opened anyway) and
 * its code loads when the visitor reaches for the button (pointer, touch or focus), before the click.
 */
const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));
const preloadMobileMenu = () => void loadMobileMenu().catch(() => {});

export type SiteHeaderProps = {
  site: SiteInfo;
  categories: Category[];
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
};

/** The sticky dark nav bar: wordmark, category dropdowns (desktop) or the menu button (mobile). */
export function SiteHeader({ site, categories, menuOpen, onMenuOpenChange }: SiteHeaderProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  // Once opened, the menu stays mounted (closed) so reopening is instant and keeps its state.
  const [menuMounted, setMenuMounted] = useState(false);
  if (menuOpen && !menuMounted) setMenuMounted(true);

  // The bar is inert while the menu is open, so focus can only return once it is live again.
  useEffect(() => {
    if (!menuOpen && restoreFocus.current) {
      restoreFocus.current = false;
      toggleRef.current?.focus();
    }
  }, [menuOpen]);

  const closeMenu = useCallback(
    (focusToggle: boolean) => {
      restoreFocus.current = focusToggle;
      onMenuOpenChange(false);
    },
    [onMenuOpenChange],
  );

  return (
    <header className="site-header">
      <div className="container site-header__bar" inert={menuOpen}>
        <Logo name={site.name} />
        <DesktopNav categories={categories} />
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle icon-button"
          aria-expanded={menuOpen}
          aria-controls={menuMounted ? MOBILE_MENU_ID : undefined}
          onPointerEnter={preloadMobileMenu}
          onTouchStart={preloadMobileMenu}
          onFocus={preloadMobileMenu}
          onClick={() => onMenuOpenChange(!menuOpen)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
      </div>
      {menuMounted ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={menuOpen}
            categories={categories}
            siteName={site.name}
            onClose={closeMenu}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
