/**
 * The carts and orders of the local store: in memory, persisted to a JSON file after every change
 * (write a temporary file, then rename: a crash leaves the old or the new file, never half of one),
 * loaded again on start. Mutations of one cart run one after another (a promise queue per cart),
 * and stored records are never edited in place: a mutation edits a copy and swaps it in, so a
 * response keeps showing the cart as its mutation left it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readDataFile, serializeDataFile, type OrderRecord } from './cart-file.ts';
import type { CatalogIndex } from './catalog.ts';
import { enforceStock, type CartWarning, type StepResult, type UserError } from './cart-lines.ts';
import { parseCartGid, priceCart, restrictedLines, shippingCountry, type CartRecord } from './cart-model.ts';

export type MutationResult = { cart: CartRecord | null; userErrors: UserError[]; warnings: CartWarning[] };

export type CheckoutResult =
  | { ok: true; cart: CartRecord; order: OrderRecord }
  | { ok: false; reason: 'not-found' | 'empty' | 'not-shippable'; cart: CartRecord | null; message: string };

/** The userError every cart mutation gives for an unknown or completed cart or a wrong key (C.5). */
export const CART_NOT_FOUND: UserError = {
  code: 'INVALID',
  field: ['cartId'],
  message: 'The specified cart does not exist.',
};

export const FIRST_ORDER_NUMBER = 1001;

export type CartStoreOptions = {
  dataFile?: string;
  now: () => Date;
  index: () => CatalogIndex;
};

/** Creates the store, loading `dataFile` when it exists (a malformed file throws, naming it). */
// Long by design: the verbs share one cart map, order list, per-cart queue and coalescing writer.
export function createCartStore({ dataFile, now, index }: CartStoreOptions) {
  const carts = new Map<string, CartRecord>();
  const orders: OrderRecord[] = [];
  let nextOrderNumber = FIRST_ORDER_NUMBER;

  if (dataFile) {
    const saved = readDataFile(dataFile);
    for (const cart of saved?.carts ?? []) carts.set(cart.token, cart);
    orders.push(...(saved?.orders ?? []));
    nextOrderNumber = saved?.nextOrderNumber ?? nextOrderNumber;
  }

  // Per-cart queue: each task starts when the one before it on the same cart has settled.
  const queues = new Map<string, Promise<unknown>>();
  function exclusive<T>(token: string, task: () => T | Promise<T>): Promise<T> {
    const run = (queues.get(token) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => {});
    queues.set(token, tail);
    void tail.then(() => {
      if (queues.get(token) === tail) queues.delete(token);
    });
    return run;
  }

  // Writes coalesce: a change made while a write runs is covered by the one write queued after it.
  let writing: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let tempCounter = 0;
  const startWrite = (): Promise<void> => {
    if (!dataFile) return Promise.resolve();
    const snapshot = serializeDataFile({ nextOrderNumber, carts: [...carts.values()], orders });
    const temp = `${dataFile}.${process.pid}.${++tempCounter}.tmp`;
    const write = (async () => {
      await mkdir(path.dirname(dataFile), { recursive: true });
      await writeFile(temp, snapshot);
      await rename(temp, dataFile);
    })().finally(() => {
      if (writing === write) writing = null;
    });
    writing = write;
    return write;
  };
  const persist = (): Promise<void> => {
    if (queued) return queued;
    if (!writing) return startWrite();
    queued = writing
      .catch(() => {})
      .then(() => {
        queued = null;
        return startWrite();
      });
    return queued;
  };

  /** An open cart by token and key; completed carts and wrong keys are null. */
  const open = (token: string, key: string) => {
    const cart = carts.get(token);
    return cart && cart.completedAt === null && cart.key === key ? cart : null;
  };

  return {
    /** A new cart, or userErrors and no cart when `build` refuses. */
    async create(build: (draft: CartRecord) => StepResult): Promise<MutationResult> {
      const at = now().toISOString();
      const draft: CartRecord = {
        token: randomBytes(16).toString('hex'),
        key: randomBytes(16).toString('hex'),
        createdAt: at,
        updatedAt: at,
        completedAt: null,
        orderNumber: null,
        note: null,
        attributes: [],
        buyerIdentity: { countryCode: null, email: null, phone: null },
        lines: [],
        discountCodes: [],
        addresses: [],
        selectedDeliveryOption: null,
      };
      const step = build(draft);
      if (step.userErrors.length > 0) return { cart: null, userErrors: step.userErrors, warnings: [] };
      const warnings = [...step.warnings, ...enforceStock(draft, index())];
      carts.set(draft.token, draft);
      await persist();
      return { cart: draft, userErrors: step.advisories ?? [], warnings };
    },

    /** Applies `step` to a copy of the cart; commits it unless it reported userErrors. */
    async mutate(cartId: string, step: (draft: CartRecord) => StepResult): Promise<MutationResult> {
      const ref = parseCartGid(cartId);
      if (!ref) return { cart: null, userErrors: [CART_NOT_FOUND], warnings: [] };
      const result = await exclusive(ref.token, () => {
        const current = open(ref.token, ref.key);
        if (!current) return { cart: null, userErrors: [CART_NOT_FOUND], warnings: [], changed: false };
        const draft = structuredClone(current);
        const outcome = step(draft);
        if (outcome.userErrors.length > 0) {
          return { cart: current, userErrors: outcome.userErrors, warnings: [], changed: false };
        }
        const warnings = [...outcome.warnings, ...enforceStock(draft, index())];
        draft.updatedAt = now().toISOString();
        carts.set(draft.token, draft);
        return { cart: draft, userErrors: outcome.advisories ?? [], warnings, changed: true };
      });
      if (result.changed) await persist();
      return { cart: result.cart, userErrors: result.userErrors, warnings: result.warnings };
    },

    /** For `cart(id)`: the open cart and whether the id carried its key; null when gone. */
    read(cartId: string): { cart: CartRecord; authorized: boolean } | null {
      const ref = parseCartGid(cartId);
      const cart = ref ? carts.get(ref.token) : undefined;
      if (!ref || !cart || cart.completedAt !== null) return null;
      return { cart, authorized: cart.key === ref.key };
    },

    /** Any cart (completed too) by token and key, for the checkout page. */
    find(token: string, key: string): CartRecord | null {
      const cart = carts.get(token);
      return cart && cart.key === key ? cart : null;
    },

    order(number: number | null): OrderRecord | null {
      return orders.find((order) => order.number === number) ?? null;
    },

    /** Places the order: the cart is completed (gone for the API). Placing it again returns the order. */
    async checkout(token: string, key: string): Promise<CheckoutResult> {
      const result = await exclusive(token, (): CheckoutResult & { changed?: boolean } => {
        const cart = carts.get(token);
        if (!cart || cart.key !== key) {
          return { ok: false, reason: 'not-found', cart: null, message: 'This checkout does not exist.' };
        }
        const placed =
          cart.completedAt !== null ? orders.find((o) => o.number === cart.orderNumber) : undefined;
        if (placed) return { ok: true, cart, order: placed };
        const catalog = index();
        const pricing = priceCart(cart, catalog, now());
        if (pricing.lines.length === 0)
          return { ok: false, reason: 'empty', cart, message: 'Your cart is empty.' };
        const blocked = restrictedLines(cart, catalog, shippingCountry(cart));
        if (blocked.length > 0) {
          const names = blocked.map((b) => b.product.title).join(', ');
          return {
            ok: false,
            reason: 'not-shippable',
            cart,
            message: `${names} cannot be shipped to ${shippingCountry(cart)}. Remove it from your cart to check out.`,
          };
        }
        const order: OrderRecord = {
          number: nextOrderNumber++,
          cartToken: token,
          placedAt: now().toISOString(),
          currencyCode: catalog.catalog.currencyCode,
          email: cart.buyerIdentity.email,
          lines: pricing.lines.map((line) => ({
            title: line.product.title,
            variantTitle: line.variant.title,
            quantity: line.record.quantity,
            unitCents: line.unitCents,
            subtotalCents: line.subtotalCents,
          })),
          subtotalCents: pricing.subtotalCents,
          discountCodes: pricing.codes.filter((c) => c.applicable).map((c) => c.code),
          discountCents: pricing.discountCents,
          shippingTitle: pricing.delivery?.selected?.title ?? null,
          shippingCents: pricing.delivery?.selected?.costCents ?? 0,
          totalCents: pricing.totalCents,
        };
        const completed: CartRecord = {
          ...structuredClone(cart),
          completedAt: order.placedAt,
          orderNumber: order.number,
          updatedAt: order.placedAt,
        };
        orders.push(order);
        carts.set(token, completed);
        return { ok: true, cart: completed, order, changed: true };
      });
      if (result.changed) await persist();
      const { changed: _changed, ...answer } = result;
      return answer;
    },

    /** Resolves once everything changed so far is on disk. */
    flush: (): Promise<void> => (writing || queued ? persist() : Promise.resolve()),
    orders,
    carts,
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
