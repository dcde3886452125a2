/**
 * A stored cart as the Storefront API's `Cart` object (plain object + methods, like `views.ts`),
 * priced on the fly. Without the cart's key in the id, personal data (email, phone, delivery
 * addresses) reads as empty, as the real API does for `buyerIdentity.email` (reference C.5).
 */
import {
  EMPTY_ADDRESS,
  cartGid,
  priceCart,
  shippingCountry,
  type AddressFields,
  type AppliedCode,
  type CartRecord,
  type DeliveryOptionQuote,
  type PricedLine,
  type SelectableAddressRecord,
} from './cart-model.ts';
import type { CatalogIndex } from './catalog.ts';
import { boolArg, connection, listArg, stringArg, type Args } from './connection.ts';
import { money, variantView, type ViewContext } from './views.ts';

export type CartViewEnv = {
  index: CatalogIndex;
  now: Date;
  /** Checkout URLs are `<checkoutBase>/<token>?key=<secret>`. */
  checkoutBase: string;
  imageOrigin: string;
  contextCountry: string | null;
  /** Whether the id asked with carried the cart's key. */
  authorized: boolean;
};

const attributeAccessors = (attributes: CartRecord['attributes']) => ({
  attributes,
  attribute: (args: Args) => attributes.find((a) => a.key === stringArg(args, 'key')) ?? null,
});

function formatted(address: AddressFields, args: Args) {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const area = [address.city, [address.provinceCode, address.zip].filter(Boolean).join(' ')].filter(Boolean);
  return [
    boolArg(args, 'withName') ? name : '',
    boolArg(args, 'withCompany') === false ? '' : (address.company ?? ''),
    address.address1 ?? '',
    address.address2 ?? '',
    area.join(', '),
    address.countryCode ?? '',
  ].filter((line) => line !== '');
}

const addressFieldsView = (address: AddressFields) => ({
  ...address,
  name: [address.firstName, address.lastName].filter(Boolean).join(' ') || null,
  formatted: (args: Args) => formatted(address, args),
  formattedArea: [address.city, address.provinceCode, address.countryCode].filter(Boolean).join(', ') || null,
  latitude: null,
  longitude: null,
});

const selectableAddressView = (record: SelectableAddressRecord) => ({
  id: record.id,
  selected: record.selected,
  oneTimeUse: record.oneTimeUse,
  address: { __typename: 'CartDeliveryAddress', ...addressFieldsView(record.address) },
});

function allocationView(code: AppliedCode, currency: string) {
  const discount = code.discount;
  return {
    __typename: 'CartCodeDiscountAllocation',
    code: code.code,
    discountedAmount: money(code.amountCents, currency),
    targetType: 'LINE_ITEM',
    discountApplication: {
      allocationMethod: 'ACROSS',
      targetSelection: 'ALL',
      targetType: 'LINE_ITEM',
      value:
        discount?.kind === 'percentage'
          ? { __typename: 'PricingPercentageValue', percentage: discount.value }
          : { __typename: 'MoneyV2', ...money(discount?.value ?? 0, currency) },
    },
  };
}

function lineView(line: PricedLine, ctx: ViewContext, currency: string) {
  const compareAt = line.variant.compareAtPriceCents;
  const unit = money(line.unitCents, currency);
  const compareAtUnit = compareAt != null ? money(compareAt, currency) : null;
  const subtotal = money(line.subtotalCents, currency);
  return {
    __typename: 'CartLine',
    id: line.record.id,
    quantity: line.record.quantity,
    merchandise: variantView(line.variant, line.product, ctx),
    cost: {
      amountPerQuantity: unit,
      compareAtAmountPerQuantity: compareAtUnit,
      subtotalAmount: subtotal,
      totalAmount: subtotal,
    },
    estimatedCost: {
      amount: unit,
      compareAtAmount: compareAtUnit,
      subtotalAmount: subtotal,
      totalAmount: subtotal,
    },
    discountAllocations: [],
    sellingPlanAllocation: null,
    instructions: { canRemove: true, canUpdateQuantity: true },
    parentRelationship: null,
    ...attributeAccessors(line.record.attributes),
  };
}

const optionView = (option: DeliveryOptionQuote, currency: string) => ({
  handle: option.handle,
  code: option.code,
  title: option.title,
  description: option.description,
  estimatedCost: money(option.costCents, currency),
  deliveryMethodType: 'SHIPPING',
});

// Long by design: one Storefront Cart object, field by field as the schema has it, over lines built once.
export function cartView(cart: CartRecord, env: CartViewEnv): Record<string, unknown> {
  const pricing = priceCart(cart, env.index, env.now);
  const currency = env.index.catalog.currencyCode;
  const m = (cents: number) => money(cents, currency);
  const ctx: ViewContext = {
    index: env.index,
    country: shippingCountry(cart) ?? env.contextCountry,
    imageOrigin: env.imageOrigin,
  };
  const lines = pricing.lines.map((line) => lineView(line, ctx, currency));
  const linesOf = (priced: PricedLine[]) =>
    lines.filter((view) => priced.some((p) => p.record.id === view.id));
  const subtotal = m(pricing.subtotalCents);
  const total = m(pricing.totalCents);
  const addresses = env.authorized ? cart.addresses : [];
  const quote = pricing.delivery;
  const groups = quote
    ? [
        {
          id: quote.groupId,
          groupType: 'ONE_TIME_PURCHASE',
          deliveryAddress: {
            id: `gid://shopify/MailingAddress/1?cart=${cart.token}`,
            ...addressFieldsView(
              env.authorized ? quote.address : { ...EMPTY_ADDRESS, countryCode: quote.address.countryCode },
            ),
            country: null,
            countryCodeV2: quote.address.countryCode,
            province: null,
          },
          deliveryOptions: quote.options.map((option) => optionView(option, currency)),
          selectedDeliveryOption: quote.selected ? optionView(quote.selected, currency) : null,
          cartLines: (args: Args) => connection(linesOf(quote.lines), args, (line) => line.id),
        },
      ]
    : [];
  return {
    __typename: 'Cart',
    id: cartGid(cart),
    checkoutUrl: `${env.checkoutBase}/${cart.token}?key=${cart.key}`,
    createdAt: cart.createdAt,
    updatedAt: cart.updatedAt,
    note: cart.note,
    ...attributeAccessors(cart.attributes),
    totalQuantity: pricing.lines.reduce((sum, line) => sum + line.record.quantity, 0),
    buyerIdentity: {
      countryCode: cart.buyerIdentity.countryCode,
      email: env.authorized ? cart.buyerIdentity.email : null,
      phone: env.authorized ? cart.buyerIdentity.phone : null,
      customer: null,
      preferences: null,
      purchasingCompany: null,
      deliveryAddressPreferences: [],
    },
    cost: {
      subtotalAmount: subtotal,
      totalAmount: total,
      // "Before taxes and discounts" (schema text); nothing here is a deferred payment.
      checkoutChargeAmount: subtotal,
      subtotalAmountEstimated: false,
      totalAmountEstimated: false,
      totalTaxAmount: null,
      totalDutyAmount: null,
      totalTaxAmountEstimated: false,
      totalDutyAmountEstimated: false,
    },
    estimatedCost: {
      subtotalAmount: subtotal,
      totalAmount: total,
      checkoutChargeAmount: subtotal,
      totalTaxAmount: null,
      totalDutyAmount: null,
    },
    lines: (args: Args) => connection(lines, args, (line) => line.id),
    discountCodes: pricing.codes.map((code) => ({ code: code.code, applicable: code.applicable })),
    discountAllocations: pricing.codes
      .filter((code) => code.applicable)
      .map((code) => allocationView(code, currency)),
    appliedGiftCards: [],
    delivery: {
      addresses: (args: Args) =>
        addresses.filter((a) => !boolArg(args, 'selected') || a.selected).map(selectableAddressView),
    },
    deliveryGroups: (args: Args) => connection(groups, args, (group) => group.id),
    metafield: () => null,
    metafields: (args: Args) => listArg(args, 'identifiers').map(() => null),
  };
}
