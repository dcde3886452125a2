/**
 * Cart steps on delivery addresses: add (a duplicate is a warning), update, remove, with the
 * validation strategies of CartSelectableAddressInput. Same contract as `cart-lines.ts`.
 */
import { randomUUID } from 'node:crypto';
import { EMPTY_ADDRESS, MAX_DELIVERY_ADDRESSES, type AddressFields, type CartRecord } from './cart-model.ts';
import {
  countryAdvisories,
  userError,
  type MutationEnv,
  type StepResult,
  type UserError,
} from './cart-lines.ts';
import { boolArg, isArgs, stringArg, type Args } from './connection.ts';

const US_ZIP = /^\d{5}(-\d{4})?$/;
const ADDRESS_KEYS = Object.keys(EMPTY_ADDRESS) as (keyof AddressFields)[];

/** Reads a CartAddressInput into address fields, validated per the strategy. */
function readAddress(
  input: unknown,
  strategy: string,
  field: string[],
): { address: AddressFields; errors: UserError[] } {
  const errors: UserError[] = [];
  const address: AddressFields = { ...EMPTY_ADDRESS };
  if (!isArgs(input))
    return { address, errors: [userError(field, 'Address is required.', 'ADDRESS_FIELD_IS_REQUIRED')] };
  if (input.copyFromCustomerAddressId != null) {
    errors.push(
      userError(
        [...field, 'copyFromCustomerAddressId'],
        'The local store has no customer addresses.',
        'INVALID',
      ),
    );
    return { address, errors };
  }
  const delivery = input.deliveryAddress;
  const base = [...field, 'deliveryAddress'];
  if (!isArgs(delivery))
    return { address, errors: [userError(base, 'Address is required.', 'ADDRESS_FIELD_IS_REQUIRED')] };
  for (const key of ADDRESS_KEYS) {
    const value = stringArg(delivery, key)?.trim() ?? null;
    address[key] = value === '' ? null : value;
    if (value === null) continue;
    if (value.length > 255)
      errors.push(userError([...base, key], `${key} is too long.`, 'ADDRESS_FIELD_IS_TOO_LONG'));
    else if (/<[^>]*>/.test(value))
      errors.push(userError([...base, key], `${key} contains HTML.`, 'ADDRESS_FIELD_CONTAINS_HTML_TAGS'));
    else if (/https?:\/\/|www\./i.test(value))
      errors.push(userError([...base, key], `${key} contains a URL.`, 'ADDRESS_FIELD_CONTAINS_URL'));
  }
  if (address.countryCode === 'ZZ') address.countryCode = null;
  const required: (keyof AddressFields)[] =
    strategy === 'STRICT' ? ['countryCode', 'address1', 'city', 'zip'] : ['countryCode'];
  for (const key of required) {
    if (address[key] === null)
      errors.push(userError([...base, key], `${key} is required.`, 'ADDRESS_FIELD_IS_REQUIRED'));
  }
  if (
    strategy === 'STRICT' &&
    address.countryCode === 'US' &&
    address.zip !== null &&
    !US_ZIP.test(address.zip)
  ) {
    errors.push(
      userError(
        [...base, 'zip'],
        'Enter a valid ZIP code for the United States.',
        'INVALID_ZIP_CODE_FOR_COUNTRY',
      ),
    );
  }
  return { address, errors };
}

const sameAddress = (a: AddressFields, b: AddressFields) => ADDRESS_KEYS.every((key) => a[key] === b[key]);

function select(cart: CartRecord, id: string) {
  for (const address of cart.addresses) address.selected = address.id === id;
}

function tooManySelected(inputs: Args[], field: string[]): UserError[] {
  return inputs.filter((input) => boolArg(input, 'selected') === true).length > 1
    ? [
        userError(
          field,
          'Only one delivery address can be selected.',
          'ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED',
        ),
      ]
    : [];
}

/** cartDeliveryAddressesAdd / cartCreate(input.delivery.addresses). A duplicate is a warning, not a copy. */
export function addAddresses(
  cart: CartRecord,
  inputs: Args[],
  env: MutationEnv,
  prefix: string[] = ['addresses'],
): StepResult {
  const userErrors = tooManySelected(inputs, prefix);
  const warnings: StepResult['warnings'] = [];
  inputs.forEach((input, i) => {
    const field = [...prefix, String(i)];
    const { address, errors } = readAddress(
      input.address,
      stringArg(input, 'validationStrategy') ?? 'COUNTRY_CODE_ONLY',
      [...field, 'address'],
    );
    if (errors.length > 0) {
      userErrors.push(...errors);
      return;
    }
    const twin = cart.addresses.find((existing) => sameAddress(existing.address, address));
    if (twin) {
      warnings.push({
        code: 'DUPLICATE_DELIVERY_ADDRESS',
        message: 'This delivery address is already in the cart.',
        target: twin.id,
      });
      if (boolArg(input, 'selected')) select(cart, twin.id);
      return;
    }
    if (cart.addresses.length >= MAX_DELIVERY_ADDRESSES) {
      userErrors.push(
        userError(
          field,
          `A cart holds at most ${MAX_DELIVERY_ADDRESSES} delivery addresses.`,
          'TOO_MANY_DELIVERY_ADDRESSES',
        ),
      );
      return;
    }
    const id = `gid://shopify/CartSelectableAddress/${randomUUID()}`;
    cart.addresses.push({ id, selected: false, oneTimeUse: boolArg(input, 'oneTimeUse') ?? false, address });
    if (boolArg(input, 'selected')) select(cart, id);
  });
  return { userErrors, warnings, advisories: countryAdvisories(cart, env, prefix) };
}

/** cartDeliveryAddressesUpdate: by id; `address`, `selected` and `oneTimeUse` replace when given. */
export function updateAddresses(cart: CartRecord, inputs: Args[], env: MutationEnv): StepResult {
  const userErrors = tooManySelected(inputs, ['addresses']);
  inputs.forEach((input, i) => {
    const field = ['addresses', String(i)];
    const id = stringArg(input, 'id');
    const record = cart.addresses.find((a) => a.id === id);
    if (!record) {
      userErrors.push(
        userError(
          [...field, 'id'],
          `The delivery address with id ${id} does not exist.`,
          'INVALID_DELIVERY_ADDRESS_ID',
        ),
      );
      return;
    }
    if (input.address != null) {
      const { address, errors } = readAddress(
        input.address,
        stringArg(input, 'validationStrategy') ?? 'COUNTRY_CODE_ONLY',
        [...field, 'address'],
      );
      if (errors.length > 0) {
        userErrors.push(...errors);
        return;
      }
      record.address = address;
    }
    const oneTimeUse = boolArg(input, 'oneTimeUse');
    if (oneTimeUse !== null) record.oneTimeUse = oneTimeUse;
    const selected = boolArg(input, 'selected');
    if (selected === true) select(cart, record.id);
    if (selected === false) record.selected = false;
  });
  return { userErrors, warnings: [], advisories: countryAdvisories(cart, env, ['addresses']) };
}

/** cartDeliveryAddressesRemove. */
export function removeAddresses(cart: CartRecord, ids: string[], env: MutationEnv): StepResult {
  const userErrors: UserError[] = [];
  ids.forEach((id, i) => {
    if (!cart.addresses.some((a) => a.id === id)) {
      userErrors.push(
        userError(
          ['addressIds', String(i)],
          `The delivery address with id ${id} does not exist.`,
          'INVALID_DELIVERY_ADDRESS_ID',
        ),
      );
    }
  });
  cart.addresses = cart.addresses.filter((a) => !ids.includes(a.id));
  return { userErrors, warnings: [], advisories: countryAdvisories(cart, env, ['addressIds']) };
}
