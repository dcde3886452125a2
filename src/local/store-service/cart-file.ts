/**
 * The data file of the local store: `{version: 1, nextOrderNumber, carts, orders}` as JSON,
 * validated with zod when read back.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { CartRecord } from './cart-model.ts';
import { messageOf } from '../../shared/errors.ts';

export type OrderRecord = {
  number: number;
  cartToken: string;
  placedAt: string;
  currencyCode: string;
  email: string | null;
  lines: {
    title: string;
    variantTitle: string;
    quantity: number;
    unitCents: number;
    subtotalCents: number;
  }[];
  subtotalCents: number;
  discountCodes: string[];
  discountCents: number;
  shippingTitle: string | null;
  shippingCents: number;
  totalCents: number;
};

const nullableString = z.string().nullable();
const addressSchema = z.object({
  address1: nullableString,
  address2: nullableString,
  city: nullableString,
  company: nullableString,
  countryCode: nullableString,
  firstName: nullableString,
  lastName: nullableString,
  phone: nullableString,
  provinceCode: nullableString,
  zip: nullableString,
});
const attributeSchema = z.object({ key: z.string(), value: nullableString });
const cartSchema = z.object({
  token: z.string(),
  key: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: nullableString,
  orderNumber: z.number().int().nullable(),
  note: nullableString,
  attributes: z.array(attributeSchema),
  buyerIdentity: z.object({ countryCode: nullableString, email: nullableString, phone: nullableString }),
  lines: z.array(
    z.object({
      id: z.string(),
      variantId: z.number().int(),
      quantity: z.number().int(),
      attributes: z.array(attributeSchema),
    }),
  ),
  discountCodes: z.array(z.string()),
  addresses: z.array(
    z.object({ id: z.string(), selected: z.boolean(), oneTimeUse: z.boolean(), address: addressSchema }),
  ),
  selectedDeliveryOption: nullableString,
});
const orderSchema = z.object({
  number: z.number().int(),
  cartToken: z.string(),
  placedAt: z.string(),
  currencyCode: z.string(),
  email: nullableString,
  lines: z.array(
    z.object({
      title: z.string(),
      variantTitle: z.string(),
      quantity: z.number().int(),
      unitCents: z.number().int(),
      subtotalCents: z.number().int(),
    }),
  ),
  subtotalCents: z.number().int(),
  discountCodes: z.array(z.string()),
  discountCents: z.number().int(),
  shippingTitle: nullableString,
  shippingCents: z.number().int(),
  totalCents: z.number().int(),
});
const fileSchema = z.object({
  version: z.literal(1),
  nextOrderNumber: z.number().int(),
  carts: z.array(cartSchema),
  orders: z.array(orderSchema),
});

export type DataFile = { nextOrderNumber: number; carts: CartRecord[]; orders: OrderRecord[] };

/** The saved state; null when the file does not exist. A malformed file throws, naming it. */
export function readDataFile(file: string): DataFile | null {
  if (!existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Store data file ${file} is not JSON: ${messageOf(error)}`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`Store data file ${file} is not valid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const serializeDataFile = (data: DataFile) => JSON.stringify({ version: 1, ...data });
