/**
 * What the cart function accepts: one JSON body `{ action, ... }`, one zod schema per action of §7
 * (plus `get`). Limits follow §9 (50 lines) and what a shopper can sensibly do in one request.
 */
import * as z from 'zod';
import { isCountryCode } from '../../shared/country-codes.ts';
import { CART_LIMITS } from '../../shared/cart.ts';

const { maxQuantity, lines: maxLines, discountCodes, discountCodeLength, deliveryAddresses } = CART_LIMITS;

const gid = (resource: string) =>
  z
    .string({ error: `a ${resource} id is required` })
    .max(300)
    .regex(new RegExp(`^gid://shopify/${resource}/[A-Za-z0-9_-]+(\\?[A-Za-z0-9=&_-]*)?$`), {
      error: `not a ${resource} id`,
    });

const quantity = (min: number) =>
  z
    .number({ error: 'quantity must be a number' })
    .int({ error: 'quantity must be a whole number' })
    .min(min, { error: `quantity must be at least ${min}` })
    .max(maxQuantity, { error: `quantity must be at most ${maxQuantity}` });

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `at most ${max} characters` });
/** A country the Storefront API knows (its `CountryCode` enum): anything else fails the whole request. */
const country = z
  .string({ error: 'country must be a two-letter ISO code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'country must be a two-letter ISO code', abort: true })
  .refine(isCountryCode, { error: 'not a country code the store knows' });

const address = z.object({
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  address1: text(200).min(1, { error: 'street address is required' }),
  address2: text(200).optional(),
  city: text(100).min(1, { error: 'city is required' }),
  provinceCode: text(10).optional(),
  countryCode: country,
  zip: text(20).min(1, { error: 'postal code is required' }),
  phone: text(30).optional(),
});

const lineAdd = z.object({ merchandiseId: gid('ProductVariant'), quantity: quantity(1).default(1) });

export const cartRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('get') }),
    z.object({ action: z.literal('create'), lines: z.array(lineAdd).max(maxLines).default([]) }),
    z.object({ action: z.literal('linesAdd'), lines: z.array(lineAdd).min(1).max(maxLines) }),
    z.object({
      action: z.literal('linesUpdate'),
      // Quantity 0 removes the line (decided: the shopper's "0" means "none").
      lines: z
        .array(z.object({ id: gid('CartLine'), quantity: quantity(0) }))
        .min(1)
        .max(maxLines),
    }),
    z.object({ action: z.literal('linesRemove'), lineIds: z.array(gid('CartLine')).min(1).max(maxLines) }),
    z.object({
      action: z.literal('discountCodesUpdate'),
      discountCodes: z
        .array(text(discountCodeLength).min(1, { error: 'a code cannot be empty' }))
        .max(discountCodes),
    }),
    z.object({
      action: z.literal('buyerIdentityUpdate'),
      buyerIdentity: z
        .object({
          email: z.email({ error: 'invalid email' }).max(254).optional(),
          phone: text(30).optional(),
          countryCode: country.optional(),
        })
        .refine((b) => Object.keys(b).length > 0, { error: 'nothing to update' }),
    }),
    z.object({
      action: z.literal('deliveryAddressesAdd'),
      addresses: z
        .array(z.object({ address, selected: z.boolean().default(true) }))
        .min(1)
        .max(deliveryAddresses),
    }),
    z.object({
      action: z.literal('deliveryAddressesUpdate'),
      addresses: z
        .array(
          z.object({
            id: z.string().min(1).max(300),
            address: address.optional(),
            selected: z.boolean().optional(),
          }),
        )
        .min(1)
        .max(deliveryAddresses),
    }),
    z.object({
      action: z.literal('deliveryOptionSelect'),
      deliveryGroupId: z.string().min(1).max(300),
      deliveryOptionHandle: z.string().min(1).max(300),
    }),
  ],
  {
    error:
      'action must be one of get, create, linesAdd, linesUpdate, linesRemove, discountCodesUpdate, buyerIdentityUpdate, deliveryAddressesAdd, deliveryAddressesUpdate, deliveryOptionSelect',
  },
);

export type CartRequest = z.infer<typeof cartRequestSchema>;
