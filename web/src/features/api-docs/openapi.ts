/**
 * Reading the server's OpenAPI 3.1 document (GET /api/v1/openapi.json) for the docs page: operations,
 * parameters, request fields with their types, values, defaults and limits, and responses. Only what the
 * page shows is modelled; everything else in the document is ignored.
 */

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  description?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  [keyword: string]: unknown;
};

interface OpenApiParameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaType {
  schema?: JsonSchema;
}

interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, { type: string; scheme?: string; description?: string }>;
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof METHODS)[number];

/** Bounds zod writes for "any safe integer": true but not worth printing. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `value` looks like an OpenAPI 3.x document with paths. */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    isRecord(value) &&
    typeof value.openapi === 'string' &&
    value.openapi.startsWith('3.') &&
    isRecord(value.paths) &&
    isRecord(value.info)
  );
}

function pointer(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const raw of path.split('/').slice(1)) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * A schema with its references followed. A `#/$defs/…` reference is looked up in the nearest enclosing
 * schema that has `$defs` (how JSON Schema generators such as zod's write component schemas), then in the
 * document; sibling keywords of a `$ref` (OpenAPI 3.1 allows them) are kept.
 */
function resolveSchema(
  doc: OpenApiDocument,
  schema: JsonSchema | undefined,
  scope: JsonSchema | undefined = undefined,
  depth = 0,
): { schema: JsonSchema; scope: JsonSchema | undefined; name?: string } {
  if (!schema) return { schema: {}, scope };
  const here = schema.$defs ? schema : scope;
  if (!schema.$ref || depth > 20) return { schema, scope: here };
  const ref = schema.$ref;
  let target: unknown;
  if (ref.startsWith('#/$defs/') && here?.$defs) target = pointer({ $defs: here.$defs }, ref.slice(1));
  if (target === undefined && ref.startsWith('#/')) target = pointer(doc, ref.slice(1));
  const name = ref.split('/').at(-1);
  if (!isRecord(target)) return { schema: {}, scope: here, name };
  const { $ref: _ref, $defs: _defs, $schema: _schema, ...siblings } = schema;
  const resolved = resolveSchema(doc, target as JsonSchema, here, depth + 1);
  return {
    schema: { ...resolved.schema, ...siblings },
    scope: resolved.scope,
    name: ref.startsWith('#/components/schemas/') ? name : (resolved.name ?? name),
  };
}

/** How an array type is named (`array of string`); the page passes its language's wording. */
export type ArrayOfLabel = (itemType: string) => string;

const englishArrayOf: ArrayOfLabel = (itemType) => `array of ${itemType}`;

/** `string`, `integer`, `string | null`, `array of string`, `object`: JSON Schema's type names. */
export function typeLabel(
  doc: OpenApiDocument,
  schema: JsonSchema,
  scope?: JsonSchema,
  arrayOf: ArrayOfLabel = englishArrayOf,
): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return [
      ...new Set(variants.map((variant) => typeLabel(doc, ...resolvePair(doc, variant, scope), arrayOf))),
    ].join(' | ');
  }
  if (schema.type === 'array') {
    const items = resolveSchema(doc, schema.items, scope);
    return arrayOf(typeLabel(doc, items.schema, items.scope, arrayOf));
  }
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type) return schema.type;
  if (schema.const !== undefined) return typeof schema.const;
  if (schema.enum) return [...new Set(schema.enum.map((value) => typeof value))].join(' | ');
  if (schema.properties) return 'object';
  return 'any';
}

function resolvePair(
  doc: OpenApiDocument,
  schema: JsonSchema,
  scope?: JsonSchema,
): [JsonSchema, JsonSchema | undefined] {
  const resolved = resolveSchema(doc, schema, scope);
  return [resolved.schema, resolved.scope];
}

/**
 * A limit of a field, worded by the page in its language: a length in characters, a numeric range, or
 * a format name (`uri`, `date-time`).
 */
export type Constraint =
  | { kind: 'length'; min?: number; max?: number }
  | { kind: 'range'; min?: number; max?: number }
  | { kind: 'format'; format: string };

export interface SchemaField {
  /** Dotted path: `settings.style`. */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  values?: unknown[];
  default?: unknown;
  /** Lengths (`1–2000 characters`), ranges (`0 to 2147483647`) and formats. */
  constraints: Constraint[];
}

function constraintsOf(schema: JsonSchema): Constraint[] {
  const out: Constraint[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    out.push({ kind: 'length', min: schema.minLength, max: schema.maxLength });
  }
  const min =
    schema.minimum !== undefined && Math.abs(schema.minimum) < SAFE_INTEGER ? schema.minimum : undefined;
  const max =
    schema.maximum !== undefined && Math.abs(schema.maximum) < SAFE_INTEGER ? schema.maximum : undefined;
  if (min !== undefined || max !== undefined) out.push({ kind: 'range', min, max });
  if (schema.format) out.push({ kind: 'format', format: schema.format });
  return out;
}

/** The fields of an object schema, nested objects flattened into dotted names after their parent. */
export function schemaFields(
  doc: OpenApiDocument,
  root: JsonSchema | undefined,
  arrayOf: ArrayOfLabel = englishArrayOf,
): SchemaField[] {
  const fields: SchemaField[] = [];
  const walk = (schema: JsonSchema, scope: JsonSchema | undefined, prefix: string, depth: number) => {
    const required = new Set(schema.required ?? []);
    for (const [key, raw] of Object.entries(schema.properties ?? {})) {
      const { schema: property, scope: inner } = resolveSchema(doc, raw, scope);
      const name = prefix ? `${prefix}.${key}` : key;
      const values =
        property.enum ?? (property.const !== undefined ? [property.const] : undefined) ?? undefined;
      fields.push({
        name,
        depth,
        type: typeLabel(doc, property, inner, arrayOf),
        required: required.has(key),
        description: property.description,
        values,
        default: property.default,
        constraints: constraintsOf(property),
      });
      if (property.properties) walk(property, inner, name, depth + 1);
    }
  };
  const resolved = resolveSchema(doc, root);
  walk(resolved.schema, resolved.scope, '', 0);
  return fields;
}

/** An example value built from the schema: its example, else its default, else its first value. */
export function exampleOf(
  doc: OpenApiDocument,
  raw: JsonSchema | undefined,
  scope?: JsonSchema,
  depth = 0,
): unknown {
  const { schema, scope: inner } = resolveSchema(doc, raw, scope);
  if (depth > 8) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.properties) {
    const out: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    for (const [key, property] of Object.entries(schema.properties)) {
      const child = resolveSchema(doc, property, inner).schema;
      // Optional scalars without a default (seed, model) stay out of the example.
      if (!required.has(key) && child.default === undefined && !child.properties) continue;
      out[key] = exampleOf(doc, property, inner, depth + 1);
    }
    return out;
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && Math.abs(schema.minimum) < SAFE_INTEGER ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(doc, schema.items, inner, depth + 1)];
    case 'null':
      return null;
    default:
      return null;
  }
}

export interface ResponseSummary {
  status: string;
  description: string;
  /** Name of the response schema (`GenerationResult`), when it is a named component. */
  schemaName?: string;
  schema?: JsonSchema;
}

export interface OperationSummary {
  id: string;
  method: HttpMethod;
  /** The path as the document writes it, relative to the server URL: `/generate/image`. */
  path: string;
  summary: string;
  description?: string;
  parameters: OpenApiParameter[];
  requestBody?: JsonSchema;
  requestBodyName?: string;
  responses: ResponseSummary[];
}

function jsonSchemaOf(content: Record<string, MediaType> | undefined): JsonSchema | undefined {
  if (!content) return undefined;
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
}

/** Every operation of the document, in the document's order. */
export function operationsOf(doc: OpenApiDocument): OperationSummary[] {
  const out: OperationSummary[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const body = jsonSchemaOf(operation.requestBody?.content);
      out.push({
        id: operation.operationId ?? `${method}-${path}`,
        method,
        path,
        summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
        description: operation.description,
        parameters: operation.parameters ?? [],
        requestBody: body,
        requestBodyName: body ? resolveSchema(doc, body).name : undefined,
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => {
          const schema = jsonSchemaOf(response.content);
          return {
            status,
            description: response.description ?? '',
            schema,
            schemaName: schema ? resolveSchema(doc, schema).name : undefined,
          };
        }),
      });
    }
  }
  return out;
}

/** The API's base path from the document (`/api/v1`), or the given fallback. */
export function serverPath(doc: OpenApiDocument, fallback = '/api/v1'): string {
  const url = doc.servers?.[0]?.url;
  if (!url) return fallback;
  try {
    return new URL(url, 'http://localhost').pathname.replace(/\/+$/, '') || fallback;
  } catch {
    return fallback;
  }
}
