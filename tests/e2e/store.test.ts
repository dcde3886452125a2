/**
 * Shopping from an article in Chromium, against the built local stack (store stand-in behind the
 * cart function): choose a size, add to cart; a sold-out size cannot be added.
 */
import { expect, test } from 'vitest';
import { builtSiteInBrowser } from '../support/site-in-browser';

const site = builtSiteInBrowser();

test('choose a glove size and add it to the cart from the size guide', async () => {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${site.server.url}/boxing-equipment/boxing-glove-size-guide`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

  const card = page.getByRole('article', { name: 'Pro Boxing Gloves' });
  const add = card.getByRole('button', { name: 'Add to cart' });
  expect(await add.isDisabled()).toBe(true); // no size chosen yet

  // A sold-out size turns the button into a disabled "Sold out".
  await card.getByRole('radio', { name: /^16 ?oz \(sold out\)$/ }).check();
  expect(await card.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);

  await card.getByRole('radio', { name: /^12 ?oz$/ }).check();
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/.netlify/functions/cart') && calls.push(r.postData() ?? ''));
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await card.getByRole('status').filter({ hasText: 'Added to your cart' }).waitFor();
  expect(calls).toEqual([expect.stringContaining('"merchandiseId":"gid://shopify/ProductVariant/100102"')]);

  // The cart is on the server, found again through the function's cookie.
  const cart = await page.evaluate(async () => {
    const r = await fetch('/.netlify/functions/cart', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'get' }),
    });
    return (await r.json()) as { cart: { totalQuantity: number } | null };
  });
  expect(cart.cart?.totalQuantity).toBe(1);
  // The cart's cookie is HttpOnly: scripts on the page cannot read it (only the nav's count).
  const cookies = await page.evaluate(() => document.cookie);
  expect(cookies).not.toMatch(/(^|; )rh_cart=/);
  expect(cookies).toContain('rh_cart_count=1');
  expect(problems).toEqual([]);
  await page.close();
});
