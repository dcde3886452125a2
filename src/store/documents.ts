/**
 * Every GraphQL document the site sends to the Storefront API (2026-04), as plain strings.
 * Each export is one complete document (operation + the fragments it uses, no others): a unit test
 * iterates this module's exports and validates each against the schema shipped in
 * `@shopify/hydrogen-react`, so a document added here cannot escape validation. Shared constants
 * live in constants.ts, not here, for that reason.
 *
 * Limits (spec §9): images first:5, variants first:50, lines first:50, deliveryGroups first:10;
 * `discountAllocations` is a plain list (no `first`): the mapper keeps 10.
 * `@inContext(country: $country)` prices products and carts for the buyer's country; `$country`
 * is nullable, so omitting it means the shop's default country.
 */
import {
  METAFIELD_NAMESPACE as NS,
  PRODUCT_METAFIELD_KEYS,
  STORE_LIMITS as L,
  VARIANT_UID_KEY,
} from './constants.ts';

// ---- fragments (module-private: a lone fragment is not a valid document) ----------------------

const MONEY = /* GraphQL */ `
  fragment MoneyFields on MoneyV2 {
    amount
    currencyCode
  }
`;

const IMAGE = /* GraphQL */ `
  fragment ImageFields on Image {
    url
    altText
    width
    height
  }
`;

const METAFIELD_IDENTIFIERS = PRODUCT_METAFIELD_KEYS.map(
  (key) => `{ namespace: "${NS}", key: "${key}" }`,
).join(', ');

const VARIANT = /* GraphQL */ `
  fragment VariantFields on ProductVariant {
    id
    title
    sku
    availableForSale
    requiresShipping
    price {
      ...MoneyFields
    }
    compareAtPrice {
      ...MoneyFields
    }
    selectedOptions {
      name
      value
    }
    uid: metafield(namespace: "${NS}", key: "${VARIANT_UID_KEY}") {
      value
    }
  }
`;

const PRODUCT = /* GraphQL */ `
  fragment ProductFields on Product {
    id
    handle
    title
    description
    productType
    tags
    availableForSale
    featuredImage {
      ...ImageFields
    }
    images(first: ${L.images}) {
      nodes {
        ...ImageFields
      }
    }
    variants(first: ${L.variants}) {
      nodes {
        ...VariantFields
      }
    }
    priceRange {
      minVariantPrice {
        ...MoneyFields
      }
    }
    metafields(identifiers: [${METAFIELD_IDENTIFIERS}]) {
      namespace
      key
      type
      value
    }
  }
  ${VARIANT}
  ${IMAGE}
  ${MONEY}
`;

const CART = /* GraphQL */ `
  fragment CartFields on Cart {
    id
    checkoutUrl
    totalQuantity
    buyerIdentity {
      countryCode
      email
      phone
      customer {
        id
        firstName
        lastName
      }
    }
    lines(first: ${L.lines}) {
      nodes {
        id
        quantity
        cost {
          totalAmount {
            ...MoneyFields
          }
        }
        merchandise {
          ... on ProductVariant {
            id
            title
            sku
            requiresShipping
            price {
              ...MoneyFields
            }
            compareAtPrice {
              ...MoneyFields
            }
            image {
              ...ImageFields
            }
            product {
              id
              handle
              title
              featuredImage {
                ...ImageFields
              }
            }
          }
        }
      }
    }
    discountCodes {
      code
      applicable
    }
    discountAllocations {
      discountedAmount {
        ...MoneyFields
      }
      ... on CartCodeDiscountAllocation {
        code
      }
    }
    cost {
      subtotalAmount {
        ...MoneyFields
      }
      totalAmount {
        ...MoneyFields
      }
      totalTaxAmount {
        ...MoneyFields
      }
    }
    delivery {
      addresses {
        id
        selected
        address {
          ... on CartDeliveryAddress {
            address1
            address2
            city
            provinceCode
            countryCode
            zip
            firstName
            lastName
          }
        }
      }
    }
    deliveryGroups(first: ${L.deliveryGroups}) {
      nodes {
        id
        deliveryOptions {
          handle
          code
          title
          description
          estimatedCost {
            ...MoneyFields
          }
        }
        selectedDeliveryOption {
          handle
        }
      }
    }
  }
  ${IMAGE}
  ${MONEY}
`;

// ---- queries ---------------------------------------------------------------------------------

/** One product by handle; `product` is null when there is none (or it is not published here). */
export const GET_PRODUCT_BY_HANDLE = /* GraphQL */ `
  query getProductByHandle($handle: String!, $country: CountryCode) @inContext(country: $country) {
    product(handle: $handle) {
      ...ProductFields
    }
  }
  ${PRODUCT}
`;

/** Products by id (at most 250 ids); unknown ids come back as null, other node types as `{__typename}`. */
export const GET_PRODUCTS = /* GraphQL */ `
  query getProducts($ids: [ID!]!, $country: CountryCode) @inContext(country: $country) {
    nodes(ids: $ids) {
      __typename
      ... on Product {
        ...ProductFields
      }
    }
  }
  ${PRODUCT}
`;

/** A page of products matching a search query (Shopify's product query syntax). */
export const SEARCH_PRODUCTS = /* GraphQL */ `
  query searchProducts($first: Int!, $after: String, $query: String, $country: CountryCode)
  @inContext(country: $country) {
    products(first: $first, after: $after, query: $query) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ProductFields
      }
    }
  }
  ${PRODUCT}
`;

/** A page of a collection's products (spec §7: getCollectionById(id, numProducts, cursor)). */
export const GET_COLLECTION_BY_ID = /* GraphQL */ `
  query getCollectionById($id: ID!, $numProducts: Int!, $cursor: String, $country: CountryCode)
  @inContext(country: $country) {
    collection(id: $id) {
      id
      handle
      title
      products(first: $numProducts, after: $cursor) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          ...ProductFields
        }
      }
    }
  }
  ${PRODUCT}
`;

/** The cart; null when it is gone (completed, expired, unknown). */
export const GET_CART = /* GraphQL */ `
  query getCart($cartId: ID!, $country: CountryCode) @inContext(country: $country) {
    cart(id: $cartId) {
      ...CartFields
    }
  }
  ${CART}
`;

// ---- cart mutations: each selects the cart, userErrors and warnings ---------------------------

/**
 * One cart mutation document: the mutation's own variables and arguments, plus what every cart
 * mutation selects (the cart, userErrors and warnings) in the buyer's country.
 */
function cartMutation(name: string, variables: string, args: string): string {
  return /* GraphQL */ `
  mutation ${name}(${variables}, $country: CountryCode) @inContext(country: $country) {
    ${name}(${args}) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
      warnings {
        code
        message
        target
      }
    }
  }
  ${CART}
`;
}

export const CART_CREATE = cartMutation('cartCreate', '$input: CartInput!', 'input: $input');
export const CART_LINES_ADD = cartMutation(
  'cartLinesAdd',
  '$cartId: ID!, $lines: [CartLineInput!]!',
  'cartId: $cartId, lines: $lines',
);
export const CART_LINES_UPDATE = cartMutation(
  'cartLinesUpdate',
  '$cartId: ID!, $lines: [CartLineUpdateInput!]!',
  'cartId: $cartId, lines: $lines',
);
export const CART_LINES_REMOVE = cartMutation(
  'cartLinesRemove',
  '$cartId: ID!, $lineIds: [ID!]!',
  'cartId: $cartId, lineIds: $lineIds',
);
export const CART_DISCOUNT_CODES_UPDATE = cartMutation(
  'cartDiscountCodesUpdate',
  '$cartId: ID!, $discountCodes: [String!]!',
  'cartId: $cartId, discountCodes: $discountCodes',
);
export const CART_BUYER_IDENTITY_UPDATE = cartMutation(
  'cartBuyerIdentityUpdate',
  '$cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!',
  'cartId: $cartId, buyerIdentity: $buyerIdentity',
);
export const CART_DELIVERY_ADDRESSES_ADD = cartMutation(
  'cartDeliveryAddressesAdd',
  '$cartId: ID!, $addresses: [CartSelectableAddressInput!]!',
  'cartId: $cartId, addresses: $addresses',
);
export const CART_DELIVERY_ADDRESSES_UPDATE = cartMutation(
  'cartDeliveryAddressesUpdate',
  '$cartId: ID!, $addresses: [CartSelectableAddressUpdateInput!]!',
  'cartId: $cartId, addresses: $addresses',
);
export const CART_SELECTED_DELIVERY_OPTIONS_UPDATE = cartMutation(
  'cartSelectedDeliveryOptionsUpdate',
  '$cartId: ID!, $selectedDeliveryOptions: [CartSelectedDeliveryOptionInput!]!',
  'cartId: $cartId, selectedDeliveryOptions: $selectedDeliveryOptions',
);
