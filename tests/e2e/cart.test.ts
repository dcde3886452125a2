/**
 * The cart a shopper sees, in Chromium against the built local stack (store stand-in behind the
 * cart function): the nav's count, the drawer (quantities, discount codes, removal, the empty
 * state), an accessibility scan of the open drawer, and a whole order through the stand-in's
 * checkout page and back to a site whose cart is empty again.
 */
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { builtSiteInBrowser } from '../support/site-in-browser';

const site = builtSiteInBrowser();
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Serious and critical axe-core violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    type Result = {
      violations: { id: string; impact: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
    };
    const axe = (window as unknown as { axe: { run: () => Promise<Result> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

test('count in the nav, the drawer, a discount code, removal, and an order placed through checkout', async () => {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${site.server.url}/boxing-equipment/boxing-glove-size-guide`);
  await hydrated(page);

  const header = page.locator('header.site-header');
  const cartButton = header.getByRole('button', { name: /^Cart/ });
  expect(await cartButton.getAttribute('aria-label')).toBeNull();
  expect(await cartButton.textContent()).toBe('Cart'); // no count without a cart
  expect(await cartButton.isVisible()).toBe(true);
  expect(await cartButton.getAttribute('aria-controls')).toBeNull(); // no drawer in the page yet

  // Add the 12 oz gloves: the nav counts them.
  const card = page.getByRole('article', { name: 'Pro Boxing Gloves' });
  await card.getByRole('radio', { name: /^12 ?oz$/ }).check();
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await header.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
  expect(await header.locator('.cart-button__count').textContent()).toBe('1');
  // The count cookie is readable; the cart's id stays in its HttpOnly cookie.
  const cookies = await page.evaluate(() => document.cookie);
  expect(cookies).toContain('rh_cart_count=1');
  expect(cookies).not.toMatch(/rh_cart=/);

  // Open the drawer: a modal dialog with focus inside, the page behind inert.
  await cartButton.click();
  const dialog = page.getByRole('dialog', { name: 'Your cart' });
  await dialog.waitFor();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await page.locator('main').getAttribute('inert')).not.toBeNull();
  expect(await cartButton.getAttribute('aria-controls')).toBe(await dialog.getAttribute('id'));
  const line = dialog.getByRole('listitem').filter({ hasText: 'Pro Boxing Gloves' });
  await line.waitFor();
  expect(await line.textContent()).toMatch(/12 ?oz/);
  expect(await line.textContent()).toContain('$69.00');

  // Quantity 2: shown at once, then the server's subtotal.
  await dialog.getByRole('button', { name: /^Increase quantity of Pro Boxing Gloves/ }).click();
  expect(await line.locator('.cart-stepper__value').textContent()).toBe('2');
  const totals = dialog.locator('.cart-totals');
  const row = (label: string) =>
    totals
      .locator('.cart-totals__row')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await page.waitForFunction(
    () => document.querySelector('.cart-totals .cart-totals__row dd')?.textContent === '$138.00',
  );
  await header
    .getByRole('button', { name: 'Cart, 2 items', includeHidden: true })
    .waitFor({ state: 'attached' });

  // ROUND10 applies (10 % off); SUMMER24 has expired.
  const codeInput = dialog.getByRole('textbox', { name: 'Discount code' });
  await codeInput.fill('ROUND10');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const codes = dialog.getByRole('list', { name: 'Discount codes' });
  await codes.getByText('applied', { exact: true }).waitFor();
  expect(await row('Total').textContent()).toBe('$124.20');
  expect(await row('Discount (ROUND10)').textContent()).toBe('−$13.80');
  expect(await codeInput.inputValue()).toBe('');

  await codeInput.fill('SUMMER24');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const summer = codes.getByRole('listitem').filter({ hasText: 'SUMMER24' });
  await summer.getByText('not applicable').waitFor();
  expect(await summer.textContent()).toContain('This code has expired or is not active yet.');
  expect(await row('Total').textContent()).toBe('$124.20');

  // The open drawer passes an accessibility scan, on a phone and on a desktop.
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await cartButton.isVisible()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });

  // Remove ROUND10: back to the full price.
  await codes.getByRole('button', { name: 'Remove code ROUND10' }).click();
  await page.waitForFunction(() => !document.querySelector('.cart-codes')?.textContent?.includes('ROUND10'));
  expect(await row('Total').textContent()).toBe('$138.00');

  // Remove the line: the empty state, and the count goes.
  await dialog.getByRole('button', { name: /^Remove Pro Boxing Gloves/ }).click();
  await dialog.getByText('Your cart is empty').waitFor();
  expect(await dialog.getByRole('link', { name: 'Keep shopping' }).getAttribute('href')).toBe(
    '/boxing-equipment',
  );
  await header
    .getByRole('button', { name: 'Cart', exact: true, includeHidden: true })
    .waitFor({ state: 'attached' });

  // Escape closes the drawer and gives focus back to the cart button.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await cartButton.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await page.locator('main').getAttribute('inert')).toBeNull();

  // Add again and go to checkout.
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await header.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
  await cartButton.click();
  await dialog.waitFor();
  await line.waitFor();
  // The link goes to the cart function, which answers 303 to the store's checkout: the checkout URL
  // (it carries the cart's key) is never in the page, only in the redirect.
  const checkout = dialog.getByRole('link', { name: 'Checkout' });
  expect(await checkout.getAttribute('href')).toBe('/.netlify/functions/cart?action=checkout');
  expect(await dialog.innerHTML()).not.toContain('key=');
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs.filter((href) => href.includes('key='))).toEqual([]);
  const hops: { url: string; status: number; location: string | null }[] = [];
  page.on('response', (r) => {
    if (r.request().isNavigationRequest())
      hops.push({ url: r.url(), status: r.status(), location: r.headers()['location'] ?? null });
  });
  await Promise.all([page.waitForURL(/\/_local\/shopify\/checkout\/[0-9a-f]+\?key=/), checkout.click()]);
  expect(hops[0]).toMatchObject({
    url: `${site.server.url}/.netlify/functions/cart?action=checkout`,
    status: 303,
    location: expect.stringMatching(/\/_local\/shopify\/checkout\/[0-9a-f]+\?key=/),
  });

  // The stand-in's checkout: place the order, then follow its link back to the site.
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/'),
    page.getByRole('link', { name: 'Back to the shop' }).click(),
  ]);
  await hydrated(page);

  // The order completed the cart: the count is gone and the drawer shows an empty cart.
  await page.waitForFunction(
    () => !document.cookie.includes('rh_cart_count=') && !document.querySelector('.cart-button__count'),
  );
  expect(await header.getByRole('button', { name: /^Cart/ }).textContent()).toBe('Cart');
  await header.getByRole('button', { name: 'Cart', exact: true }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByText('Your cart is empty').waitFor();

  // With no cart left, the checkout link leads home rather than to a dead checkout.
  const back = await page.goto(`${site.server.url}/.netlify/functions/cart?action=checkout`);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(back?.status()).toBe(200);

  expect(problems).toEqual([]);
  await page.close();
}, 30_000);
