import { describe, expect, test, vi } from 'vitest';
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

describe('en-US, written by hand', () => {
  const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK', 'MXN'];
  const MORE = ['BRL', 'INR', 'HKD', 'SGD'];
  /** Decimal strings: edges by hand, then a seeded spread of sizes, signs and fraction lengths. */
  const AMOUNTS = ((): string[] => {
    const list = [
      '0',
      '0.0',
      '-0',
      '-0.001',
      '0.005',
      '0.004',
      '0.995',
      '9.995',
      '99.5',
      '999.995',
      '1000',
      '1234.5',
      '-1234.5',
      '007.50',
      '0000',
      '1.005',
      '2.675',
      '1.45',
      '-1.45',
      '12345678901234567.89',
      '999999999999.999',
      '0.0000001',
      '100000',
      '1000000.499',
    ];
    let seed = 20261129;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 600; i++) {
      const whole = String(Math.floor(next() * 10 ** Math.floor(next() * 10)));
      const places = Math.floor(next() * 6);
      const fraction = Array.from({ length: places }, () => Math.floor(next() * 10)).join('');
      list.push(`${next() < 0.2 ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`);
    }
    return list;
  })();

  test.each([...CURRENCIES, ...MORE])('%s: the strings Intl.NumberFormat writes', (currencyCode) => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode });
    for (const amount of AMOUNTS)
      expect(formatMoney({ amount, currencyCode }), amount).toBe(
        intl.format(amount as Intl.StringNumericLiteral),
      );
  });

  test('a code it does not know: the number as Intl writes it, then the code', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const amount of AMOUNTS)
      expect(formatMoney({ amount, currencyCode: 'XYZ' }), amount).toBe(
        `${intl.format(amount as Intl.StringNumericLiteral)} XYZ`,
      );
  });

  test('creates no Intl.NumberFormat (the first one loads ICU data: tens of ms in a browser)', async () => {
    // A fresh copy of the module: the formatters the tests above created are not cached in it.
    vi.resetModules();
    const fresh = await import('../../../src/widgets/money.ts');
    const Original = Intl.NumberFormat;
    let created = 0;
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        created += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      for (const currencyCode of [...CURRENCIES, ...MORE, 'XYZ', ''])
        fresh.formatMoney({ amount: '1234.565', currencyCode });
      expect(created).toBe(0);
      // Another locale still goes through Intl.
      expect(fresh.formatMoney({ amount: '1', currencyCode: 'EUR' }, 'fr-CA')).toBe('1,00\u00a0€');
      expect(created).toBe(1);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
