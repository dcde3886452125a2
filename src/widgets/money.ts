/**
 * Money for display (§3: amounts are decimal strings with an ISO 4217 currency, never floats).
 * `formatMoney` is pure: the same money and locale give the same string on the server and in the
 * browser (formatters are cached per locale and currency, which changes nothing observable).
 *
 * The site's own locale, en-US, is written by hand for the currencies in EN_US_CURRENCIES (and for
 * the plain number shown with a code it does not know): the very strings
 * `Intl.NumberFormat('en-US', …)` writes (tests/unit/widgets/money.test.ts compares them). The
 * first `Intl.NumberFormat` a page creates loads ICU's number data: 27–37 ms in Chromium here at
 * full speed, in one task, when a product card hydrates (issue 15; dates are written by hand for
 * the same reason, src/app/format.ts). Other locales and currencies still go through Intl.
 */
import type { Money } from '../shared/types.ts';

export const DEFAULT_MONEY_LOCALE = 'en-US';

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const CURRENCY_CODE = /^[A-Z]{3}$/;

let knownCurrencies: ReadonlySet<string> | null | undefined;

/** The currencies the runtime knows (null when it cannot list them: then every well-formed code is known). */
function currencies(): ReadonlySet<string> | null {
  if (knownCurrencies === undefined) {
    knownCurrencies =
      typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null;
  }
  return knownCurrencies;
}

/** Whether `code` is an ISO 4217 currency the runtime can format with its symbol and digits. */
export function isKnownCurrency(code: string): boolean {
  if (!CURRENCY_CODE.test(code)) return false;
  const known = currencies();
  return known === null || known.has(code);
}

/**
 * What en-US writes before the amount, and the currency's minor digits. `Intl` separates a code
 * from the amount with a no-break space.
 */
const EN_US_CURRENCIES: Readonly<Record<string, { prefix: string; digits: number }>> = {
  USD: { prefix: '$', digits: 2 },
  EUR: { prefix: '€', digits: 2 },
  GBP: { prefix: '£', digits: 2 },
  CAD: { prefix: 'CA$', digits: 2 },
  AUD: { prefix: 'A$', digits: 2 },
  NZD: { prefix: 'NZ$', digits: 2 },
  JPY: { prefix: '¥', digits: 0 },
  CHF: { prefix: 'CHF\u00a0', digits: 2 },
  SEK: { prefix: 'SEK\u00a0', digits: 2 },
  NOK: { prefix: 'NOK\u00a0', digits: 2 },
  DKK: { prefix: 'DKK\u00a0', digits: 2 },
  MXN: { prefix: 'MX$', digits: 2 },
  BRL: { prefix: 'R$', digits: 2 },
  INR: { prefix: '₹', digits: 2 },
  HKD: { prefix: 'HK$', digits: 2 },
  SGD: { prefix: 'SGD\u00a0', digits: 2 },
};

/**
 * A decimal string (DECIMAL) as en-US writes it with `digits` fraction digits: rounded half away
 * from zero on the string itself (Intl's `halfExpand`), grouped by threes with commas, the minus
 * sign kept for any negative input ("-0.001" is "-0.00", as Intl writes it), `prefix` after it.
 */
function formatEnUs(amount: string, digits: number, prefix: string): string {
  const negative = amount.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  let kept = whole + fraction.padEnd(digits, '0').slice(0, digits);
  // Add one in the last kept place, carrying leftwards ("9.995" → "10.00"; leading zeros stay).
  if ((fraction[digits] ?? '0') >= '5') kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
  const integer = kept.slice(0, kept.length - digits).replace(/^0+(?=\d)/, '') || '0';
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ',');
  const decimals = digits > 0 ? `.${kept.slice(kept.length - digits)}` : '';
  return `${negative ? '-' : ''}${prefix}${grouped}${decimals}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    try {
      cached = new Intl.NumberFormat(locale, options);
    } catch {
      // A malformed locale tag: format in the default locale rather than fail the page.
      cached = new Intl.NumberFormat(DEFAULT_MONEY_LOCALE, options);
    }
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * "$69.00", "€1,234.50" (en-US), "1.234,50 €" (de-DE). Whole amounts keep the currency's minor
 * digits ("$69.00"; yen has none: "¥1,200"). The amount string is formatted exactly (no float
 * rounding). A currency the runtime does not know falls back to the number and the code
 * ("12.50 XYZ"); an amount that is not a decimal is shown as given ("abc XYZ").
 */
export function formatMoney(money: Money, locale: string = DEFAULT_MONEY_LOCALE): string {
  const amount = money.amount.trim();
  const code = money.currencyCode.trim().toUpperCase();
  if (!DECIMAL.test(amount)) return `${money.amount} ${code}`.trim();
  const enUs = locale === DEFAULT_MONEY_LOCALE;
  const byHand = enUs ? EN_US_CURRENCIES[code] : undefined;
  if (byHand) return formatEnUs(amount, byHand.digits, byHand.prefix);
  const value = amount as Intl.StringNumericLiteral;
  if (isKnownCurrency(code)) {
    return formatter(locale, { style: 'currency', currency: code }).format(value);
  }
  const number = enUs
    ? formatEnUs(amount, 2, '')
    : formatter(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return code ? `${number} ${code}` : number;
}

/** The amount as a number, for comparisons only (never for arithmetic on prices shown). */
export function moneyValue(money: Money): number {
  return Number(money.amount);
}

/** Whether `a` is more than `b` (false across different currencies). */
export function isMoreThan(a: Money, b: Money): boolean {
  return a.currencyCode === b.currencyCode && moneyValue(a) > moneyValue(b);
}
