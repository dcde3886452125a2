/**
 * What the local store keeps of a cart (persisted as JSON) and how it is priced: line subtotals,
 * discount codes, delivery options and the total. Money is in integer cents throughout.
 */
import {
  shipsTo,
  type CatalogDiscount,
  type CatalogIndex,
  type CatalogProduct,
  type CatalogVariant,
} from './catalog.ts';

export type Attribute = { key: string; value: string | null };

export type AddressFields = {
  address1: string | null;
  address2: string | null;
  city: string | null;
  company: string | null;
  countryCode: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  provinceCode: string | null;
  zip: string | null;
};

export type CartLineRecord = { id: string; variantId: number; quantity: number; attributes: Attribute[] };

export type SelectableAddressRecord = {
  id: string;
  selected: boolean;
  oneTimeUse: boolean;
  address: AddressFields;
};

export type CartRecord = {
  token: string;
  /** The secret after `?key=` in the cart id and checkout URL. */
  key: string;
  createdAt: string;
  updatedAt: string;
  /** Set when the local checkout placed the order; the cart is gone for the API from then on. */
  completedAt: string | null;
  orderNumber: number | null;
  note: string | null;
  attributes: Attribute[];
  buyerIdentity: { countryCode: string | null; email: string | null; phone: string | null };
  lines: CartLineRecord[];
  /** As the buyer typed them (deduplicated case-insensitively). */
  discountCodes: string[];
  addresses: SelectableAddressRecord[];
  /** Handle of the chosen delivery option; applies while the cart has a delivery group offering it. */
  selectedDeliveryOption: string | null;
};

/** Lines per cart (the site reads `lines(first: 50)`). */
export const MAX_LINES = 50;
/** Quantity of one line. */
export const MAX_LINE_QUANTITY = 99;
export const MAX_DELIVERY_ADDRESSES = 20;
/** Standard delivery is free within the US from this subtotal (cents, before discounts). */
export const FREE_STANDARD_SHIPPING_CENTS = 10_000;
export const DOMESTIC_COUNTRIES = ['US'];

export type PricedLine = {
  record: CartLineRecord;
  variant: CatalogVariant;
  product: CatalogProduct;
  unitCents: number;
  subtotalCents: number;
};

export type DiscountWarningCode =
  | 'DISCOUNT_NOT_FOUND'
  | 'DISCOUNT_CURRENTLY_INACTIVE'
  | 'DISCOUNT_NO_ENTITLED_LINE_ITEMS'
  | 'DISCOUNT_PURCHASE_NOT_IN_RANGE';

export type AppliedCode = {
  code: string;
  applicable: boolean;
  discount: CatalogDiscount | null;
  amountCents: number;
  /** Why it does not apply. */
  problem: { code: DiscountWarningCode; message: string } | null;
};

export type DeliveryOptionQuote = {
  handle: string;
  code: string;
  title: string;
  description: string;
  costCents: number;
};

export type DeliveryQuote = {
  groupId: string;
  /** The selected address, or only the buyer's country when there is none. */
  address: AddressFields;
  addressId: string | null;
  options: DeliveryOptionQuote[];
  selected: DeliveryOptionQuote | null;
  lines: PricedLine[];
};

export type CartPricing = {
  lines: PricedLine[];
  subtotalCents: number;
  codes: AppliedCode[];
  discountCents: number;
  delivery: DeliveryQuote | null;
  totalCents: number;
  shippingCountry: string | null;
};

export const EMPTY_ADDRESS: AddressFields = {
  address1: null,
  address2: null,
  city: null,
  company: null,
  countryCode: null,
  firstName: null,
  lastName: null,
  phone: null,
  provinceCode: null,
  zip: null,
};

export const selectedAddress = (cart: CartRecord) => cart.addresses.find((a) => a.selected) ?? null;

/** Where the cart ships: the selected delivery address's country, else the buyer's country. */
export function shippingCountry(cart: CartRecord): string | null {
  return selectedAddress(cart)?.address.countryCode ?? cart.buyerIdentity.countryCode;
}

/** Lines whose merchandise cannot be shipped to `country`. */
export function restrictedLines(cart: CartRecord, index: CatalogIndex, country: string | null) {
  return cart.lines.flatMap((line) => {
    const entry = index.variantById.get(line.variantId);
    return entry && !shipsTo(entry.product, country) ? [{ line, product: entry.product }] : [];
  });
}

/** Evaluates the codes in order against the subtotal; together they never exceed it. */
export function evaluateCodes(codes: string[], subtotalCents: number, index: CatalogIndex, now: Date) {
  let remaining = subtotalCents;
  return codes.map((code): AppliedCode => {
    const discount = index.discountByCode.get(code.trim().toUpperCase()) ?? null;
    const refuse = (problem: AppliedCode['problem']): AppliedCode => ({
      code,
      applicable: false,
      discount,
      amountCents: 0,
      problem,
    });
    if (!discount)
      return refuse({ code: 'DISCOUNT_NOT_FOUND', message: `Discount code ${code} was not found.` });
    const time = now.getTime();
    if (
      (discount.startsAt && time < Date.parse(discount.startsAt)) ||
      (discount.endsAt && time >= Date.parse(discount.endsAt))
    ) {
      return refuse({ code: 'DISCOUNT_CURRENTLY_INACTIVE', message: `Discount code ${code} is not active.` });
    }
    if (subtotalCents === 0) {
      return refuse({
        code: 'DISCOUNT_NO_ENTITLED_LINE_ITEMS',
        message: `Discount code ${code} needs items in the cart.`,
      });
    }
    if (discount.minimumSubtotalCents && subtotalCents < discount.minimumSubtotalCents) {
      return refuse({
        code: 'DISCOUNT_PURCHASE_NOT_IN_RANGE',
        message: `Discount code ${code} needs a subtotal of at least ${discount.minimumSubtotalCents / 100}.`,
      });
    }
    const wanted =
      discount.kind === 'percentage' ? Math.round((subtotalCents * discount.value) / 100) : discount.value;
    const amountCents = Math.min(wanted, remaining);
    remaining -= amountCents;
    return { code, applicable: true, discount, amountCents, problem: null };
  });
}

/** Standard and express, domestic or international; standard is free at home over the threshold. */
export function deliveryOptions(country: string, subtotalCents: number): DeliveryOptionQuote[] {
  const domestic = DOMESTIC_COUNTRIES.includes(country);
  const freeStandard = domestic && subtotalCents >= FREE_STANDARD_SHIPPING_CENTS;
  return [
    {
      handle: 'standard',
      code: 'STANDARD',
      title: 'Standard',
      description: domestic
        ? `5–7 business days${freeStandard ? ', free over $100' : ''}`
        : '7–14 business days, international',
      costCents: domestic ? (freeStandard ? 0 : 700) : 1500,
    },
    {
      handle: 'express',
      code: 'EXPRESS',
      title: 'Express',
      description: domestic ? '1–2 business days' : '3–5 business days, international',
      costCents: domestic ? 1900 : 3500,
    },
  ];
}

/** Prices the cart: subtotal − discounts + the selected delivery option (no tax, no duties). */
export function priceCart(cart: CartRecord, index: CatalogIndex, now: Date): CartPricing {
  const lines = cart.lines.flatMap((record): PricedLine[] => {
    const entry = index.variantById.get(record.variantId);
    if (!entry) return [];
    const unitCents = entry.variant.priceCents;
    return [{ record, ...entry, unitCents, subtotalCents: unitCents * record.quantity }];
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
  const codes = evaluateCodes(cart.discountCodes, subtotalCents, index, now);
  const discountCents = codes.reduce((sum, code) => sum + code.amountCents, 0);
  const country = shippingCountry(cart);
  const shipped = lines.filter((line) => line.variant.requiresShipping);
  let delivery: DeliveryQuote | null = null;
  if (country && shipped.length > 0) {
    const options = deliveryOptions(country, subtotalCents);
    const address = selectedAddress(cart);
    delivery = {
      groupId: `gid://shopify/CartDeliveryGroup/1?cart=${cart.token}`,
      address: address?.address ?? { ...EMPTY_ADDRESS, countryCode: country },
      addressId: address?.id ?? null,
      options,
      selected: options.find((o) => o.handle === cart.selectedDeliveryOption) ?? null,
      lines: shipped,
    };
  }
  const shippingCents = delivery?.selected?.costCents ?? 0;
  return {
    lines,
    subtotalCents,
    codes,
    discountCents,
    delivery,
    totalCents: subtotalCents - discountCents + shippingCents,
    shippingCountry: country,
  };
}

/** The cart's API id: `gid://shopify/Cart/<token>?key=<secret>`. */
export const cartGid = (cart: CartRecord) => `gid://shopify/Cart/${cart.token}?key=${cart.key}`;

/** Token and key of a cart id; null when it is not a cart gid. A missing key is an empty string. */
export function parseCartGid(id: string): { token: string; key: string } | null {
  const match = /^gid:\/\/shopify\/Cart\/([A-Za-z0-9_-]{1,100})(?:\?(.*))?$/.exec(id);
  if (!match?.[1]) return null;
  return { token: match[1], key: new URLSearchParams(match[2] ?? '').get('key') ?? '' };
}
