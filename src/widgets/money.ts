/**
 * Money for display (§3: amounts are decimal strings with an ISO 4217 currency, never floats).
 * `formatMoney` is pure: the same money and locale give the same string on the server and in the
 * browser (formatters are cached per locale and currency, which changes nothing observable).
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
  const value = amount as Intl.StringNumericLiteral;
  if (isKnownCurrency(code)) {
    return formatter(locale, { style: 'currency', currency: code }).format(value);
  }
  const number = formatter(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
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
