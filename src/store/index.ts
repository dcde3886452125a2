/**
 * Public surface of the store layer (Storefront API): the client, the verbs, typed errors and the
 * domain types. Browser code imports `src/store/types` directly, never this file.
 */
export type * from './types.ts';
export {
  createStoreApi,
  DEFAULT_PAGE_SIZE,
  type AddressValidation,
  type AttributeInput,
  type BuyerIdentityInput,
  type CartCreateInput,
  type CartLineAddInput,
  type CartLineUpdateInput,
  type DeliveryAddressAddInput,
  type DeliveryAddressInput,
  type DeliveryAddressUpdateInput,
  type PageQuery,
  type SelectedDeliveryOptionInput,
  type StoreApi,
  type StoreApiOptions,
} from './api.ts';
export {
  createStoreClient,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  type StoreClient,
  type StoreClientOptions,
  type StoreRequestOptions,
} from './client.ts';
export { STORE_LIMITS, PRODUCT_METAFIELD_KEYS } from './constants.ts';
export {
  CART_NOT_FOUND,
  INVALID_FOR_COUNTRY,
  PRODUCT_NOT_AVAILABLE,
  StoreError,
  StoreGraphQLError,
  StoreInputError,
  StoreUnavailableError,
  type StoreGraphQLIssue,
  type StoreUnavailableKind,
} from './errors.ts';
