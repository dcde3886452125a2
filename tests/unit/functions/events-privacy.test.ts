/** The rules that keep contact details out of analytics messages (src/functions/events/privacy.ts). */
import { expect, test } from 'vitest';
import { holdsEmail, isContactKey, scrubJson, scrubUrl } from '../../../src/functions/events/privacy';

test.each([
  ['email', true],
  ['Email', true],
  ['EMAIL', true],
  ['e-mail', true],
  ['e_mail', true],
  ['emails', true],
  ['customerEmail', true],
  ['email_address', true],
  ['phone', true],
  ['phoneNumber', true],
  ['phone_no', true],
  ['telephone', true],
  ['tel', true],
  ['mobile', true],
  ['mobileNumber', true],
  ['cellphone', true],
  ['hotel', false],
  ['telemetry', false],
  ['hotel_name', false],
  ['mailbox', false],
  ['sku', false],
  ['product_id', false],
])('key %j names a contact detail: %s', (key, named) => {
  expect(isContactKey(key)).toBe(named);
});

test.each([
  ['reader@example.com', true],
  ['Write to reader@example.co.uk today', true],
  ['reader%40example.com', true],
  ['@roundhouse', false],
  ['price @ 5.99', false],
  ['a@b', false],
  ['gid://shopify/Product/1', false],
])('value %j holds an address: %s', (value, holds) => {
  expect(holdsEmail(value)).toBe(holds);
});

test.each([
  ['https://site.test/a?b=1', 'https://site.test/a?b=1'],
  ['https://site.test/a?email=x%40y.com', 'https://site.test/a'],
  ['https://site.test/a?email=&b=%20c+d#h', 'https://site.test/a?b=%20c+d#h'],
  ['/path?ref=x@y.io&page=2', '/path?page=2'],
  ['?mobile=0712&utm_source=ad', '?utm_source=ad'],
  ['?%E0%A4%A=1&q=gloves', '?%E0%A4%A=1&q=gloves'],
  ['https://site.test/u/x@y.io', 'https://site.test/u/(email removed)'],
  ['', ''],
])('url %j → %j', (url, scrubbed) => {
  expect(scrubUrl(url)).toBe(scrubbed);
});

test('scrubJson keeps numbers, booleans, null and a __proto__ key as plain data', () => {
  const value = JSON.parse('{"__proto__":{"x":1},"n":1,"b":false,"z":null,"list":["a@b.co",2]}') as Record<
    string,
    never
  >;
  const scrubbed = scrubJson(value) as Record<string, unknown>;
  expect(Object.getPrototypeOf(scrubbed)).toBe(Object.prototype);
  expect(JSON.stringify(scrubbed)).toBe('{"__proto__":{"x":1},"n":1,"b":false,"z":null,"list":[2]}');
});
