/**
 * zod schemas of the Storefront API responses to the documents in documents.ts (2026-04).
 * Only `src/store` imports this file. Objects are not strict: extra fields are dropped, so the API
 * (or the local stand-in) may send more than we asked for. A response that fails these schemas is a
 * StoreUnavailableError of kind `malformed`, never a crash further in.
 */
import * as z from 'zod';

/** `Decimal` is a string on the wire; a number is accepted and written as a string. */
const decimal = z.union([
  z.string().regex(/^-?\d+(?:\.\d+)?$/, 'expected a decimal string'),
  z.number().refine(Number.isFinite, 'expected a finite number').transform(String),
]);

export const moneySchema = z.object({ amount: decimal, currencyCode: z.string().min(1) });
export type WireMoney = z.infer<typeof moneySchema>;

export const imageSchema = z.object({
  url: z.string().min(1),
  altText: z.string().nullish(),
  width: z.number().int().nonnegative().nullish(),
  height: z.number().int().nonnegative().nullish(),
});
export type WireImage = z.infer<typeof imageSchema>;

const pageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() });

export const variantSchema = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullish(),
  availableForSale: z.boolean(),
  requiresShipping: z.boolean(),
  price: moneySchema,
  compareAtPrice: moneySchema.nullish(),
  selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
  /** Alias of `metafield(namespace:"custom", key:"uid")`. */
  uid: z.object({ value: z.string() }).nullish(),
});
export type WireVariant = z.infer<typeof variantSchema>;

/** `metafields(identifiers:)` answers one entry per identifier, null where the metafield is not set. */
export const metafieldSchema = z.object({
  namespace: z.string().optional(),
  key: z.string(),
  type: z.string().optional(),
  value: z.string(),
});
export type WireMetafield = z.infer<typeof metafieldSchema>;

export const productSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  description: z.string().default(''),
  productType: z.string().default(''),
  tags: z.array(z.string()).default([]),
  availableForSale: z.boolean(),
  featuredImage: imageSchema.nullish(),
  images: z.object({ nodes: z.array(imageSchema) }),
  variants: z.object({ nodes: z.array(variantSchema) }),
  priceRange: z.object({ minVariantPrice: moneySchema }).nullish(),
  metafields: z.array(metafieldSchema.nullable()).default([]),
});
export type WireProduct = z.infer<typeof productSchema>;

const productConnectionSchema = z.object({
  pageInfo: pageInfoSchema,
  nodes: z.array(productSchema),
});
export type WireProductConnection = z.infer<typeof productConnectionSchema>;

// ---- query responses (`data`) ----------------------------------------------------------------

export const productByHandleData = z.object({ product: productSchema.nullable() });

/** `nodes(ids:)`: null for unknown ids; a non-product node carries only its `__typename`. */
export const productsByIdsData = z.object({
  nodes: z.array(
    z
      .union([
        productSchema.extend({ __typename: z.literal('Product') }),
        z.object({ __typename: z.string().refine((t) => t !== 'Product', 'Product without its fields') }),
      ])
      .nullable(),
  ),
});

export const searchProductsData = z.object({ products: productConnectionSchema });

export const collectionData = z.object({
  collection: z
    .object({
      id: z.string(),
      handle: z.string().optional(),
      title: z.string().optional(),
      products: productConnectionSchema,
    })
    .nullable(),
});

// ---- cart ------------------------------------------------------------------------------------

const lineImageSchema = imageSchema.nullish();

export const cartLineSchema = z.object({
  id: z.string(),
  quantity: z.number().int().nonnegative(),
  cost: z.object({ totalAmount: moneySchema }),
  merchandise: z.object({
    id: z.string(),
    title: z.string(),
    sku: z.string().nullish(),
    requiresShipping: z.boolean(),
    price: moneySchema,
    compareAtPrice: moneySchema.nullish(),
    image: lineImageSchema,
    product: z.object({
      id: z.string(),
      handle: z.string(),
      title: z.string(),
      featuredImage: lineImageSchema,
    }),
  }),
});
export type WireCartLine = z.infer<typeof cartLineSchema>;

const deliveryAddressSchema = z.object({
  id: z.string(),
  selected: z.boolean(),
  /** The `CartAddress` union (one member today: CartDeliveryAddress); an unknown member is `{}`. */
  address: z.object({
    address1: z.string().nullish(),
    address2: z.string().nullish(),
    city: z.string().nullish(),
    provinceCode: z.string().nullish(),
    countryCode: z.string().nullish(),
    zip: z.string().nullish(),
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
  }),
});

const deliveryOptionSchema = z.object({
  handle: z.string(),
  code: z.string().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  estimatedCost: moneySchema,
});

export const cartSchema = z.object({
  id: z.string().min(1),
  checkoutUrl: z.string(),
  totalQuantity: z.number().int().nonnegative(),
  buyerIdentity: z.object({
    countryCode: z.string().nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
    customer: z
      .object({ id: z.string(), firstName: z.string().nullish(), lastName: z.string().nullish() })
      .nullish(),
  }),
  lines: z.object({ nodes: z.array(cartLineSchema) }),
  discountCodes: z.array(z.object({ code: z.string(), applicable: z.boolean() })).default([]),
  discountAllocations: z
    .array(z.object({ discountedAmount: moneySchema, code: z.string().nullish() }))
    .default([]),
  cost: z.object({
    subtotalAmount: moneySchema,
    totalAmount: moneySchema,
    totalTaxAmount: moneySchema.nullish(),
  }),
  delivery: z.object({ addresses: z.array(deliveryAddressSchema) }).nullish(),
  deliveryGroups: z
    .object({
      nodes: z.array(
        z.object({
          id: z.string(),
          deliveryOptions: z.array(deliveryOptionSchema),
          selectedDeliveryOption: z.object({ handle: z.string() }).nullish(),
        }),
      ),
    })
    .nullish(),
});
export type WireCart = z.infer<typeof cartSchema>;

export const cartData = z.object({ cart: cartSchema.nullable() });

export const userErrorSchema = z.object({
  field: z
    .array(z.string())
    .nullish()
    .transform((f) => f ?? null),
  message: z.string(),
  code: z
    .string()
    .nullish()
    .transform((c) => c ?? null),
});
export type WireUserError = z.infer<typeof userErrorSchema>;

export const warningSchema = z.object({ code: z.string(), message: z.string(), target: z.string() });
export type WireWarning = z.infer<typeof warningSchema>;

/** Every cart mutation payload: `{cart, userErrors, warnings}`. */
export const cartPayloadSchema = z.object({
  cart: cartSchema.nullable(),
  userErrors: z.array(userErrorSchema),
  warnings: z.array(warningSchema).default([]),
});
export type WireCartPayload = z.infer<typeof cartPayloadSchema>;

/** `data` of a cart mutation: `{[mutationField]: payload}`. */
export const cartMutationData = <K extends string>(field: K) =>
  z.object({ [field]: cartPayloadSchema } as { [P in K]: typeof cartPayloadSchema });

// ---- the response envelope -------------------------------------------------------------------

export const graphQLErrorSchema = z.object({
  message: z.string().catch('(no message)'),
  path: z
    .array(z.union([z.string(), z.number()]))
    .nullish()
    .catch(null),
  extensions: z
    .object({ code: z.string().nullish().catch(null) })
    .nullish()
    .catch(null),
});

/** The JSON body of an HTTP 200 answer. */
export const envelopeSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z.array(graphQLErrorSchema).nullish(),
});
