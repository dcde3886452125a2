/**
 * The nav's cart button: the count from the readable cookie the cart function sets (read after
 * hydration: the server and the first client render show no count, so they match), kept up to date
 * by CART_CHANGED_EVENT. The drawer is code-split like the phone menu: its code loads when the
 * shopper reaches for the button (pointer, touch or focus). This file ships on every page: keep it
 * small (the article page's JS budget is 120 KB gzip).
 */
import { useEffect, useState, type Ref } from 'react';
import { lazyOnIntent } from '../components/lazy-on-intent.ts';
import { CART_CHANGED_EVENT, CART_FUNCTION_PATH, type CartChangedDetail } from '../../shared/cart.ts';
import { readCartCount } from './cart-count.ts';

export const CART_DRAWER_ID = 'cart-drawer';
const JSON_TYPE = { 'Content-Type': 'application/json' };

const drawer = lazyOnIntent(() => import('./cart-drawer.tsx').then((module) => module.CartDrawer));
export const CartDrawer = drawer.Component;

export type CartButtonProps = {
  open: boolean;
  /** Whether the drawer is in the document (aria-controls may only name an element that exists). */
  drawerMounted: boolean;
  onOpen: () => void;
  ref?: Ref<HTMLButtonElement>;
};

export function CartButton({ open, drawerMounted, onOpen, ref }: CartButtonProps) {
  const [count, setCount] = useState(0);

  useEffect(() => {
    const onChange = (event: Event) =>
      setCount((event as CustomEvent<CartChangedDetail>).detail.totalQuantity);
    const fromCookie = () => setCount(readCartCount(document.cookie));
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    fromCookie();
    // The cookie can outlive its cart (an order placed at checkout, an expired cart): once per page
    // load, a cart that claims items is read, and the answer's Set-Cookie says what is left. A plain
    // fetch, not cart-client: importing that here would cost every page a chunk (README, Decisions).
    if (readCartCount(document.cookie) > 0) {
      fetch(CART_FUNCTION_PATH, { method: 'POST', headers: JSON_TYPE, body: '{"action":"get"}' }).then(
        fromCookie,
        () => {},
      );
    }
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);

  return (
    <button
      ref={ref}
      type="button"
      className="cart-button icon-button"
      aria-expanded={open}
      aria-controls={drawerMounted ? CART_DRAWER_ID : undefined}
      {...drawer.intentProps}
      onClick={onOpen}
    >
      <span className="cart-button__icon" aria-hidden="true" />
      <span className="visually-hidden">
        Cart{count > 0 ? `, ${count} ${count === 1 ? 'item' : 'items'}` : ''}
      </span>
      {count > 0 ? (
        <span className="cart-button__count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </button>
  );
}
