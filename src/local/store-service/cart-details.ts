/**
 * Cart steps besides lines and addresses: discount codes, buyer identity, delivery option
 * selection, note and attributes. Same contract as `cart-lines.ts`: edit the draft, report
 * userErrors (refused, cart unchanged), warnings and advisories (reported, change kept).
 */
import { evaluateCodes, priceCart, type CartRecord } from './cart-model.ts';
import {
  countryAdvisories,
  userError,
  type MutationEnv,
  type StepResult,
  type UserError,
} from './cart-lines.ts';
import { listArg, stringArg, type Args } from './connection.ts';

export const MAX_DISCOUNT_CODES = 10;
export const MAX_NOTE_LENGTH = 5000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{1,14}$/;

/** cartDiscountCodesUpdate: replaces the list; codes that do not apply come with a DISCOUNT_* warning. */
export function setDiscountCodes(
  cart: CartRecord,
  codes: string[],
  env: MutationEnv,
  target: string,
  field: string[] = ['discountCodes'],
): StepResult {
  const seen = new Set<string>();
  const unique = codes
    .map((code) => code.trim())
    .filter((code) => code !== '' && !seen.has(code.toUpperCase()) && seen.add(code.toUpperCase()));
  if (unique.length > MAX_DISCOUNT_CODES) {
    return {
      userErrors: [userError(field, `A cart takes at most ${MAX_DISCOUNT_CODES} discount codes.`, 'INVALID')],
      warnings: [],
    };
  }
  cart.discountCodes = unique;
  const { subtotalCents } = priceCart(cart, env.index, env.now);
  const warnings = evaluateCodes(unique, subtotalCents, env.index, env.now).flatMap((applied) =>
    applied.problem ? [{ ...applied.problem, target }] : [],
  );
  return { userErrors: [], warnings };
}

/** cartBuyerIdentityUpdate / cartCreate(input.buyerIdentity): fields present replace, absent keep. */
export function updateBuyerIdentity(
  cart: CartRecord,
  input: Args,
  env: MutationEnv,
  prefix: string[] = ['buyerIdentity'],
): StepResult {
  const userErrors: UserError[] = [];
  const identity = { ...cart.buyerIdentity };
  if ('email' in input) {
    const email = stringArg(input, 'email');
    if (email !== null && !EMAIL.test(email))
      userErrors.push(userError([...prefix, 'email'], 'Email is invalid.', 'INVALID'));
    identity.email = email;
  }
  if ('phone' in input) {
    const phone = stringArg(input, 'phone');
    if (phone !== null && !E164.test(phone)) {
      userErrors.push(
        userError([...prefix, 'phone'], 'Phone is invalid: use E.164, like +16135551111.', 'INVALID'),
      );
    }
    identity.phone = phone;
  }
  if ('countryCode' in input) {
    const country = stringArg(input, 'countryCode');
    identity.countryCode = country === 'ZZ' ? null : country;
  }
  if (input.customerAccessToken != null) {
    userErrors.push(
      userError([...prefix, 'customerAccessToken'], 'The local store has no customer accounts.', 'INVALID'),
    );
  }
  if (input.companyLocationId != null) {
    userErrors.push(
      userError(
        [...prefix, 'companyLocationId'],
        'The local store has no companies.',
        'INVALID_COMPANY_LOCATION',
      ),
    );
  }
  cart.buyerIdentity = identity;
  return { userErrors, warnings: [], advisories: countryAdvisories(cart, env, [...prefix, 'countryCode']) };
}

/** cartSelectedDeliveryOptionsUpdate: the group must exist and offer the handle. */
export function selectDeliveryOptions(cart: CartRecord, inputs: Args[], env: MutationEnv): StepResult {
  const userErrors: UserError[] = [];
  const { delivery } = priceCart(cart, env.index, env.now);
  inputs.forEach((input, i) => {
    const field = ['selectedDeliveryOptions', String(i)];
    const groupId = stringArg(input, 'deliveryGroupId');
    const handle = stringArg(input, 'deliveryOptionHandle');
    if (!delivery || delivery.groupId !== groupId) {
      userErrors.push(
        userError(
          [...field, 'deliveryGroupId'],
          `The delivery group with id ${groupId} does not exist.`,
          'INVALID_DELIVERY_GROUP',
        ),
      );
    } else if (!delivery.options.some((option) => option.handle === handle)) {
      userErrors.push(
        userError(
          [...field, 'deliveryOptionHandle'],
          `The delivery option ${handle} is not offered.`,
          'INVALID_DELIVERY_OPTION',
        ),
      );
    } else {
      cart.selectedDeliveryOption = handle;
    }
  });
  return { userErrors, warnings: [] };
}

/** cartNoteUpdate / cartCreate(input.note). */
export function updateNote(cart: CartRecord, note: string | null, field: string[] = ['note']): StepResult {
  if (note !== null && note.length > MAX_NOTE_LENGTH) {
    return {
      userErrors: [
        userError(field, `The note is longer than ${MAX_NOTE_LENGTH} characters.`, 'NOTE_TOO_LONG'),
      ],
      warnings: [],
    };
  }
  cart.note = note;
  return { userErrors: [], warnings: [] };
}

/** cartAttributesUpdate: merged by key (a key given again replaces its value). */
export function updateAttributes(cart: CartRecord, args: Args, name = 'attributes'): StepResult {
  for (const attribute of listArg(args, name)) {
    const key = String(attribute.key);
    const value = typeof attribute.value === 'string' ? attribute.value : null;
    const existing = cart.attributes.find((a) => a.key === key);
    if (existing) existing.value = value;
    else cart.attributes.push({ key, value });
  }
  return { userErrors: [], warnings: [] };
}
