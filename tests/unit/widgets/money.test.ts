import { expect, test } from 'vitest';
import { formatMoney, isKnownCurrency, isMoreThan } from '../../../src/widgets/money.ts';

test.each([
  [{ amount: '69.0', currencyCode: 'USD' }, '$69.00'],
  [{ amount: '69', currencyCode: 'USD' }, '$69.00'],
  [{ amount: '12.5', currencyCode: 'USD' }, '$12.50'],
  [{ amount: '1234.56', currencyCode: 'USD' }, '$1,234.56'],
  [{ amount: '0.0', currencyCode: 'USD' }, '$0.00'],
  [{ amount: '1234.5', currencyCode: 'EUR' }, '€1,234.50'],
  [{ amount: '89', currencyCode: 'EUR' }, '€89.00'],
  [{ amount: '1200', currencyCode: 'JPY' }, '¥1,200'],
  [{ amount: '49.99', currencyCode: 'usd' }, '$49.99'],
])('formatMoney(%j) is %s', (money, expected) => {
  expect(formatMoney(money)).toBe(expected);
});

test('the locale decides symbols, grouping and decimal marks', () => {
  // Intl separates the amount from the symbol with a no-break space.
  expect(formatMoney({ amount: '1234.5', currencyCode: 'EUR' }, 'de-DE')).toBe('1.234,50\u00a0€');
  expect(formatMoney({ amount: '69', currencyCode: 'USD' }, 'en-GB')).toBe('US$69.00');
});

test('amounts are formatted exactly, not through a float', () => {
  expect(formatMoney({ amount: '12345678901234567.89', currencyCode: 'USD' })).toBe(
    '$12,345,678,901,234,567.89',
  );
});

test('an unknown currency code falls back to the number and the code', () => {
  expect(isKnownCurrency('XYZ')).toBe(false);
  expect(formatMoney({ amount: '12.5', currencyCode: 'XYZ' })).toBe('12.50 XYZ');
  expect(formatMoney({ amount: '1234', currencyCode: 'XYZ' })).toBe('1,234.00 XYZ');
  expect(formatMoney({ amount: '5', currencyCode: 'dollars' })).toBe('5.00 DOLLARS');
  expect(formatMoney({ amount: '5', currencyCode: '' })).toBe('5.00');
});

test('an amount that is not a decimal is shown as given; a bad locale falls back to en-US', () => {
  expect(formatMoney({ amount: 'abc', currencyCode: 'USD' })).toBe('abc USD');
  expect(formatMoney({ amount: '10', currencyCode: 'USD' }, 'not a locale!')).toBe('$10.00');
});

test('isMoreThan compares amounts of one currency only', () => {
  expect(isMoreThan({ amount: '89.00', currencyCode: 'USD' }, { amount: '69.0', currencyCode: 'USD' })).toBe(
    true,
  );
  expect(isMoreThan({ amount: '69', currencyCode: 'USD' }, { amount: '69.00', currencyCode: 'USD' })).toBe(
    false,
  );
  expect(isMoreThan({ amount: '89', currencyCode: 'EUR' }, { amount: '69', currencyCode: 'USD' })).toBe(
    false,
  );
});
