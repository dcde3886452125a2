/**
 * Bounded load on the cart function in the built local stack: concurrent shoppers, each with its
 * own cookie and a scripted sequence, all end with exactly the cart they expect.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

test('40 concurrent shoppers x 7 actions: every final cart is the expected one, no request fails', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/load-cart.mjs', '--shoppers', '40', '--json'],
    { cwd: path.resolve(import.meta.dirname, '../..') },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  // Every request answered 200: none turned away by the per-IP rate limit (the script raises it).
  expect(result).toMatchObject({
    shoppers: 40,
    requests: 280,
    statuses: { 200: 280 },
    wrongCarts: 0,
    ok: true,
  });
}, 90_000);
