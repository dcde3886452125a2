/**
 * Cart steps on lines: add (merging the same variant and attributes), update (quantity 0 removes),
 * remove, and the stock check every committed mutation runs. A step edits a draft cart and reports
 * userErrors (the mutation is then refused and the cart left unchanged) and warnings.
 */
import { randomUUID } from 'node:crypto';
import { inStock, shipsTo, type CatalogIndex, type IndexedVariant } from './catalog.ts';
import {
  MAX_LINE_QUANTITY,
  MAX_LINES,
  restrictedLines,
  shippingCountry,
  type Attribute,
  type CartLineRecord,
  type CartRecord,
} from './cart-model.ts';
import { intArg, isArgs, stringArg, type Args } from './connection.ts';
import { parseNumericGid } from './views.ts';

export type UserError = { field: string[] | null; message: string; code: string | null };
export type CartWarning = { code: string; message: string; target: string };

/** What a step reports. `advisories` are userErrors that do not stop the change (see README). */
export type StepResult = { userErrors: UserError[]; warnings: CartWarning[]; advisories?: UserError[] };

export type MutationEnv = {
  index: CatalogIndex;
  /** The request's @inContext country (ZZ and absent are null). */
  contextCountry: string | null;
  now: Date;
};

export const userError = (field: string[] | null, message: string, code: string | null): UserError => ({
  field,
  message,
  code,
});

/** The country lines are checked against: where the cart ships, else the request's context. */
export const checkCountry = (cart: CartRecord, env: MutationEnv) =>
  shippingCountry(cart) ?? env.contextCountry;

const variantName = ({ product, variant }: IndexedVariant) =>
  product.variants.length > 1 ? `${product.title} (${variant.title})` : product.title;

/** Looks the merchandise up and checks it can be sold to the country; an error otherwise. */
function checkMerchandise(
  merchandiseId: string,
  country: string | null,
  index: CatalogIndex,
  field: string[],
): { entry: IndexedVariant } | { error: UserError } {
  const entry = index.variantById.get(parseNumericGid(merchandiseId, 'ProductVariant') ?? -1);
  if (!entry) {
    return {
      error: userError(field, `The merchandise with id ${merchandiseId} does not exist.`, 'INVALID'),
    };
  }
  if (!inStock(entry.variant)) {
    return { error: userError(field, `${variantName(entry)} is sold out.`, 'MERCHANDISE_NOT_APPLICABLE') };
  }
  if (!shipsTo(entry.product, country)) {
    return {
      error: userError(
        field,
        `${variantName(entry)} is not available in ${country}: it cannot be shipped there.`,
        'MERCHANDISE_NOT_APPLICABLE',
      ),
    };
  }
  return { entry };
}

/** `attributes` of a line input: null when absent or null (keep), else the list. */
function attributesArg(input: Args): Attribute[] | null {
  if (!Array.isArray(input.attributes)) return null;
  return input.attributes.filter(isArgs).map((a) => ({
    key: String(a.key),
    value: typeof a.value === 'string' ? a.value : null,
  }));
}

const attributesKey = (attributes: Attribute[]) =>
  JSON.stringify([...attributes].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));

const sameLine = (line: CartLineRecord, variantId: number, attributes: Attribute[]) =>
  line.variantId === variantId && attributesKey(line.attributes) === attributesKey(attributes);

/** Finds a line by id; the `?cart=` part of the id is optional. */
export const findLine = (cart: CartRecord, id: string | null) =>
  id === null ? undefined : cart.lines.find((line) => line.id.split('?')[0] === id.split('?')[0]);

function quantityError(quantity: number, min: number, field: string[]): UserError | null {
  if (quantity < min) {
    return userError(field, `The quantity must be at least ${min}.`, 'INVALID');
  }
  if (quantity > MAX_LINE_QUANTITY) {
    return userError(field, `The quantity must be less than ${MAX_LINE_QUANTITY + 1}.`, 'LESS_THAN');
  }
  return null;
}

function unsupported(input: Args, field: string[]): UserError | null {
  if (input.sellingPlanId != null) {
    return userError(
      [...field, 'sellingPlanId'],
      'The local store sells no selling plans.',
      'SELLING_PLAN_NOT_APPLICABLE',
    );
  }
  if (input.parent != null) {
    return userError(
      [...field, 'parent'],
      'The local store does not nest cart lines.',
      'PARENT_LINE_NOT_FOUND',
    );
  }
  return null;
}

/** cartLinesAdd / cartCreate(input.lines). `prefix` is `['input']` inside cartCreate. */
export function addLines(
  cart: CartRecord,
  inputs: Args[],
  env: MutationEnv,
  prefix: string[] = [],
): StepResult {
  const userErrors: UserError[] = [];
  const country = checkCountry(cart, env);
  inputs.forEach((input, i) => {
    const field = [...prefix, 'lines', String(i)];
    const quantity = intArg(input, 'quantity') ?? 1;
    const merchandiseId = stringArg(input, 'merchandiseId') ?? '';
    const problem =
      unsupported(input, field) ??
      quantityError(quantity, 1, [...field, 'quantity']) ??
      (() => {
        const checked = checkMerchandise(merchandiseId, country, env.index, [...field, 'merchandiseId']);
        return 'error' in checked ? checked.error : null;
      })();
    if (problem) {
      userErrors.push(problem);
      return;
    }
    const variantId = parseNumericGid(merchandiseId, 'ProductVariant') ?? -1;
    const attributes = attributesArg(input) ?? [];
    const existing = cart.lines.find((line) => sameLine(line, variantId, attributes));
    if (existing) {
      if (existing.quantity + quantity > MAX_LINE_QUANTITY) {
        userErrors.push(
          userError(
            [...field, 'quantity'],
            `The quantity must be less than ${MAX_LINE_QUANTITY + 1}; the cart already holds ${existing.quantity}.`,
            'LESS_THAN',
          ),
        );
        return;
      }
      existing.quantity += quantity;
      return;
    }
    if (cart.lines.length >= MAX_LINES) {
      userErrors.push(userError(field, `A cart holds at most ${MAX_LINES} lines.`, 'CART_TOO_LARGE'));
      return;
    }
    cart.lines.push({
      id: `gid://shopify/CartLine/${randomUUID()}?cart=${cart.token}`,
      variantId,
      quantity,
      attributes,
    });
  });
  return { userErrors, warnings: [] };
}

/** cartLinesUpdate: quantity 0 removes the line; attributes null keep, [] clear. */
export function updateLines(cart: CartRecord, inputs: Args[], env: MutationEnv): StepResult {
  const userErrors: UserError[] = [];
  const country = checkCountry(cart, env);
  inputs.forEach((input, i) => {
    const field = ['lines', String(i)];
    const id = stringArg(input, 'id');
    const line = findLine(cart, id);
    if (!line) {
      userErrors.push(
        userError(
          [...field, 'id'],
          `The cart line with id ${id} does not exist.`,
          'INVALID_MERCHANDISE_LINE',
        ),
      );
      return;
    }
    const quantity = intArg(input, 'quantity');
    const merchandiseId = stringArg(input, 'merchandiseId');
    const problem =
      unsupported(input, field) ??
      (quantity === null ? null : quantityError(quantity, 0, [...field, 'quantity'])) ??
      (() => {
        if (merchandiseId === null) return null;
        const checked = checkMerchandise(merchandiseId, country, env.index, [...field, 'merchandiseId']);
        return 'error' in checked ? checked.error : null;
      })();
    if (problem) {
      userErrors.push(problem);
      return;
    }
    if (merchandiseId !== null) line.variantId = parseNumericGid(merchandiseId, 'ProductVariant') ?? -1;
    if (quantity !== null) line.quantity = quantity;
    line.attributes = attributesArg(input) ?? line.attributes;
  });
  cart.lines = cart.lines.filter((line) => line.quantity > 0);
  // A variant switch can make two lines alike: they merge, as an add would have.
  const merged: CartLineRecord[] = [];
  for (const line of cart.lines) {
    const twin = merged.find((other) => sameLine(other, line.variantId, line.attributes));
    if (twin) twin.quantity = Math.min(twin.quantity + line.quantity, MAX_LINE_QUANTITY);
    else merged.push(line);
  }
  cart.lines = merged;
  return { userErrors, warnings: [] };
}

/** cartLinesRemove. */
export function removeLines(cart: CartRecord, lineIds: string[]): StepResult {
  const userErrors: UserError[] = [];
  lineIds.forEach((id, i) => {
    const line = findLine(cart, id);
    if (!line) {
      userErrors.push(
        userError(
          ['lineIds', String(i)],
          `The cart line with id ${id} does not exist.`,
          'INVALID_MERCHANDISE_LINE',
        ),
      );
      return;
    }
    cart.lines = cart.lines.filter((other) => other !== line);
  });
  return { userErrors, warnings: [] };
}

/**
 * Stock problems of the lines, as warnings (reference C.5): a line over the stock is cut down to it
 * (MERCHANDISE_NOT_ENOUGH_STOCK); a sold-out or vanished variant's line goes (MERCHANDISE_OUT_OF_STOCK).
 */
export function enforceStock(cart: CartRecord, index: CatalogIndex): CartWarning[] {
  const warnings: CartWarning[] = [];
  cart.lines = cart.lines.filter((line) => {
    const entry = index.variantById.get(line.variantId);
    if (!entry || !inStock(entry.variant)) {
      const name = entry ? variantName(entry) : 'This item';
      warnings.push({
        code: 'MERCHANDISE_OUT_OF_STOCK',
        message: `${name} is out of stock.`,
        target: line.id,
      });
      return false;
    }
    const { stock } = entry.variant;
    if (stock !== null && line.quantity > stock) {
      line.quantity = stock;
      warnings.push({
        code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
        message: `Only ${stock} of ${variantName(entry)} ${stock === 1 ? 'is' : 'are'} available, so the cart holds ${stock}.`,
        target: line.id,
      });
    }
    return true;
  });
  return warnings;
}

/** Lines that cannot ship to where the cart now ships, as advisories on `field` (README: country). */
export function countryAdvisories(cart: CartRecord, env: MutationEnv, field: string[]): UserError[] {
  const country = checkCountry(cart, env);
  return restrictedLines(cart, env.index, country).map(({ product }) =>
    userError(
      field,
      `${product.title} is not available in ${country}: it cannot be shipped there. Remove it or choose another country.`,
      'MERCHANDISE_NOT_APPLICABLE',
    ),
  );
}
