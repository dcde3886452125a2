// @vitest-environment jsdom
/**
 * The cart a shopper sees: the nav's count (from the readable cookie after mount, and on
 * CART_CHANGED_EVENT) and the drawer against a fake cart function (empty state, lines, optimistic
 * quantity changes that settle to the server's answer, removal, a failure that reverts, discount
 * codes, delivery options, checkout) and, in the whole layout, the dialog's focus and Escape.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { loadIslands } from '../../../src/blocks/deferred';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CART_MESSAGES } from '../../../src/services/cart-client';
import { CART_CHANGED_EVENT } from '../../../src/shared/cart';
import { CartButton } from '../../../src/app/cart/cart-button';
import { CartDrawer, SHOP_PATH } from '../../../src/app/cart/cart-drawer';
import { CART_CHECKOUT_PATH } from '../../../src/shared/cart';
import { articleCard, paginated } from './factories';
import { renderApp } from './render-app';
import { cart, EXPRESS, fakeCartFunction, GLOVES_LINE, line, WRAPS_LINE } from './cart-fakes';

// The footer's and sidebar's sign-up forms are deferred islands: the server and client navigations
// load their code before rendering; so does this test.
beforeAll(() => loadIslands());

const clearCookie = () => {
  document.cookie = 'rh_cart_count=; Max-Age=0; Path=/';
};

beforeEach(clearCookie);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookie();
});

const fire = (totalQuantity: number) =>
  act(() => {
    window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { totalQuantity } }));
  });

describe('the cart button', () => {
  test('server and first render show no count; after mount it reads the cookie', () => {
    document.cookie = 'rh_cart_count=2; Path=/';
    const button = <CartButton open={false} drawerMounted={false} onOpen={() => {}} />;
    // What the server sends (and the client's first render must match): no count.
    const html = renderToString(button);
    expect(html).not.toContain('2 items');
    expect(html).not.toContain('cart-button__count');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    render(button);
    const rendered = screen.getByRole('button', { name: 'Cart, 2 items' });
    expect(rendered.querySelector('.cart-button__count')?.textContent).toBe('2');
    expect(rendered.getAttribute('aria-expanded')).toBe('false');
    expect(rendered.hasAttribute('aria-controls')).toBe(false);
  });

  test('follows CART_CHANGED_EVENT: one item, several, none', () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    render(<CartButton open={false} drawerMounted onOpen={() => {}} />);
    const button = screen.getByRole('button', { name: 'Cart' });
    expect(button.getAttribute('aria-controls')).toBe('cart-drawer');
    fire(1);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBe(button);
    fire(3);
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBe(button);
    fire(0);
    expect(screen.getByRole('button', { name: 'Cart' })).toBe(button);
    expect(button.querySelector('.cart-button__count')).toBeNull();
    // No cookie, no cart: nothing to ask the cart function.
    expect(fetchStub).not.toHaveBeenCalled();
  });

  test('a count cookie is checked once against the cart: a completed cart clears it', async () => {
    document.cookie = 'rh_cart_count=1; Path=/';
    const fetchStub = vi.fn(async () => {
      // The function's answer: no cart (the order completed), so it clears the count cookie.
      clearCookie();
      return Response.json({ cart: null, userErrors: [], warnings: [] });
    });
    vi.stubGlobal('fetch', fetchStub);
    render(<CartButton open={false} drawerMounted={false} onOpen={() => {}} />);
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Cart' });
    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/.netlify/functions/cart');
    expect(JSON.parse(String(init.body))).toEqual({ action: 'get' });
  });
});

/** The drawer on its own, open, in a router (its "Keep shopping" is a router link). */
function renderDrawer(onClose = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: '*', element: <CartDrawer id="cart-drawer" open onClose={onClose} /> }],
    { initialEntries: ['/training/jab'] },
  );
  render(<RouterProvider router={router} />);
  return { onClose, router, dialog: screen.getByRole('dialog', { name: 'Your cart' }) };
}

function useFake(initial: ReturnType<typeof cart> | null) {
  const fake = fakeCartFunction(initial);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

/** A visible message (the live region repeats it). */
const message = (dialog: HTMLElement, text: string) =>
  within(dialog).findByText(text, { selector: '.cart-message' });
const live = () => document.querySelector('.cart-drawer [role="status"]')?.textContent ?? '';
const totalRow = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the drawer', () => {
  test('no cart: the empty state with a way to keep shopping', async () => {
    const fake = useFake(null);
    const { dialog, onClose } = renderDrawer();
    expect(within(dialog).getByText('Loading your cart…')).toBeTruthy();
    await within(dialog).findByText('Your cart is empty');
    expect(fake.bodies).toEqual([{ action: 'get' }]);
    const link = within(dialog).getByRole('link', { name: 'Keep shopping' });
    expect(link.getAttribute('href')).toBe(SHOP_PATH);
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalledWith(false);
  });

  test('a cart without lines is empty too', async () => {
    useFake(cart([]));
    const { dialog } = renderDrawer();
    await within(dialog).findByText('Your cart is empty');
    expect(within(dialog).queryByRole('link', { name: 'Checkout' })).toBeNull();
  });

  test('lines: image, titles, price and compare-at, totals, the delivery note and the checkout link', async () => {
    useFake(
      cart([
        line(GLOVES_LINE, 2),
        line(WRAPS_LINE, 1, {
          productTitle: 'Hand Wraps',
          title: 'Default Title',
          price: 12,
          compareAt: null,
        }),
      ]),
    );
    const { dialog } = renderDrawer();
    const items = await within(dialog).findByRole('list', { name: 'Items in your cart' });
    const [gloves, wraps] = within(items).getAllByRole('listitem');
    expect(gloves?.textContent).toContain('Pro Boxing Gloves');
    expect(gloves?.textContent).toContain('12oz');
    expect(gloves?.textContent).toContain('$69.00');
    expect(gloves?.querySelector('s')?.textContent).toBe('Was $79.00');
    expect(gloves?.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(
      within(gloves!).getByRole('group', { name: 'Quantity of Pro Boxing Gloves (12oz)' }).textContent,
    ).toContain('2');
    // A product without options: no variant line, its title alone names the controls.
    expect(wraps?.textContent).not.toContain('Default Title');
    expect(wraps?.querySelector('s')).toBeNull();
    expect(within(wraps!).getByRole('button', { name: 'Remove Hand Wraps' })).toBeTruthy();
    expect(
      within(wraps!)
        .getByRole('button', { name: 'Decrease quantity of Hand Wraps' })
        .getAttribute('aria-disabled'),
    ).toBe('true');

    expect(totalRow(dialog, 'Subtotal')).toBe('$150.00');
    expect(totalRow(dialog, 'Total')).toBe('$150.00');
    expect(totalRow(dialog, 'Delivery')).toBe('Calculated at checkout');
    expect(within(dialog).getByText('Delivery is calculated at checkout.')).toBeTruthy();
    // Checkout goes through the cart function, which redirects to the store's checkout: the page
    // never holds the checkout URL (it carries the cart's secret key).
    const checkout = within(dialog).getByRole('link', { name: 'Checkout' });
    expect(checkout.getAttribute('href')).toBe('/.netlify/functions/cart?action=checkout');
    expect(checkout.getAttribute('href')).toBe(CART_CHECKOUT_PATH);
    expect(checkout.hasAttribute('aria-disabled')).toBe(false);
    expect(dialog.innerHTML).not.toContain('key=');
  });

  test('a cart gone meanwhile (order placed in another tab): the change says so, the drawer is empty, the count goes', async () => {
    const fake = useFake(cart([line(GLOVES_LINE, 2)]));
    const heard: unknown[] = [];
    const listener = (e: Event) => heard.push((e as CustomEvent).detail);
    window.addEventListener(CART_CHANGED_EVENT, listener);
    const { dialog } = renderDrawer();
    const increase = await within(dialog).findByRole('button', { name: /^Increase quantity/ });
    // What the cart function answers a mutation when there is no cart (it asks the store nothing).
    fake.answer(() => ({
      body: {
        cart: null,
        userErrors: [{ field: ['cart'], message: 'Your cart is empty.', code: 'CART_NOT_FOUND' }],
        warnings: [],
      },
    }));
    fireEvent.click(increase);
    await message(dialog, CART_MESSAGES.CART_NOT_FOUND);
    expect(CART_MESSAGES.CART_NOT_FOUND).toBe(
      'Your cart is no longer available. Please add your items again.',
    );
    expect(within(dialog).getByText('Your cart is empty')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Keep shopping' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Checkout' })).toBeNull();
    expect(live()).toBe(CART_MESSAGES.CART_NOT_FOUND);
    expect(heard.at(-1)).toEqual({ totalQuantity: 0 });
    window.removeEventListener(CART_CHANGED_EVENT, listener);
  });

  test('a quantity change shows at once, disables the line, and settles to the server answer', async () => {
    const fake = useFake(cart([line(GLOVES_LINE, 1)]));
    const heard: unknown[] = [];
    const listener = (e: Event) => heard.push((e as CustomEvent).detail);
    window.addEventListener(CART_CHANGED_EVENT, listener);
    const { dialog } = renderDrawer();
    const increase = await within(dialog).findByRole('button', {
      name: 'Increase quantity of Pro Boxing Gloves (12oz)',
    });
    const held = fake.hold();
    fireEvent.click(increase);

    // Optimistic: the new quantity, the line busy and its controls disabled, totals not settled.
    const item = increase.closest('li')!;
    expect(item.querySelector('.cart-stepper__value')?.textContent).toBe('2');
    expect(item.getAttribute('aria-busy')).toBe('true');
    for (const button of within(item).getAllByRole('button'))
      expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(dialog.querySelector('.cart-totals')?.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBe('true');
    expect(totalRow(dialog, 'Subtotal')).toBe('$69.00'); // the server's until it answers
    // A click while busy sends nothing more.
    fireEvent.click(increase);
    expect(fake.bodies).toEqual([
      { action: 'get' },
      { action: 'linesUpdate', lines: [{ id: GLOVES_LINE, quantity: 2 }] },
    ]);

    await act(async () => held.release());
    await waitFor(() => expect(totalRow(dialog, 'Subtotal')).toBe('$138.00'));
    expect(item.hasAttribute('aria-busy')).toBe(false);
    expect(increase.hasAttribute('aria-disabled')).toBe(false);
    expect(live()).toBe('Pro Boxing Gloves (12oz): quantity 2.');
    expect(heard).toContainEqual({ totalQuantity: 2 });
    window.removeEventListener(CART_CHANGED_EVENT, listener);
  });

  test('the server has the last word: a stock warning leaves fewer than asked and says why', async () => {
    const fake = useFake(cart([line(GLOVES_LINE, 2)]));
    const { dialog } = renderDrawer();
    const increase = await within(dialog).findByRole('button', { name: /^Increase quantity/ });
    fake.answer(() => ({
      body: {
        cart: cart([line(GLOVES_LINE, 2)]),
        userErrors: [],
        warnings: [
          {
            code: 'PRODUCT_NOT_AVAILABLE',
            apiCode: 'MERCHANDISE_NOT_ENOUGH_STOCK',
            message: 'Only 2 of Pro Boxing Gloves (12oz) are available, so the cart holds 2.',
            target: GLOVES_LINE,
          },
        ],
      },
    }));
    fireEvent.click(increase);
    expect(increase.closest('li')?.querySelector('.cart-stepper__value')?.textContent).toBe('3');
    await message(dialog, 'Only 2 left of Pro Boxing Gloves (12oz): we reduced the quantity.');
    expect(increase.closest('li')?.querySelector('.cart-stepper__value')?.textContent).toBe('2');
    expect(live()).toContain('Only 2 left');
  });

  test('a failed request reverts the change and says what happened', async () => {
    const fake = useFake(cart([line(GLOVES_LINE, 2)]));
    const { dialog } = renderDrawer();
    const decrease = await within(dialog).findByRole('button', { name: /^Decrease quantity/ });
    fake.answer(() => ({ status: 503, body: { errors: [{ field: 'store', message: 'down' }] } }));
    fireEvent.click(decrease);
    const value = () => decrease.closest('li')?.querySelector('.cart-stepper__value')?.textContent;
    expect(value()).toBe('1');
    await message(dialog, CART_MESSAGES.unavailable);
    expect(value()).toBe('2');
    expect(live()).toBe(CART_MESSAGES.unavailable);

    // A refused change (a user error with the unchanged cart) reverts and is put in words too.
    fake.answer(() => ({
      body: {
        cart: cart([line(GLOVES_LINE, 2)]),
        userErrors: [
          { field: ['lines', '0', 'merchandiseId'], message: 'sold out', code: 'PRODUCT_NOT_AVAILABLE' },
        ],
        warnings: [],
      },
    }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Increase quantity/ }));
    await message(dialog, CART_MESSAGES.PRODUCT_NOT_AVAILABLE);
    expect(value()).toBe('2');

    // The network failing outright, on removal: the line comes back.
    fake.answer(() => ({ reject: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Pro Boxing Gloves (12oz)' }));
    expect(within(dialog).queryByRole('list', { name: 'Items in your cart' })).toBeNull();
    await message(dialog, CART_MESSAGES.failed);
    expect(within(dialog).getByRole('button', { name: 'Remove Pro Boxing Gloves (12oz)' })).toBeTruthy();
  });

  test('remove: the line goes at once, focus moves to the title, then the empty cart', async () => {
    const fake = useFake(cart([line(GLOVES_LINE, 1)]));
    const { dialog } = renderDrawer();
    const remove = await within(dialog).findByRole('button', { name: 'Remove Pro Boxing Gloves (12oz)' });
    const held = fake.hold();
    remove.focus();
    fireEvent.click(remove);
    expect(within(dialog).getByText('Your cart is empty')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Your cart' }));
    await act(async () => held.release());
    await waitFor(() => expect(live()).toBe('Removed Pro Boxing Gloves (12oz) from your cart.'));
    expect(fake.bodies.at(-1)).toEqual({ action: 'linesRemove', lineIds: [GLOVES_LINE] });
    expect(within(dialog).getByText('Your cart is empty')).toBeTruthy();
  });

  test('discount codes: applied, not applicable with the reason, removed; the full list is sent', async () => {
    const fake = useFake(cart([line(GLOVES_LINE, 1)]));
    const { dialog } = renderDrawer();
    const input = await within(dialog).findByRole('textbox', { name: 'Discount code' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' });

    fireEvent.change(input, { target: { value: ' round10 ' } });
    fireEvent.click(apply);
    const codes = await within(dialog).findByRole('list', { name: 'Discount codes' });
    expect(fake.bodies.at(-1)).toEqual({ action: 'discountCodesUpdate', discountCodes: ['round10'] });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(within(codes).getByText('round10').closest('li')?.textContent).toContain('applied');
    expect(totalRow(dialog, 'Discount (round10)')).toBe('−$6.90');
    expect(totalRow(dialog, 'Total')).toBe('$62.10');
    expect(live()).toBe('Code round10 applied.');

    fireEvent.change(input, { target: { value: 'SUMMER24' } });
    fireEvent.click(apply);
    await within(codes).findByText('not applicable');
    expect(fake.bodies.at(-1)).toEqual({
      action: 'discountCodesUpdate',
      discountCodes: ['round10', 'SUMMER24'],
    });
    const summer = within(codes).getByText('SUMMER24').closest('li')!;
    expect(summer.textContent).toContain('This code has expired or is not active yet.');
    expect(live()).toBe('Code SUMMER24 does not apply: This code has expired or is not active yet.');

    // The same code again is not sent.
    fireEvent.change(input, { target: { value: 'Round10' } });
    fireEvent.click(apply);
    expect(await message(dialog, 'Round10 is already applied to your cart.')).toBeTruthy();
    expect(fake.bodies.filter((b) => b.action === 'discountCodesUpdate')).toHaveLength(2);

    fireEvent.click(within(codes).getByRole('button', { name: 'Remove code round10' }));
    await waitFor(() => expect(totalRow(dialog, 'Total')).toBe('$69.00'));
    expect(fake.bodies.at(-1)).toEqual({ action: 'discountCodesUpdate', discountCodes: ['SUMMER24'] });
    expect(live()).toBe('Code round10 removed.');
    // The reason stays with the code after later updates (the warning came only once).
    expect(within(dialog).getByText('SUMMER24').closest('li')?.textContent).toContain(
      'This code has expired',
    );
  });

  test('delivery options of the first group as radio buttons; choosing one selects it', async () => {
    const fake = useFake(cart([line(GLOVES_LINE, 1)], { delivery: true }));
    const { dialog } = renderDrawer();
    const group = await within(dialog).findByRole('group', { name: 'Delivery' });
    const standard = within(group).getByRole('radio', { name: /Standard/ });
    const express = within(group).getByRole('radio', { name: /Express/ });
    expect(standard.closest('label')?.textContent).toContain('$7.00');
    expect((express as HTMLInputElement).checked).toBe(false);
    expect(totalRow(dialog, 'Delivery')).toBe('Choose an option');

    const held = fake.hold();
    fireEvent.click(express);
    expect((express as HTMLInputElement).checked).toBe(true); // at once
    expect(fake.bodies.at(-1)).toEqual({
      action: 'deliveryOptionSelect',
      deliveryGroupId: 'gid://shopify/CartDeliveryGroup/1?cart=t1',
      deliveryOptionHandle: EXPRESS.handle,
    });
    await act(async () => held.release());
    await waitFor(() => expect(totalRow(dialog, 'Delivery')).toBe('$19.00'));
    expect(totalRow(dialog, 'Total')).toBe('$88.00');
    expect(live()).toBe('Express selected.');
  });

  test('a malformed answer is a failure, not a broken drawer', async () => {
    const fake = useFake(cart([line(GLOVES_LINE, 1)]));
    fake.answer(() => ({ body: { cart: { lines: 'nope' }, userErrors: [], warnings: [] } }));
    const { dialog } = renderDrawer();
    await message(dialog, CART_MESSAGES.failed);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByRole('list', { name: 'Items in your cart' });
  });
});

describe('in the layout', () => {
  test('the cart button opens the drawer as a modal dialog; Escape closes it and focus returns', async () => {
    useFake(cart([line(GLOVES_LINE, 1)]));
    renderApp('/', { home: { page: null, articles: paginated([articleCard('a')]) } });
    await screen.findByRole('heading', { name: 'Latest stories' });
    const button = within(screen.getByRole('banner')).getByRole('button', { name: /^Cart/ });
    expect(document.querySelector('.cart-drawer')).toBeNull();
    expect(button.hasAttribute('aria-controls')).toBe(false);

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close cart' }));
    expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(true);
    expect(document.querySelector('main')?.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.site-header__bar')?.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('footer')?.hasAttribute('inert')).toBe(true);
    await within(dialog).findByRole('list', { name: 'Items in your cart' });

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.querySelector('.cart-drawer')?.hasAttribute('hidden')).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(false);
    expect(document.querySelector('main')?.hasAttribute('inert')).toBe(false);

    // The close button does the same; the drawer stays mounted, so aria-controls stays valid.
    fireEvent.click(button);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close cart' }));
    expect(document.activeElement).toBe(button);
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).toBe(dialog);
  });
});
