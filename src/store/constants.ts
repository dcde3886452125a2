/** Store query limits (spec §9) and the metafields of spec §3, shared by the documents and the mappers. */
import { CART_LIMITS } from '../shared/cart.ts';

export const STORE_LIMITS = {
  /** Product images per product. */
  images: 5,
  /** Variants per product. */
  variants: 50,
  /** Quantity of one cart line. */
  quantity: CART_LIMITS.maxQuantity,
  /** Lines per cart (and per lines mutation). */
  lines: CART_LIMITS.lines,
  /** Discount applications (allocations) per cart. */
  discountAllocations: 10,
  /** Delivery groups per cart. */
  deliveryGroups: 10,
  /** Products per page of a collection or product list (our choice: 50 products × 50 variants is already heavy). */
  productsPerPage: 50,
  /** Ids per `nodes(ids:)` call (the API's own cap is 250). */
  productIds: 250,
  /** Discount codes per cart (ours: as many as discount applications shown). */
  discountCodes: CART_LIMITS.discountCodes,
  /** Delivery addresses per cart (the API's own cap). */
  deliveryAddresses: CART_LIMITS.deliveryAddresses,
} as const;

/** Namespace of the product metafields of §3. */
export const METAFIELD_NAMESPACE = 'custom';

/** The product metafield keys of §3, in the order the documents ask for them. */
export const PRODUCT_METAFIELD_KEYS = [
  'subscription_id',
  'trial_days',
  'coupon',
  'membership_gid',
  'monthly_price',
  'product_filter',
  'short_description',
] as const;
export type ProductMetafieldKey = (typeof PRODUCT_METAFIELD_KEYS)[number];

/** The variant metafield key of §3 (`custom.uid`). */
export const VARIANT_UID_KEY = 'uid';
