// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { testProduct as product, testVariant as variant, usd } from '../../support/products.ts';
import {
  ADD_FAILED_MESSAGE,
  ADDED_MESSAGE,
  FINANCING_MESSAGE,
  GIFT_MESSAGE,
  ProductCard,
  REFUND_MESSAGE,
  UNAVAILABLE_MESSAGE,
  variantLabel,
  type AddToCartResult,
} from '../../../src/widgets/product-card/index.tsx';

afterEach(cleanup);

const sized = () =>
  product({
    variants: [
      variant('10', '10 oz', { price: usd('59.00') }),
      variant('12', '12 oz', { availableForSale: false }),
      variant('16', '16 oz', { price: usd('79.00') }),
    ],
  });

const ok = (): Promise<AddToCartResult> => Promise.resolve({ ok: true });

function deferred() {
  let resolve: (value: AddToCartResult) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<AddToCartResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function addButton() {
  return screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
}

test('no product: a polite notice and no buttons', () => {
  render(<ProductCard product={null} onAddToCart={ok} />);
  expect(screen.getByRole('status').textContent).toBe(UNAVAILABLE_MESSAGE);
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.queryByRole('article')).toBeNull();
});

test('single variant: labelled article, sized lazy image, price, no selector, button enabled', () => {
  render(<ProductCard product={product()} onAddToCart={ok} />);
  const article = screen.getByRole('article', { name: 'Pro Training Gloves' });
  expect(within(article).getByRole('heading', { level: 3, name: 'Pro Training Gloves' })).toBeTruthy();
  const img = article.querySelector('img');
  expect(img?.getAttribute('width')).toBe('1000');
  expect(img?.getAttribute('height')).toBe('1000');
  expect(img?.getAttribute('loading')).toBe('lazy');
  // The alt only repeated the title next to it.
  expect(img?.getAttribute('alt')).toBe('');
  expect(screen.getByText('Double-stitched leather for bag work.')).toBeTruthy();
  expect(article.querySelector('.ui-product-card__price')?.textContent).toBe('$69.00');
  expect(screen.queryByRole('radiogroup')).toBeNull();
  expect(screen.queryByRole('radio')).toBeNull();
  expect(addButton().disabled).toBe(false);
  for (const message of [FINANCING_MESSAGE, GIFT_MESSAGE, REFUND_MESSAGE]) {
    expect(within(article).getByText(message)).toBeTruthy();
  }
});

test('the first image stands in for a missing featured image; no short description, nothing shown', () => {
  const base = product();
  render(
    <ProductCard
      product={product({
        featuredImage: null,
        images: [
          { src: 'https://cdn.shopify.com/back.jpg', alt: 'Back view', width: 800, height: 600, focus: null },
        ],
        metafields: { ...base.metafields, shortDescription: null },
      })}
      headingLevel={2}
    />,
  );
  expect(screen.getByRole('img', { name: 'Back view' }).getAttribute('src')).toBe(
    'https://cdn.shopify.com/back.jpg',
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Pro Training Gloves' })).toBeTruthy();
  expect(document.querySelector('.ui-product-card__description')).toBeNull();
  // Without onAddToCart the card is display-only.
  expect(screen.queryByRole('button')).toBeNull();
});

test('several variants: the button waits for a size; a sold-out size cannot be added', () => {
  render(<ProductCard product={sized()} onAddToCart={ok} />);
  const group = screen.getByRole('group', { name: 'Size' });
  const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
  expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual([
    '10 oz',
    '12 oz (sold out)',
    '16 oz',
  ]);
  expect(radios.every((radio) => !radio.checked)).toBe(true);
  expect(document.querySelector('.ui-product-card__price')?.textContent).toBe('From $59.00');

  const button = addButton();
  expect(button.disabled).toBe(true);
  const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
  expect(hint?.textContent).toBe('Choose your size to add it to your cart.');

  fireEvent.click(screen.getByRole('radio', { name: '12 oz (sold out)' }));
  expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  const soldOut = screen.getByRole('button', { name: 'Sold out' }) as HTMLButtonElement;
  expect(soldOut.disabled).toBe(true);
  expect(group.textContent).toContain('12 oz is sold out. Please choose another.');

  fireEvent.click(screen.getByRole('radio', { name: '16 oz' }));
  expect(addButton().disabled).toBe(false);
  expect(addButton().hasAttribute('aria-describedby')).toBe(false);
  expect(document.querySelector('.ui-product-card__price')?.textContent).toBe('$79.00');
});

test('variant labels: the title, else the option values', () => {
  expect(variantLabel(variant('1', 'M / Red'), 0)).toBe('M / Red');
  expect(variantLabel(variant('1', '', { selectedOptions: [{ name: 'Size', value: 'L' }] }), 0)).toBe('L');
  expect(variantLabel(variant('1', '', { selectedOptions: [] }), 2)).toBe('Option 3');
});

test.each([
  ['89.00', true],
  ['69.00', false],
  ['49.00', false],
])('compare-at %s against a price of 69 is shown: %s', (compareAt, shown) => {
  render(
    <ProductCard
      product={product({ variants: [variant('1', 'One size', { compareAtPrice: usd(compareAt) })] })}
      onAddToCart={ok}
    />,
  );
  const struck = document.querySelector('s');
  if (shown) {
    expect(struck?.textContent).toBe('Was $89.00');
    expect(struck?.querySelector('.visually-hidden')?.textContent).toBe('Was ');
  } else {
    expect(struck).toBeNull();
    expect(screen.queryByText(/Was/)).toBeNull();
  }
});

test('adding: busy while pending (focus kept), then "Added to your cart"', async () => {
  const pending = deferred();
  const onAddToCart = vi.fn(() => pending.promise);
  render(<ProductCard product={sized()} onAddToCart={onAddToCart} />);
  fireEvent.click(screen.getByRole('radio', { name: '10 oz' }));
  const button = addButton();
  button.focus();
  fireEvent.click(button);

  expect(onAddToCart).toHaveBeenCalledWith('gid://shopify/ProductVariant/10', 1);
  expect(button.getAttribute('aria-busy')).toBe('true');
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(button);
  fireEvent.click(button);
  expect(onAddToCart).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('status').textContent).toBe('');

  await act(async () => pending.resolve({ ok: true }));
  expect(screen.getByRole('status').textContent).toBe(ADDED_MESSAGE);
  expect(button.hasAttribute('aria-busy')).toBe(false);
  expect(button.hasAttribute('aria-disabled')).toBe(false);
  expect(document.activeElement).toBe(button);

  // Choosing another size clears the message.
  fireEvent.click(screen.getByRole('radio', { name: '16 oz' }));
  expect(screen.getByRole('status').textContent).toBe('');
});

test('a failed add shows the returned message; a thrown one a generic message', async () => {
  const first = deferred();
  const onAddToCart = vi.fn(() => first.promise);
  render(<ProductCard product={product()} onAddToCart={onAddToCart} />);
  fireEvent.click(addButton());
  await act(async () => first.resolve({ ok: false, message: 'Only 2 left in stock.' }));
  const status = screen.getByRole('status');
  expect(status.textContent).toBe('Only 2 left in stock.');
  expect(status.className).toContain('ui-product-card__status--error');

  onAddToCart.mockImplementation(() => Promise.reject(new Error('network')));
  await act(async () => {
    fireEvent.click(addButton());
  });
  expect(screen.getByRole('status').textContent).toBe(ADD_FAILED_MESSAGE);
  expect(addButton().hasAttribute('aria-busy')).toBe(false);
});

test('all variants sold out: the price stays, a disabled "Sold out" replaces the button', () => {
  const { unmount } = render(
    <ProductCard
      product={product({
        availableForSale: false,
        variants: [
          variant('1', 'S', { availableForSale: false }),
          variant('2', 'M', { availableForSale: false }),
        ],
      })}
      onAddToCart={ok}
    />,
  );
  expect(document.querySelector('.ui-product-card__price')?.textContent).toBe('$69.00');
  expect((screen.getByRole('button', { name: 'Sold out' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  expect(screen.queryByRole('radio')).toBeNull();
  expect(screen.queryByRole('status')).toBeNull();
  unmount();

  // The product flag alone is enough.
  render(<ProductCard product={product({ availableForSale: false })} onAddToCart={ok} />);
  expect((screen.getByRole('button', { name: 'Sold out' }) as HTMLButtonElement).disabled).toBe(true);
});

test('the rating shows when valid and is absent when not given or invalid', () => {
  const { unmount } = render(<ProductCard product={product()} rating={4} />);
  expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
  unmount();

  render(<ProductCard product={product()} />);
  expect(screen.queryByRole('img', { name: /out of 5 stars/ })).toBeNull();
  cleanup();

  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  render(<ProductCard product={product()} rating={7} />);
  expect(screen.queryByRole('img', { name: /out of 5 stars/ })).toBeNull();
  expect(warn).toHaveBeenCalledTimes(1);
  warn.mockRestore();
});

test('server render: the same markup twice, with the price, and it hydrates cleanly', async () => {
  const ui = <ProductCard product={sized()} rating={5} onAddToCart={ok} />;
  const first = renderToString(ui);
  expect(renderToString(ui)).toBe(first);
  expect(first).toContain('From $59.00');
  expect(first).toContain('<article');

  const container = document.createElement('div');
  container.innerHTML = first;
  document.body.append(container);
  const errors: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, ui, { onRecoverableError: (e) => errors.push(e) }),
  );
  expect(errors).toEqual([]);
  fireEvent.click(within(container).getByRole('radio', { name: '10 oz' }));
  expect((within(container).getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(
    false,
  );
  act(() => root.unmount());
  container.remove();
});

test('a size checked in the server HTML before hydration is the choice once hydrated', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ProductCard product={sized()} onAddToCart={ok} />);
  document.body.append(container);
  // The visitor picks the sold-out size while the script is still on its way.
  (within(container).getByRole('radio', { name: /^12 oz/ }) as HTMLInputElement).checked = true;
  const root = await act(async () =>
    hydrateRoot(container, <ProductCard product={sized()} onAddToCart={ok} />),
  );
  expect((within(container).getByRole('radio', { name: /^12 oz/ }) as HTMLInputElement).checked).toBe(true);
  expect((within(container).getByRole('button', { name: 'Sold out' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  expect(within(container).queryByRole('button', { name: 'Add to cart' })).toBeNull();
  act(() => root.unmount());
  container.remove();
});
