/**
 * The root value for one request: QueryRoot fields (product, products, collection, collections,
 * node, nodes, cart, shop) and the cart mutations. Root fields the store does not serve are
 * refused by the field resolver in `schema.ts` with a GraphQL error naming them.
 */
import { addAddresses, removeAddresses, updateAddresses } from './cart-addresses.ts';
import {
  selectDeliveryOptions,
  setDiscountCodes,
  updateAttributes,
  updateBuyerIdentity,
  updateNote,
} from './cart-details.ts';
import {
  addLines,
  removeLines,
  updateLines,
  userError,
  type MutationEnv,
  type StepResult,
} from './cart-lines.ts';
import { cartGid, type CartRecord } from './cart-model.ts';
import { cartView } from './cart-view.ts';
import type { CartStore, MutationResult } from './carts.ts';
import type { CatalogIndex } from './catalog.ts';
import { connection, isArgs, listArg, stringArg, type Args } from './connection.ts';
import { matchesQuery, sortProducts } from './product-search.ts';
import { collectionView, nodeById, parseNumericGid, productView, type ViewContext } from './views.ts';

export type RequestContext = {
  index: CatalogIndex;
  store: CartStore;
  now: Date;
  /** @inContext(country:) of the operation; ZZ and absent are null. */
  contextCountry: string | null;
  imageOrigin: string;
  checkoutBase: string;
  origin: string;
};

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Runs every step on the draft and gathers what they report. */
function steps(...run: (() => StepResult)[]): StepResult {
  const result: Required<StepResult> = { userErrors: [], warnings: [], advisories: [] };
  for (const step of run) {
    const { userErrors, warnings, advisories = [] } = step();
    result.userErrors.push(...userErrors);
    result.warnings.push(...warnings);
    result.advisories.push(...advisories);
  }
  return result;
}

// Long by design: one resolver per root field, all over one request's context, views and mutate.
export function createRoot(ctx: RequestContext): Record<string, unknown> {
  const { index, store } = ctx;
  const view: ViewContext = { index, country: ctx.contextCountry, imageOrigin: ctx.imageOrigin };
  const env: MutationEnv = { index, contextCountry: ctx.contextCountry, now: ctx.now };
  const showCart = (cart: CartRecord, authorized: boolean) =>
    cartView(cart, {
      index,
      now: ctx.now,
      checkoutBase: ctx.checkoutBase,
      imageOrigin: ctx.imageOrigin,
      contextCountry: ctx.contextCountry,
      authorized,
    });
  const payload = (result: MutationResult) => ({
    cart: result.cart ? showCart(result.cart, true) : null,
    userErrors: result.userErrors,
    warnings: result.warnings,
  });
  const mutate = async (args: Args, step: (draft: CartRecord) => StepResult) =>
    payload(await store.mutate(stringArg(args, 'cartId') ?? '', step));

  return {
    product: (args: Args) => {
      const id = stringArg(args, 'id');
      const handle = stringArg(args, 'handle');
      const product =
        id !== null
          ? index.productById.get(parseNumericGid(id, 'Product') ?? -1)
          : handle !== null
            ? index.productByHandle.get(handle)
            : undefined;
      return product ? productView(product, view) : null;
    },
    products: (args: Args) => {
      const query = stringArg(args, 'query');
      const matching = index.catalog.products.filter((p) => matchesQuery(p, query, ctx.contextCountry));
      const sorted = sortProducts(matching, stringArg(args, 'sortKey') ?? 'ID');
      return connection(
        sorted.map((p) => productView(p, view)),
        args,
        (p) => String(p.id),
        { filters: [] },
      );
    },
    collection: (args: Args) => {
      const id = stringArg(args, 'id');
      const handle = stringArg(args, 'handle');
      const collection =
        id !== null
          ? index.collectionById.get(parseNumericGid(id, 'Collection') ?? -1)
          : handle !== null
            ? index.collectionByHandle.get(handle)
            : undefined;
      return collection ? collectionView(collection, view) : null;
    },
    collections: (args: Args) => {
      const query = (stringArg(args, 'query') ?? '').replace(/^title:/i, '').toLowerCase();
      const all = index.catalog.collections.filter((c) => c.title.toLowerCase().includes(query));
      const sorted =
        stringArg(args, 'sortKey') === 'TITLE'
          ? [...all].sort((a, b) => a.title.localeCompare(b.title))
          : all;
      return connection(
        sorted.map((c) => collectionView(c, view)),
        args,
        (c) => String(c.id),
        { totalCount: String(all.length) },
      );
    },
    node: (args: Args) => nodeById(stringArg(args, 'id') ?? '', view),
    nodes: (args: Args) => stringList(args.ids).map((id) => nodeById(id, view)),
    cart: (args: Args) => {
      const found = store.read(stringArg(args, 'id') ?? '');
      return found ? showCart(found.cart, found.authorized) : null;
    },
    shop: {
      id: 'gid://shopify/Shop/1',
      name: index.catalog.shopName,
      description: null,
      moneyFormat: '${{amount}}',
      primaryDomain: {
        host: new URL(ctx.origin).host,
        url: ctx.origin,
        sslEnabled: ctx.origin.startsWith('https:'),
      },
      brand: null,
      metafield: () => null,
      metafields: (args: Args) => listArg(args, 'identifiers').map(() => null),
    },

    cartCreate: async (args: Args) => {
      const input = isArgs(args.input) ? args.input : {};
      const result = await store.create((draft) =>
        steps(
          () => {
            const identity = isArgs(input.buyerIdentity) ? input.buyerIdentity : {};
            const withCountry =
              'countryCode' in identity ? identity : { ...identity, countryCode: ctx.contextCountry };
            return updateBuyerIdentity(draft, withCountry, env, ['input', 'buyerIdentity']);
          },
          () =>
            addAddresses(draft, listArg(isArgs(input.delivery) ? input.delivery : {}, 'addresses'), env, [
              'input',
              'delivery',
              'addresses',
            ]),
          () => addLines(draft, listArg(input, 'lines'), env, ['input']),
          () =>
            setDiscountCodes(draft, stringList(input.discountCodes), env, cartGid(draft), [
              'input',
              'discountCodes',
            ]),
          () => updateNote(draft, stringArg(input, 'note'), ['input', 'note']),
          () => updateAttributes(draft, input),
          () => ({
            userErrors: [
              ...(stringList(input.giftCardCodes).length > 0
                ? [userError(['input', 'giftCardCodes'], 'The local store has no gift cards.', 'INVALID')]
                : []),
              ...(listArg(input, 'metafields').length > 0
                ? [
                    userError(
                      ['input', 'metafields'],
                      'The local store keeps no cart metafields.',
                      'INVALID_METAFIELDS',
                    ),
                  ]
                : []),
            ],
            warnings: [],
          }),
        ),
      );
      return payload(result);
    },
    cartLinesAdd: (args: Args) => mutate(args, (draft) => addLines(draft, listArg(args, 'lines'), env)),
    cartLinesUpdate: (args: Args) => mutate(args, (draft) => updateLines(draft, listArg(args, 'lines'), env)),
    cartLinesRemove: (args: Args) => mutate(args, (draft) => removeLines(draft, stringList(args.lineIds))),
    cartDiscountCodesUpdate: (args: Args) =>
      mutate(args, (draft) => setDiscountCodes(draft, stringList(args.discountCodes), env, cartGid(draft))),
    cartBuyerIdentityUpdate: (args: Args) =>
      mutate(args, (draft) =>
        updateBuyerIdentity(draft, isArgs(args.buyerIdentity) ? args.buyerIdentity : {}, env),
      ),
    cartDeliveryAddressesAdd: (args: Args) =>
      mutate(args, (draft) => addAddresses(draft, listArg(args, 'addresses'), env)),
    cartDeliveryAddressesUpdate: (args: Args) =>
      mutate(args, (draft) => updateAddresses(draft, listArg(args, 'addresses'), env)),
    cartDeliveryAddressesRemove: (args: Args) =>
      mutate(args, (draft) => removeAddresses(draft, stringList(args.addressIds), env)),
    cartDeliveryAddressesReplace: (args: Args) =>
      mutate(args, (draft) => {
        draft.addresses = [];
        return addAddresses(draft, listArg(args, 'addresses'), env);
      }),
    cartSelectedDeliveryOptionsUpdate: (args: Args) =>
      mutate(args, (draft) => selectDeliveryOptions(draft, listArg(args, 'selectedDeliveryOptions'), env)),
    cartNoteUpdate: (args: Args) => mutate(args, (draft) => updateNote(draft, stringArg(args, 'note'))),
    cartAttributesUpdate: (args: Args) => mutate(args, (draft) => updateAttributes(draft, args)),
  };
}
