import { useCallback, useEffect, useRef } from 'react';
import type { Category } from '../../content/types.ts';
import { Logo } from '../components/logo.tsx';
import type { SiteInfo } from '../route-data.ts';
import { DesktopNav } from './desktop-nav.tsx';
import { MOBILE_MENU_ID, MobileMenu } from './mobile-menu.tsx';

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
          aria-controls={MOBILE_MENU_ID}
          onClick={() => onMenuOpenChange(!menuOpen)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
      </div>
      <MobileMenu open={menuOpen} categories={categories} siteName={site.name} onClose={closeMenu} />
    </header>
  );
}
