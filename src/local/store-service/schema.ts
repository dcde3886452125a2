/**
 * The official Storefront API 2026-04 schema (the introspection result hydrogen-react ships) and
 * graphql-js parse → validate → execute over it, so the stand-in accepts and rejects exactly the
 * documents the real API does. Resolution is by plain objects: see `fieldResolver`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  buildClientSchema,
  execute,
  getDirectiveValues,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  isNonNullType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';

export const STOREFRONT_API_VERSION = '2026-04';

let cached: GraphQLSchema | null = null;

/** The Storefront schema, built once per process (about 50 ms). */
export function loadStorefrontSchema(): GraphQLSchema {
  if (cached) return cached;
  // Resolved at run time rather than imported: a 790 KB JSON module would slow every typecheck.
  const requireFromHere = createRequire(import.meta.url);
  const file = requireFromHere.resolve('@shopify/hydrogen-react/storefront.schema.json');
  const introspection: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof introspection !== 'object' || introspection === null || !('__schema' in introspection)) {
    throw new Error(`${file} is not an introspection result`);
  }
  cached = buildClientSchema(introspection as Parameters<typeof buildClientSchema>[0]);
  return cached;
}

const hasOwn = (value: unknown, key: string): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, key);

/**
 * graphql-js's default resolution (a property, called with the arguments when it is a function),
 * plus: a root field the store does not serve, or a non-null field a view leaves out, is a GraphQL
 * error naming it; a nullable field left out is null.
 */
export const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (hasOwn(source, info.fieldName)) {
    const value = source[info.fieldName];
    return typeof value === 'function' ? value.call(source, args, context, info) : value;
  }
  const isRoot =
    info.parentType === info.schema.getQueryType() || info.parentType === info.schema.getMutationType();
  if (isRoot || isNonNullType(info.returnType)) {
    throw new GraphQLError(
      `${info.parentType.name}.${info.fieldName} is not supported by the local store service.`,
      {
        extensions: { code: 'NOT_SUPPORTED' },
      },
    );
  }
  return null;
};

export type GraphQLRequest = {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
};

/** @inContext arguments of the selected operation, with variables applied; {} when unknown. */
function inContextOf(schema: GraphQLSchema, document: DocumentNode, request: GraphQLRequest) {
  const operation = getOperationAST(document, request.operationName);
  const directive = schema.getDirective('inContext');
  if (!operation || !directive) return {};
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
  if (coerced.errors) return {};
  return getDirectiveValues(directive, operation, coerced.coerced) ?? {};
}

const DOCUMENT_CACHE_ENTRIES = 200;
type Checked = { document: DocumentNode; errors: readonly GraphQLError[] };
const checkedDocuments = new WeakMap<GraphQLSchema, Map<string, Checked>>();

/**
 * Parses and validates, remembering the outcome per query text: validating a cart document against
 * this schema takes about 10 ms, and clients send the same few documents over and over.
 */
function check(schema: GraphQLSchema, query: string): Checked {
  let cache = checkedDocuments.get(schema);
  if (!cache) checkedDocuments.set(schema, (cache = new Map<string, Checked>()));
  const hit = cache.get(query);
  if (hit) return hit;
  let checked: Checked;
  try {
    const document = parse(query);
    checked = { document, errors: validate(schema, document) };
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    checked = { document: { kind: Kind.DOCUMENT, definitions: [] }, errors: [error] };
  }
  cache.set(query, checked);
  if (cache.size > DOCUMENT_CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
  return checked;
}

/** Parses, validates and executes; `rootFor` builds the root value from the @inContext arguments. */
export async function runGraphQL(
  schema: GraphQLSchema,
  request: GraphQLRequest,
  rootFor: (inContext: Record<string, unknown>) => Record<string, unknown>,
): Promise<ExecutionResult> {
  const { document, errors } = check(schema, request.query);
  if (errors.length > 0) return { errors };
  return execute({
    schema,
    document,
    rootValue: rootFor(inContextOf(schema, document, request)),
    variableValues: request.variables,
    operationName: request.operationName,
    fieldResolver,
  });
}
