/**
 * The store verbs: products and collections for product blocks, the cart for the cart function.
 * Each verb validates its input (zod; StoreInputError), sends one document from documents.ts,
 * validates the answer (zod; a malformed one is StoreUnavailableError `malformed`) and maps it to
 * the domain types of types.ts. Cart mutations resolve with a CartResult: business refusals are
 * `userErrors`/`warnings` mapped by errors.ts, never exceptions.
 *
 * Create one API per buyer country (`createStoreApi` is cheap): `country` goes into every document
 * as `@inContext(country:)` and into new carts as `buyerIdentity.countryCode`. A mutation that sets
 * the cart's country itself (`cartCreate`/`cartBuyerIdentityUpdate` with `countryCode`) is sent in
 * that country instead, so the context and the cart never disagree.
 *
 * Cart ids are secrets (`?key=`): never log them. An id that cannot be a cart id (a tampered
 * cookie) is treated as an unknown cart: `cart()` gives null and mutations answer CART_NOT_FOUND,
 * as the API itself does for an unknown cart, without a request.
 */
import * as z from 'zod';
import type { StoreClient } from './client.ts';
import { issuesOf } from './client.ts';
import { STORE_LIMITS } from './constants.ts';
import { isCountryCode } from '../shared/country-codes.ts';
import * as doc from './documents.ts';
import { CART_NOT_FOUND, StoreInputError, StoreUnavailableError } from './errors.ts';
import { toCart, toCartResult, toProduct, toProductPage } from './map.ts';
import type { Cart, CartResult, Product, ProductPage } from './types.ts';
import {
  cartData,
  cartMutationData,
  collectionData,
  productByHandleData,
  productsByIdsData,
  searchProductsData,
} from './wire.ts';

// ---- inputs ----------------------------------------------------------------------------------

export type AttributeInput = { key: string; value: string };

export type CartLineAddInput = {
  /** A ProductVariant gid (or its numeric id). */
  merchandiseId: string;
  /** Default 1. */
  quantity?: number;
  attributes?: AttributeInput[];
};

export type CartLineUpdateInput = {
  /** The cart line id. */
  id: string;
  /** At least 1: remove a line with `cartLinesRemove` (whether 0 removes is not documented). */
  quantity: number;
  merchandiseId?: string;
  attributes?: AttributeInput[];
};

export type BuyerIdentityInput = {
  countryCode?: string;
  email?: string;
  phone?: string;
  customerAccessToken?: string;
};

export type DeliveryAddressInput = {
  address1?: string;
  address2?: string;
  city?: string;
  company?: string;
  countryCode?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  provinceCode?: string;
  zip?: string;
};

export type AddressValidation = 'COUNTRY_CODE_ONLY' | 'STRICT';

export type DeliveryAddressAddInput = {
  address: DeliveryAddressInput;
  selected?: boolean;
  oneTimeUse?: boolean;
  validationStrategy?: AddressValidation;
};

export type DeliveryAddressUpdateInput = {
  /** The selectable address id (`Cart.delivery.addresses[].id`). */
  id: string;
  address?: DeliveryAddressInput;
  selected?: boolean;
  oneTimeUse?: boolean;
  validationStrategy?: AddressValidation;
};

export type SelectedDeliveryOptionInput = { deliveryGroupId: string; deliveryOptionHandle: string };

export type CartCreateInput = {
  lines?: CartLineAddInput[];
  /** `countryCode` defaults to the API's country. */
  buyerIdentity?: BuyerIdentityInput;
  discountCodes?: string[];
  note?: string;
  deliveryAddresses?: DeliveryAddressAddInput[];
};

export type PageQuery = {
  /** Products per page: default 20, at most STORE_LIMITS.productsPerPage (50). */
  first?: number;
  /** `endCursor` of the previous page. */
  after?: string | null;
};

export type StoreApi = {
  /** The buyer country every document is sent in (`@inContext`), or null for the shop's default. */
  readonly country: string | null;
  /** One product by handle; null when there is none (or the handle cannot be one). */
  product(handle: string): Promise<Product | null>;
  /** Products by id (gid or numeric), in the order asked; unknown ids are left out. */
  products(ids: string[]): Promise<Product[]>;
  /** A page of products matching a Shopify product search query (all products without one). */
  searchProducts(query?: PageQuery & { query?: string }): Promise<ProductPage>;
  /** A page of a collection's products (gid or numeric id); null when the collection does not exist. */
  collection(id: string, page?: PageQuery): Promise<ProductPage | null>;
  /** The cart; null when it does not exist any more (or the id cannot be a cart id). */
  cart(id: string): Promise<Cart | null>;
  cartCreate(input?: CartCreateInput): Promise<CartResult>;
  cartLinesAdd(cartId: string, lines: CartLineAddInput[]): Promise<CartResult>;
  cartLinesUpdate(cartId: string, lines: CartLineUpdateInput[]): Promise<CartResult>;
  cartLinesRemove(cartId: string, lineIds: string[]): Promise<CartResult>;
  /** Replaces the cart's codes (an empty list removes them all). */
  cartDiscountCodesUpdate(cartId: string, discountCodes: string[]): Promise<CartResult>;
  cartBuyerIdentityUpdate(cartId: string, buyerIdentity: BuyerIdentityInput): Promise<CartResult>;
  cartDeliveryAddressesAdd(cartId: string, addresses: DeliveryAddressAddInput[]): Promise<CartResult>;
  cartDeliveryAddressesUpdate(cartId: string, addresses: DeliveryAddressUpdateInput[]): Promise<CartResult>;
  cartSelectedDeliveryOptionsUpdate(
    cartId: string,
    options: SelectedDeliveryOptionInput[],
  ): Promise<CartResult>;
};

export type StoreApiOptions = {
  client: StoreClient;
  /** ISO 3166-1 alpha-2 code (upper case) of the buyer's country. */
  country?: string | null;
};

export const DEFAULT_PAGE_SIZE = 20;

// ---- input schemas ---------------------------------------------------------------------------

const countrySchema = z
  .string()
  .refine(isCountryCode, 'must be an upper-case country code the Storefront API knows (CountryCode)');
const idText = z.string().trim().min(1).max(500).regex(/^\S+$/, 'must not contain spaces');
const CART_ID = /^gid:\/\/shopify\/Cart\/[^\s/?#]+(?:\?[^\s#]*)?$/;
const HANDLE = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,254}$/u;

/** A gid of `type`, or its numeric id turned into one. */
const gidOf = (type: string) =>
  z
    .string()
    .trim()
    .transform((id) => (/^\d+$/.test(id) ? `gid://shopify/${type}/${id}` : id))
    .pipe(
      z
        .string()
        .max(500)
        .regex(new RegExp(`^gid://shopify/${type}/[^\\s/]+$`), `must be a ${type} gid or a numeric id`),
    );

const text = (max: number) => z.string().max(max);
const attributes = z.array(z.object({ key: text(255).min(1), value: text(1000) })).max(250);
const quantity = z.number().int().min(1).max(STORE_LIMITS.quantity);

const lineAddSchema = z.object({
  merchandiseId: gidOf('ProductVariant'),
  quantity: quantity.default(1),
  attributes: attributes.optional(),
});
const linesAddSchema = z.array(lineAddSchema).min(1).max(STORE_LIMITS.lines);

const lineUpdateSchema = z.object({
  id: idText,
  quantity,
  merchandiseId: gidOf('ProductVariant').optional(),
  attributes: attributes.optional(),
});

const buyerIdentitySchema = z.object({
  countryCode: countrySchema.optional(),
  email: z.email().max(254).optional(),
  phone: text(30).optional(),
  customerAccessToken: text(1000).min(1).optional(),
});

const addressSchema = z.object({
  address1: text(255).optional(),
  address2: text(255).optional(),
  city: text(255).optional(),
  company: text(255).optional(),
  countryCode: countrySchema.optional(),
  firstName: text(255).optional(),
  lastName: text(255).optional(),
  phone: text(30).optional(),
  provinceCode: text(10).optional(),
  zip: text(30).optional(),
});

const validationStrategy = z.enum(['COUNTRY_CODE_ONLY', 'STRICT']);

/** Our flat address → the API's `CartSelectableAddressInput` (`address.deliveryAddress`). */
const addressAddSchema = z
  .object({
    address: addressSchema,
    selected: z.boolean().optional(),
    oneTimeUse: z.boolean().optional(),
    validationStrategy: validationStrategy.optional(),
  })
  .transform(({ address, ...rest }) => ({ ...rest, address: { deliveryAddress: address } }));
const addressesAddSchema = z.array(addressAddSchema).min(1).max(STORE_LIMITS.deliveryAddresses);

const addressUpdateSchema = z
  .object({
    id: idText,
    address: addressSchema.optional(),
    selected: z.boolean().optional(),
    oneTimeUse: z.boolean().optional(),
    validationStrategy: validationStrategy.optional(),
  })
  .transform(({ address, ...rest }) => (address ? { ...rest, address: { deliveryAddress: address } } : rest));

const discountCodesSchema = z
  .array(z.string().trim().min(1).max(255))
  .max(STORE_LIMITS.discountCodes)
  // Codes are case-insensitive: keep the first spelling of each.
  .transform((codes) =>
    codes.filter((c, i) => codes.findIndex((o) => o.toUpperCase() === c.toUpperCase()) === i),
  );

const cartCreateSchema = z.object({
  lines: z.array(lineAddSchema).max(STORE_LIMITS.lines).optional(),
  buyerIdentity: buyerIdentitySchema.optional(),
  discountCodes: discountCodesSchema.optional(),
  note: text(5000).optional(),
  deliveryAddresses: z.array(addressAddSchema).max(STORE_LIMITS.deliveryAddresses).optional(),
});

const pageSchema = z.object({
  first: z.number().int().min(1).max(STORE_LIMITS.productsPerPage).default(DEFAULT_PAGE_SIZE),
  after: z.string().min(1).max(1000).nullish(),
  query: text(1000).optional(),
});

function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new StoreInputError(
    `Invalid ${what}`,
    parsed.error.issues.map((i) => `${i.path.join('.') || '(value)'}: ${i.message}`),
    { cause: parsed.error },
  );
}

/** The CartResult of a cart id that cannot exist: what the API answers for an unknown cart. */
function cartNotFound(): CartResult {
  return {
    cart: null,
    userErrors: [
      {
        field: ['cartId'],
        message: 'The specified cart does not exist.',
        code: CART_NOT_FOUND,
        apiCode: null,
      },
    ],
    warnings: [],
  };
}

// ---- the API ---------------------------------------------------------------------------------

// Long by design: every StoreApi verb closes over one client, country, query and mutate; each verb is short.
export function createStoreApi(opts: StoreApiOptions): StoreApi {
  const { client } = opts;
  const country = opts.country == null ? null : parseInput(countrySchema, opts.country, 'country');

  async function query<S extends z.ZodType>(
    document: string,
    variables: Record<string, unknown>,
    schema: S,
    operation: string,
    contextCountry: string | null = country,
  ): Promise<z.output<S>> {
    const inContext = contextCountry ? { country: contextCountry } : {};
    const data = await client.request(document, { ...variables, ...inContext });
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new StoreUnavailableError('malformed', `${operation}: ${issuesOf(parsed.error)}`, 200, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /**
   * Sends one cart mutation. `buyerCountry` is a country the mutation itself sets on the cart: it
   * becomes the `@inContext` country of that request (so the two never disagree) and a country
   * the error mapping looks for.
   */
  async function mutate(
    field: string,
    document: string,
    cartId: string | null,
    variables: Record<string, unknown>,
    buyerCountry?: string,
  ): Promise<CartResult> {
    if (cartId !== null && !CART_ID.test(cartId)) return cartNotFound();
    const contextCountry = buyerCountry ?? country;
    const data = await query(
      document,
      cartId === null ? variables : { cartId, ...variables },
      cartMutationData(field),
      field,
      contextCountry,
    );
    const payload = data[field];
    if (!payload) throw new StoreUnavailableError('malformed', `${field}: no payload`, 200);
    return toCartResult(payload, { countries: [contextCountry, country] });
  }

  return {
    country,

    async product(handle) {
      if (typeof handle !== 'string' || !HANDLE.test(handle)) return null;
      const data = await query(
        doc.GET_PRODUCT_BY_HANDLE,
        { handle },
        productByHandleData,
        'getProductByHandle',
      );
      return data.product ? toProduct(data.product) : null;
    },

    async products(ids) {
      const gids = parseInput(z.array(gidOf('Product')).max(STORE_LIMITS.productIds), ids, 'product ids');
      if (gids.length === 0) return [];
      const unique = [...new Set(gids)];
      const data = await query(doc.GET_PRODUCTS, { ids: unique }, productsByIdsData, 'getProducts');
      const byId = new Map<string, Product>();
      for (const node of data.nodes) {
        if (node && 'handle' in node) byId.set(node.id, toProduct(node));
      }
      return unique.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
    },

    async searchProducts(page = {}) {
      const { first, after, query: search } = parseInput(pageSchema, page, 'product search');
      const data = await query(
        doc.SEARCH_PRODUCTS,
        { first, after: after ?? null, query: search ?? null },
        searchProductsData,
        'searchProducts',
      );
      return toProductPage(data.products);
    },

    async collection(id, page = {}) {
      const gid = parseInput(gidOf('Collection'), id, 'collection id');
      const { first, after } = parseInput(pageSchema, page, 'collection page');
      const data = await query(
        doc.GET_COLLECTION_BY_ID,
        { id: gid, numProducts: first, cursor: after ?? null },
        collectionData,
        'getCollectionById',
      );
      return data.collection ? toProductPage(data.collection.products) : null;
    },

    async cart(id) {
      if (typeof id !== 'string' || !CART_ID.test(id)) return null;
      const data = await query(doc.GET_CART, { cartId: id }, cartData, 'getCart');
      return data.cart ? toCart(data.cart) : null;
    },

    async cartCreate(input = {}) {
      const { deliveryAddresses, buyerIdentity, ...rest } = parseInput(cartCreateSchema, input, 'cart');
      const identity = { ...(country ? { countryCode: country } : {}), ...buyerIdentity };
      return mutate(
        'cartCreate',
        doc.CART_CREATE,
        null,
        {
          input: {
            ...rest,
            ...(Object.keys(identity).length ? { buyerIdentity: identity } : {}),
            ...(deliveryAddresses?.length ? { delivery: { addresses: deliveryAddresses } } : {}),
          },
        },
        identity.countryCode,
      );
    },

    async cartLinesAdd(cartId, lines) {
      const checked = parseInput(linesAddSchema, lines, 'cart lines');
      return mutate('cartLinesAdd', doc.CART_LINES_ADD, cartId, { lines: checked });
    },

    async cartLinesUpdate(cartId, lines) {
      const schema = z.array(lineUpdateSchema).min(1).max(STORE_LIMITS.lines);
      const checked = parseInput(schema, lines, 'cart line updates');
      return mutate('cartLinesUpdate', doc.CART_LINES_UPDATE, cartId, { lines: checked });
    },

    async cartLinesRemove(cartId, lineIds) {
      const checked = parseInput(z.array(idText).min(1).max(STORE_LIMITS.lines), lineIds, 'cart line ids');
      return mutate('cartLinesRemove', doc.CART_LINES_REMOVE, cartId, { lineIds: checked });
    },

    async cartDiscountCodesUpdate(cartId, discountCodes) {
      const checked = parseInput(discountCodesSchema, discountCodes, 'discount codes');
      return mutate('cartDiscountCodesUpdate', doc.CART_DISCOUNT_CODES_UPDATE, cartId, {
        discountCodes: checked,
      });
    },

    async cartBuyerIdentityUpdate(cartId, buyerIdentity) {
      const checked = parseInput(buyerIdentitySchema, buyerIdentity, 'buyer identity');
      return mutate(
        'cartBuyerIdentityUpdate',
        doc.CART_BUYER_IDENTITY_UPDATE,
        cartId,
        { buyerIdentity: checked },
        checked.countryCode,
      );
    },

    async cartDeliveryAddressesAdd(cartId, addresses) {
      const checked = parseInput(addressesAddSchema, addresses, 'delivery addresses');
      return mutate('cartDeliveryAddressesAdd', doc.CART_DELIVERY_ADDRESSES_ADD, cartId, {
        addresses: checked,
      });
    },

    async cartDeliveryAddressesUpdate(cartId, addresses) {
      const schema = z.array(addressUpdateSchema).min(1).max(STORE_LIMITS.deliveryAddresses);
      const checked = parseInput(schema, addresses, 'delivery address updates');
      return mutate('cartDeliveryAddressesUpdate', doc.CART_DELIVERY_ADDRESSES_UPDATE, cartId, {
        addresses: checked,
      });
    },

    async cartSelectedDeliveryOptionsUpdate(cartId, options) {
      const schema = z
        .array(z.object({ deliveryGroupId: idText, deliveryOptionHandle: text(500).min(1) }))
        .min(1)
        .max(STORE_LIMITS.deliveryGroups);
      const checked = parseInput(schema, options, 'delivery options');
      return mutate('cartSelectedDeliveryOptionsUpdate', doc.CART_SELECTED_DELIVERY_OPTIONS_UPDATE, cartId, {
        selectedDeliveryOptions: checked,
      });
    },
  };
}
