/**
 * The local checkout behind every cart's `checkoutUrl`: `GET <base>/checkout/<token>?key=…` shows
 * the order summary and a "Place order" button (a plain form, no script); `POST` to the same URL
 * places the order (the cart is completed: gone for the API) and shows the confirmation with the
 * order number. Posting again, or opening the URL afterwards, shows the same confirmation.
 */
import type { OrderRecord } from './cart-file.ts';
import type { CartStore } from './carts.ts';
import type { CatalogIndex } from './catalog.ts';
import { priceCart, shippingCountry, restrictedLines, type CartRecord } from './cart-model.ts';
import { escapeHtml, htmlResponse } from './http.ts';

export type CheckoutDeps = {
  store: CartStore;
  index: CatalogIndex;
  now: Date;
  /** Path of the checkout pages, without the token (e.g. `/checkout`). */
  checkoutPath: string;
  /** Where "Back to the shop" leads. */
  siteUrl: string;
};

type Row = { label: string; detail: string; quantity: number | null; amount: number };
type Summary = { rows: Row[]; totals: { label: string; amount: number }[]; currency: string };

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f6f6f4; }
  main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
  h1 { margin-top: 0; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  caption { text-align: left; font-weight: 600; padding-bottom: .5rem; }
  th, td { padding: .4rem .25rem; border-bottom: 1px solid #ddd; text-align: left; }
  td.num, th.num { text-align: right; }
  tfoot th { font-weight: 400; }
  tfoot tr:last-child th, tfoot tr:last-child td { font-weight: 700; }
  button { font: inherit; font-weight: 600; padding: .75rem 1.5rem; border: 0; border-radius: 4px;
    background: #b3121d; color: #fff; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1a4fd6; outline-offset: 2px; }
  .notice { padding: .75rem; background: #fff4d6; border-left: 4px solid #b37400; }
  a { color: #1a4fd6; }`;

/**
 * Where the confirmation sends the shopper back: the site, with the order's number, which the
 * site's analytics tells as Order Completed (with the checkout it started) and then takes out of
 * the address bar. Shopify's own checkout links back without it: deployed, Order Completed needs
 * Shopify's order webhook or a checkout pixel (see the README).
 */
export function orderReturnUrl(siteUrl: string, orderNumber: number | string): string {
  const [base = '/', hash] = siteUrl.split('#');
  const query = `order_id=${encodeURIComponent(String(orderNumber))}`;
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash === undefined ? '' : `#${hash}`}`;
}

function page(title: string, body: string, siteUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Roundhouse local checkout</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
<p><a href="${escapeHtml(siteUrl)}">Back to the shop</a></p>
</main>
</body>
</html>`;
}

function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

function summaryTable({ rows, totals, currency }: Summary): string {
  const body = rows
    .map(
      (row) =>
        `<tr><td>${escapeHtml(row.label)}${row.detail ? `<br><small>${escapeHtml(row.detail)}</small>` : ''}</td>` +
        `<td class="num">${row.quantity ?? ''}</td><td class="num">${formatMoney(row.amount, currency)}</td></tr>`,
    )
    .join('\n');
  const foot = totals
    .map(
      (t) =>
        `<tr><th scope="row" colspan="2">${escapeHtml(t.label)}</th><td class="num">${formatMoney(t.amount, currency)}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption>Order summary</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Price</th></tr></thead>
<tbody>
${body}
</tbody>
<tfoot>
${foot}
</tfoot>
</table>`;
}

function cartSummary(cart: CartRecord, index: CatalogIndex, now: Date): Summary {
  const pricing = priceCart(cart, index, now);
  const totals = [{ label: 'Subtotal', amount: pricing.subtotalCents }];
  for (const code of pricing.codes.filter((c) => c.applicable)) {
    totals.push({ label: `Discount (${code.code.toUpperCase()})`, amount: -code.amountCents });
  }
  const shipping = pricing.delivery?.selected;
  if (shipping) totals.push({ label: `Shipping (${shipping.title})`, amount: shipping.costCents });
  totals.push({ label: 'Total', amount: pricing.totalCents });
  return {
    currency: index.catalog.currencyCode,
    rows: pricing.lines.map((line) => ({
      label: line.product.title,
      detail: line.product.variants.length > 1 ? line.variant.title : '',
      quantity: line.record.quantity,
      amount: line.subtotalCents,
    })),
    totals,
  };
}

function orderSummary(order: OrderRecord): Summary {
  const totals = [{ label: 'Subtotal', amount: order.subtotalCents }];
  if (order.discountCents > 0) {
    totals.push({
      label: `Discount (${order.discountCodes.join(', ').toUpperCase()})`,
      amount: -order.discountCents,
    });
  }
  if (order.shippingTitle)
    totals.push({ label: `Shipping (${order.shippingTitle})`, amount: order.shippingCents });
  totals.push({ label: 'Total', amount: order.totalCents });
  return {
    currency: order.currencyCode,
    rows: order.lines.map((line) => ({
      label: line.title,
      detail: line.variantTitle === 'Default Title' ? '' : line.variantTitle,
      quantity: line.quantity,
      amount: line.subtotalCents,
    })),
    totals,
  };
}

function confirmation(order: OrderRecord, siteUrl: string): Response {
  const body = `<h1>Thank you for your order</h1>
<p role="status">Your order number is <strong>#${order.number}</strong>.</p>
<p>This is the local test checkout: no payment was taken and nothing will ship.</p>
${summaryTable(orderSummary(order))}`;
  return htmlResponse(page(`Order #${order.number}`, body, orderReturnUrl(siteUrl, order.number)));
}

function problem(title: string, message: string, status: number, siteUrl: string, table = ''): Response {
  return htmlResponse(
    page(
      title,
      `<h1>${escapeHtml(title)}</h1>\n<p class="notice">${escapeHtml(message)}</p>\n${table}`,
      siteUrl,
    ),
    status,
  );
}

/** Answers GET/HEAD (summary or confirmation) and POST (place the order) for one checkout URL. */
export async function handleCheckout(
  request: Request,
  token: string,
  key: string,
  deps: CheckoutDeps,
): Promise<Response> {
  const { store, index, now, siteUrl } = deps;
  if (request.method === 'POST') {
    const result = await store.checkout(token, key);
    if (result.ok) return confirmation(result.order, siteUrl);
    if (result.reason === 'not-found') return problem('Checkout not found', result.message, 404, siteUrl);
    const table =
      result.cart && result.reason === 'not-shippable'
        ? summaryTable(cartSummary(result.cart, index, now))
        : '';
    return problem('Your order was not placed', result.message, 409, siteUrl, table);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
  }
  const cart = store.find(token, key);
  if (!cart)
    return problem(
      'Checkout not found',
      'This checkout does not exist. Your cart may have expired.',
      404,
      siteUrl,
    );
  const placed = store.order(cart.orderNumber);
  if (cart.completedAt !== null && placed) return confirmation(placed, siteUrl);
  const summary = cartSummary(cart, index, now);
  if (summary.rows.length === 0) return problem('Checkout', 'Your cart is empty.', 200, siteUrl);
  const blocked = restrictedLines(cart, index, shippingCountry(cart));
  const action = `${deps.checkoutPath}/${encodeURIComponent(token)}?key=${encodeURIComponent(key)}`;
  const placeOrder =
    blocked.length > 0
      ? `<p class="notice">${escapeHtml(
          `${blocked.map((b) => b.product.title).join(', ')} cannot be shipped to ${shippingCountry(cart)}. Remove it from your cart to check out.`,
        )}</p>`
      : `<form method="post" action="${escapeHtml(action)}">
<button type="submit">Place order</button>
</form>`;
  const body = `<h1>Checkout</h1>
<p>This is the local test checkout: no payment is taken.</p>
${summaryTable(summary)}
${placeOrder}`;
  return htmlResponse(page('Checkout', body, siteUrl));
}
