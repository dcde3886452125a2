import {
  Kind,
  parse,
  validate,
  visit,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, test } from 'vitest';
import * as documents from '../../../src/store/documents';
import { storefrontSchema } from './fixtures';

const entries = Object.entries(documents);

function errorsOf(source: string): string[] {
  return validate(storefrontSchema(), parse(source)).map((e) => e.message);
}

function operationOf(doc: DocumentNode): OperationDefinitionNode {
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  expect(ops).toHaveLength(1);
  return ops[0]!;
}

/** Every field node (with its arguments) anywhere in the document, fragments included. */
function fields(doc: DocumentNode): FieldNode[] {
  const out: FieldNode[] = [];
  visit(doc, { Field: (node) => void out.push(node) });
  return out;
}

function intArg(field: FieldNode, name: string): number | null {
  const arg = field.arguments?.find((a) => a.name.value === name);
  return arg?.value.kind === Kind.INT ? Number(arg.value.value) : null;
}

test('documents.ts exports only documents, and all of those the site needs', () => {
  for (const [name, value] of entries) expect(typeof value, name).toBe('string');
  const names = entries.map(([, source]) => operationOf(parse(source as string)).name?.value).sort();
  expect(names).toEqual(
    [
      'getCart',
      'getCollectionById',
      'getProductByHandle',
      'getProducts',
      'searchProducts',
      'cartCreate',
      'cartLinesAdd',
      'cartLinesUpdate',
      'cartLinesRemove',
      'cartDiscountCodesUpdate',
      'cartBuyerIdentityUpdate',
      'cartDeliveryAddressesAdd',
      'cartDeliveryAddressesUpdate',
      'cartSelectedDeliveryOptionsUpdate',
    ].sort(),
  );
});

describe.each(entries)('%s', (_name, source) => {
  const doc = parse(source as string);
  const operation = operationOf(doc);

  test('validates against the Storefront API 2026-04 schema (hydrogen-react)', () => {
    expect(errorsOf(source as string)).toEqual([]);
  });

  test('runs in the buyer country (@inContext(country: $country))', () => {
    const directive = operation.directives?.find((d) => d.name.value === 'inContext');
    expect(directive?.arguments?.map((a) => a.name.value)).toEqual(['country']);
    expect(operation.variableDefinitions?.some((v) => v.variable.name.value === 'country')).toBe(true);
  });

  test('keeps to the §9 limits', () => {
    const limits: Record<string, number> = { images: 5, variants: 50, lines: 50, deliveryGroups: 10 };
    let limited = 0;
    for (const field of fields(doc)) {
      const limit = limits[field.name.value];
      if (limit !== undefined) {
        expect(intArg(field, 'first'), field.name.value).toBe(limit);
        limited++;
      }
      if (field.name.value === 'discountAllocations') expect(field.arguments ?? []).toEqual([]);
    }
    expect(limited).toBeGreaterThanOrEqual(2);
  });

  if (operation.operation === 'mutation') {
    test('selects cart, userErrors { field message code } and warnings { code message target }', () => {
      const root = operation.selectionSet.selections[0] as FieldNode;
      const child = (name: string) =>
        root.selectionSet?.selections.find((s) => s.kind === Kind.FIELD && s.name.value === name) as
          FieldNode | undefined;
      const selected = (name: string) =>
        child(name)?.selectionSet?.selections.map((s) => ('name' in s ? s.name.value : s.kind));
      expect(selected('cart')).toEqual(['CartFields']);
      expect(selected('userErrors')).toEqual(['field', 'message', 'code']);
      expect(selected('warnings')).toEqual(['code', 'message', 'target']);
    });
  }
});

test('the product fragment asks for the §3 metafields and the variant uid', () => {
  const source = documents.GET_PRODUCT_BY_HANDLE;
  for (const key of [
    'subscription_id',
    'trial_days',
    'coupon',
    'membership_gid',
    'monthly_price',
    'product_filter',
    'short_description',
  ]) {
    expect(source).toContain(`{ namespace: "custom", key: "${key}" }`);
  }
  expect(source).toContain('uid: metafield(namespace: "custom", key: "uid")');
});

test('the validation can fail: checkout mutations are gone from 2026-04', () => {
  const errors = errorsOf('mutation { checkoutCreate(input: {}) { checkout { id } } }');
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/Cannot query field "checkoutCreate" on type "Mutation"/);
  expect(errorsOf('query { product(handle: "x") { id priceV3 } }')[0]).toMatch(/priceV3/);
});
