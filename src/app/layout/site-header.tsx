/** The sticky site header: logo, navigation, phone menu button and cart button. */
import { Suspense, useCallback, useRef, useState } from 'react';
import type { NavCategory } from '../../content/types.ts';
import { lazyOnIntent } from '../components/lazy-on-intent.ts';
import { Logo } from '../components/logo.tsx';
import { Once } from '../../widgets/rendered-once/index.tsx';
import { CART_DRAWER_ID, CartButton, CartDrawer } from '../cart/cart-button.tsx';
import type { SiteInfo } from '../route-data.ts';
import { DesktopNav } from './desktop-nav.tsx';

const MOBILE_MENU_ID = 'mobile-menu';
/**
 * The phone menu is code-split: it is not in the server HTML (it is hidden until opened anyway) and
 * its code loads when the visitor reaches for the button (pointer, touch or focus), before the click.
 */
const { Component: MobileMenu, intentProps: mobileMenuIntent } = lazyOnIntent(() =>
  import('./mobile-menu.tsx').then((module) => module.MobileMenu),
);

export type SiteHeaderProps = {
  site: SiteInfo;
  categories: NavCategory[];
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  cartOpen: boolean;
  onCartOpenChange: (open: boolean) => void;
};

/**
 * The sticky dark nav bar: wordmark, category dropdowns (desktop) or the menu button (mobile), and
 * the cart button. The phone menu and the cart drawer are modal: the bar is inert while one is open.
 */
export function SiteHeader({
  site,
  categories,
  menuOpen,
  onMenuOpenChange,
  cartOpen,
  onCartOpenChange,
}: SiteHeaderProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cartRef = useRef<HTMLButtonElement>(null);
  // Once opened, the menu and the drawer stay mounted (closed) so reopening is instant.
  const [menuMounted, setMenuMounted] = useState(false);
  const [cartMounted, setCartMounted] = useState(false);
  if (menuOpen && !menuMounted) setMenuMounted(true);
  if (cartOpen && !cartMounted) setCartMounted(true);

  // Each dialog gives focus back to its button itself (useModalDialog), once the bar is live again.
  const closeMenu = useCallback(() => onMenuOpenChange(false), [onMenuOpenChange]);
  const closeCart = useCallback(() => onCartOpenChange(false), [onCartOpenChange]);

  return (
    <header className="site-header">
      <Once
        as="div"
        className="container site-header__bar"
        inert={menuOpen || cartOpen}
        name="site-header"
        inputs={[site.name, menuOpen, menuMounted, cartOpen, cartMounted, ...categories]}
      >
        <Logo name={site.name} />
        <DesktopNav categories={categories} />
        <CartButton
          ref={cartRef}
          open={cartOpen}
          drawerMounted={cartMounted}
          onOpen={() => onCartOpenChange(true)}
        />
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle icon-button"
          aria-expanded={menuOpen}
          aria-controls={menuMounted ? MOBILE_MENU_ID : undefined}
          {...mobileMenuIntent}
          onClick={() => onMenuOpenChange(!menuOpen)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
      </Once>
      {menuMounted ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={menuOpen}
            categories={categories}
            siteName={site.name}
            onClose={closeMenu}
            returnFocusRef={toggleRef}
          />
        </Suspense>
      ) : null}
      {cartMounted ? (
        <Suspense fallback={null}>
          <CartDrawer id={CART_DRAWER_ID} open={cartOpen} onClose={closeCart} returnFocusRef={cartRef} />
        </Suspense>
      ) : null}
    </header>
  );
}
