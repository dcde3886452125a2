/**
 * Store domain types: what the site knows of products and carts, whatever the store backend's wire
 * format. `src/store` maps Storefront API responses to these (validated with zod); widgets, pages and
 * the cart function use only these.
 */
import type { Image, Money } from '../shared/types.ts';

export type { Money };

export type ProductVariant = {
  /** Storefront gid: gid://shopify/ProductVariant/… */
  id: string;
  title: string;
  sku: string | null;
  price: Money;
  compareAtPrice: Money | null;
  availableForSale: boolean;
  requiresShipping: boolean;
  /** The variant's `uid` metafield (§3), when set. */
  uid: string | null;
  selectedOptions: { name: string; value: string }[];
};

/** The product metafields of §3 (namespace `custom`). */
export type ProductMetafields = {
  subscriptionId: string | null;
  trialDays: number | null;
  coupon: string | null;
  membershipGid: string | null;
  monthlyPrice: Money | null;
  productFilter: string | null;
  shortDescription: string | null;
};

export type Product = {
  id: string;
  handle: string;
  title: string;
  description: string;
  productType: string;
  tags: string[];
  featuredImage: Image | null;
  /** At most 5 (§9). */
  images: Image[];
  /** At most 50 (§9). */
  variants: ProductVariant[];
  availableForSale: boolean;
  metafields: ProductMetafields;
};

export type ProductPage = { products: Product[]; hasNextPage: boolean; endCursor: string | null };

export type CartLine = {
  id: string;
  quantity: number;
  merchandise: {
    /** The variant id. */
    id: string;
    title: string;
    sku: string | null;
    price: Money;
    compareAtPrice: Money | null;
    productId: string;
    productTitle: string;
    productHandle: string;
    requiresShipping: boolean;
    image: Image | null;
  };
  cost: { totalAmount: Money };
};

export type DeliveryOption = {
  handle: string;
  code: string | null;
  title: string | null;
  description: string | null;
  estimatedCost: Money;
};

export type DeliveryGroup = {
  id: string;
  options: DeliveryOption[];
  selectedHandle: string | null;
};

export type DeliveryAddress = {
  id: string;
  selected: boolean;
  address1: string | null;
  address2: string | null;
  city: string | null;
  provinceCode: string | null;
  countryCode: string | null;
  zip: string | null;
  firstName: string | null;
  lastName: string | null;
};

export type Cart = {
  /** gid://shopify/Cart/<token>?key=<secret>: never sent to the browser (it lives in a cookie). */
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  /** At most 50 (§9). */
  lines: CartLine[];
  discountCodes: { code: string; applicable: boolean }[];
  /** At most 10 (§9). */
  discountAllocations: { amount: Money; code: string | null }[];
  cost: { subtotal: Money; total: Money; tax: Money | null };
  deliveryAddresses: DeliveryAddress[];
  /** At most 10 (§9). */
  deliveryGroups: DeliveryGroup[];
  buyerIdentity: {
    countryCode: string | null;
    email: string | null;
    phone: string | null;
    customer: { id: string; firstName: string | null; lastName: string | null } | null;
  };
};

/**
 * The product's own error codes (§4, §8): PRODUCT_NOT_AVAILABLE (unknown, sold-out or unpublished
 * merchandise) and INVALID_FOR_COUNTRY (not sold or shipped to the buyer's country), mapped from
 * what the Storefront API returns; other codes pass through as the API names them.
 */
export type StoreErrorCode =
  | 'PRODUCT_NOT_AVAILABLE'
  | 'INVALID_FOR_COUNTRY'
  /** `INVALID` on `["cartId"]`: the cart does not exist (gone, completed, or a wrong key). */
  | 'CART_NOT_FOUND'
  | (string & {});

export type StoreUserError = {
  field: string[] | null;
  message: string;
  code: StoreErrorCode | null;
  /** The Storefront API's own `CartErrorCode` behind `code` (always set by src/store). */
  apiCode?: string | null;
};
export type StoreWarning = {
  /** PRODUCT_NOT_AVAILABLE for the stock warnings, otherwise the API's `CartWarningCode`. */
  code: string;
  message: string;
  /** The cart line (or other object) the warning is about. */
  target: string;
  /** The Storefront API's own `CartWarningCode` behind `code` (always set by src/store). */
  apiCode?: string;
};

/** Every cart operation answers with the cart (null only when there is none) and what went wrong. */
export type CartResult = { cart: Cart | null; userErrors: StoreUserError[]; warnings: StoreWarning[] };
