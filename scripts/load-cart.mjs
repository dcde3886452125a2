#!/usr/bin/env node
/**
 * Load test of the cart function on loopback (run `npm run load:cart` after `npm run build`):
 * S shoppers at once, each running a scripted sequence of cart actions with its own cookie, against
 * the built local server (cart function → store client → local Storefront stand-in). Checks that
 * every final cart equals its expected state and prints requests per second and latency.
 * Options: --shoppers S (default 100), --json
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { numberArg, startLocalServer } from './lib/local-server.mjs';

const arg = numberArg;
const SHOPPERS = arg('shoppers', 100);
const JSON_OUT = process.argv.includes('--json');

const GLOVES_12 = 'gid://shopify/ProductVariant/100102';
const WRAPS_120 = 'gid://shopify/ProductVariant/100201';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cart-load-'));
const server = await startLocalServer({
  LOCAL_DATA_DIR: dataDir,
  // Every shopper here comes from 127.0.0.1: the per-IP limit (120 a minute) would turn them away.
  CART_RATE_LIMIT: '100000',
});
const latencies = [];
const statuses = {};

/** One shopper: a cookie jar and a scripted sequence. Returns the final cart. */
async function shopper() {
  let cookie = '';
  const send = async (body) => {
    const t = performance.now();
    const res = await fetch(`${server.url}/.netlify/functions/cart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    latencies.push(performance.now() - t);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    const set = res.headers.get('set-cookie')?.match(/(?:^|, )(rh_cart=[^;]*)/);
    if (set) cookie = set[1];
    return json;
  };
  await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12, quantity: 1 }] });
  const withWraps = await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120, quantity: 2 }] });
  const gloves = withWraps.cart.lines.find((l) => l.merchandise.id === GLOVES_12);
  const wraps = withWraps.cart.lines.find((l) => l.merchandise.id === WRAPS_120);
  await send({ action: 'linesUpdate', lines: [{ id: gloves.id, quantity: 3 }] });
  await send({ action: 'discountCodesUpdate', discountCodes: ['ROUND10'] });
  await send({ action: 'linesRemove', lineIds: [wraps.id] });
  await send({ action: 'buyerIdentityUpdate', buyerIdentity: { countryCode: 'US' } });
  return (await send({ action: 'get' })).cart;
}

const expected = (cart) =>
  cart &&
  cart.lines.length === 1 &&
  cart.lines[0].merchandise.id === GLOVES_12 &&
  cart.lines[0].quantity === 3 &&
  cart.discountCodes.length === 1 &&
  cart.discountCodes[0].applicable === true &&
  cart.cost.subtotal.amount === '207.00' &&
  cart.cost.total.amount === '186.30';

let result;
try {
  const started = performance.now();
  const carts = await Promise.all(Array.from({ length: SHOPPERS }, shopper));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const wrong = carts.filter((c) => !expected(c)).length;
  result = {
    shoppers: SHOPPERS,
    requests: latencies.length,
    statuses,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: Number(pct(50).toFixed(1)),
    p99Ms: Number(pct(99).toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    wrongCarts: wrong,
    ok: wrong === 0 && statuses[200] === latencies.length,
  };
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

if (JSON_OUT) console.log(JSON.stringify(result));
else {
  console.log(`Cart load test: ${SHOPPERS} concurrent shoppers x 7 cart actions`);
  console.log(
    `  ${result.requests} requests in ${result.seconds} s: ${result.requestsPerSecond} req/s; p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms; statuses ${JSON.stringify(result.statuses)}`,
  );
  console.log(
    result.ok ? '  every final cart equals its expected state' : `  FAILED: ${result.wrongCarts} wrong carts`,
  );
}
if (!result.ok) process.exitCode = 1;
