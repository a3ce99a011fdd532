import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * OpenAPI 3.1 documents generated from the registered routes: each route's zod schemas (`params`,
 * `querystring`, `headers`, `body`, `response`) become its parameters, request body and responses;
 * schemas with a meta id become shared components. Nothing about a path is written by hand.
 */

/** OpenAPI security requirements: each entry names the schemes that together authorise a call. */
export type OpenApiSecurity = ReadonlyArray<{ [scheme: string]: readonly string[] }>;

declare module 'fastify' {
  /** What a route's `schema` may say for the documents, besides its zod schemas (as @fastify/swagger types it). */
  interface FastifySchema {
    operationId?: string;
    summary?: string;
    description?: string;
    tags?: readonly string[];
    /** This operation's security requirements (the document's default when absent). */
    security?: OpenApiSecurity;
    /**
     * A multipart/form-data request body (uploads), documented only: the handler reads the parts
     * itself. Each named field is a file.
     */
    multipartFiles?: readonly { name: string; description: string }[];
  }
}

export type OpenApiDocument = Record<string, unknown>;
type JsonSchema = Record<string, unknown>;

/** A response entry: a zod schema, or fastify-type-provider-zod's form with a description. */
type ResponseEntry = z.ZodType | { description?: string; content: Record<string, { schema: z.ZodType }> };

/** A registered route with a schema, as the documents read it. */
export interface DocumentedRoute {
  method: string;
  url: string;
  schema: NonNullable<RouteOptions['schema']>;
  /** The route's `preValidation` hooks (how a document tells that a route needs a session). */
  preValidation: readonly unknown[];
}

const collected = new WeakMap<FastifyInstance, DocumentedRoute[]>();

/**
 * Remembers every route registered on `app` (and its plugins) from now on that declares a schema.
 * Call it before any route is registered.
 */
export function collectRoutes(app: FastifyInstance): void {
  const routes: DocumentedRoute[] = [];
  collected.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const preValidation = [route.preValidation ?? []].flat();
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin for every GET; the GET documents both.
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema, preValidation });
    }
  });
}

/** The routes `collectRoutes` saw on `app`. */
export function documentedRoutes(app: FastifyInstance): readonly DocumentedRoute[] {
  const routes = collected.get(app);
  if (!routes) throw new Error('collectRoutes was not called on this app');
  return routes;
}

export interface OpenApiOptions {
  info: { title: string; version: string; description?: string };
  /** Paths are written relative to this prefix (the document's server URL); other routes are left out. */
  basePath?: string;
  /** Which routes this document describes (after `basePath`). */
  include?: (route: DocumentedRoute) => boolean;
  /** Default security requirements (the routes' own `security` wins). */
  security?: OpenApiSecurity;
  /** Per-route security when the route says none (e.g. read from its preValidation hooks). */
  securityOf?: (route: DocumentedRoute) => OpenApiSecurity | undefined;
  securitySchemes?: Record<string, JsonSchema>;
  /** Tags of a route that declares none. */
  tagsOf?: (route: DocumentedRoute) => readonly string[];
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Io = 'input' | 'output';
const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/**
 * Converts zod schemas to JSON Schema, one at a time, and gathers the schemas with a meta id that they
 * use as components. An id whose request (input) and response (output) shapes differ gets two
 * components: `<id>` for responses and `<id>Input` for requests.
 */
function createConverter() {
  const parts: { io: Io; json: JsonSchema }[] = [];
  const defs: Record<Io, Map<string, JsonSchema>> = { input: new Map(), output: new Map() };

  function convert(schema: z.ZodType, io: Io): JsonSchema {
    const {
      $schema: _schema,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, def] of Object.entries($defs ?? {})) {
      // zod names other shared parts itself (`__schema0`): they would clash between schemas.
      if (!z.globalRegistry._idmap.has(id)) throw new Error(`schema ${id} is recursive but has no meta id`);
      defs[io].set(id, def);
    }
    parts.push({ io, json });
    return json;
  }

  /** Rewrites every `#/$defs/<id>` of the converted schemas to its component, and returns the components. */
  function finish(): Record<string, JsonSchema> {
    const nameOf = (io: Io, id: string) => {
      const output = defs.output.get(id);
      const input = defs.input.get(id);
      return io === 'input' && output && input && JSON.stringify(output) !== JSON.stringify(input)
        ? `${id}Input`
        : id;
    };
    const rewrite = (io: Io, node: unknown): unknown => {
      if (Array.isArray(node)) return node.map((item) => rewrite(io, item));
      if (!isRecord(node)) return node;
      return Object.fromEntries(
        Object.entries(node).map(([key, value]) =>
          key === '$ref' && typeof value === 'string' && value.startsWith(DEFS)
            ? [key, `${COMPONENTS}${nameOf(io, value.slice(DEFS.length))}`]
            : [key, rewrite(io, value)],
        ),
      );
    };
    for (const part of parts) Object.assign(part.json, rewrite(part.io, { ...part.json }));
    const components: Record<string, JsonSchema> = {};
    for (const io of ['input', 'output'] as const) {
      for (const [id, def] of defs[io]) components[nameOf(io, id)] = rewrite(io, def) as JsonSchema;
    }
    return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  }

  return { convert, finish };
}

/** `/api/assets/:id` → `/api/assets/{id}`; a wildcard `*` is the `path` parameter. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

/** `idempotency-key` → `Idempotency-Key` (header names are case-insensitive; Node lower-cases them). */
function headerName(name: string): string {
  return name === name.toLowerCase()
    ? name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase())
    : name;
}

/** The properties of an object schema's JSON Schema (following its own `$ref` to a component). */
function objectProperties(
  json: JsonSchema,
  components: () => Record<string, JsonSchema>,
): { properties: Record<string, JsonSchema>; required: string[] } {
  let target = json;
  if (typeof json.$ref === 'string') target = components()[json.$ref.slice(COMPONENTS.length)] ?? {};
  return {
    properties: isRecord(target.properties) ? (target.properties as Record<string, JsonSchema>) : {},
    required: Array.isArray(target.required) ? (target.required as string[]) : [],
  };
}

function responseDescription(code: string, schema: z.ZodType | undefined): string {
  const described = schema ? z.globalRegistry.get(schema)?.description : undefined;
  return described ?? STATUS_CODES[Number(code)] ?? 'Response';
}

/** The OpenAPI 3.1 document of the routes `include` selects. */
export function buildOpenApi(routes: readonly DocumentedRoute[], options: OpenApiOptions): OpenApiDocument {
  const converter = createConverter();
  const basePath = options.basePath ?? '';
  const chosen = routes.filter(
    (route) =>
      (basePath === '' || route.url.startsWith(`${basePath}/`)) && (options.include?.(route) ?? true),
  );
  // Parameters are read after every schema is converted (a query object may be a component).
  let components: Record<string, JsonSchema> = {};
  const pending: (() => void)[] = [];
  const paths: Record<string, Record<string, JsonSchema>> = {};

  for (const route of chosen) {
    const { schema } = route;
    const operation: JsonSchema = {};
    if (schema.operationId) operation.operationId = schema.operationId;
    if (schema.summary) operation.summary = schema.summary;
    if (schema.description) operation.description = schema.description;
    const tags = schema.tags ?? options.tagsOf?.(route);
    if (tags?.length) operation.tags = tags;
    const security = schema.security ?? options.securityOf?.(route);
    if (security) operation.security = security;

    const parameterSources = [
      ['path', schema.params],
      ['query', schema.querystring],
      ['header', schema.headers],
    ] as const;
    const parameterJson = parameterSources
      .filter((entry): entry is readonly [(typeof entry)[0], z.ZodType] => isZod(entry[1]))
      .map(([where, zod]) => [where, converter.convert(zod, 'input')] as const);
    if (parameterJson.length) {
      pending.push(() => {
        operation.parameters = parameterJson.flatMap(([where, json]) => {
          const { properties, required } = objectProperties(json, () => components);
          return Object.entries(properties).map(([name, property]) => {
            const { description, ...propertySchema } = property;
            return {
              name: where === 'header' ? headerName(name) : name === '*' ? 'path' : name,
              in: where,
              required: where === 'path' || required.includes(name),
              ...(typeof description === 'string' ? { description } : {}),
              schema: propertySchema,
            };
          });
        });
      });
      // Keeps the documented key order: parameters before the request body.
      operation.parameters = [];
    }

    if (isZod(schema.body)) {
      operation.requestBody = {
        required: !schema.body.safeParse(undefined).success,
        content: { 'application/json': { schema: converter.convert(schema.body, 'input') } },
      };
    }

    if (schema.multipartFiles?.length) {
      const files = schema.multipartFiles;
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: Object.fromEntries(
                files.map((file) => [
                  file.name,
                  {
                    type: 'string',
                    contentMediaType: 'application/octet-stream',
                    description: file.description,
                  },
                ]),
              ),
              required: files.map((file) => file.name),
            },
          },
        },
      };
    }

    if (isRecord(schema.response)) {
      operation.responses = Object.fromEntries(
        Object.entries(schema.response as Record<string, ResponseEntry>).map(([code, entry]) => {
          if (isZod(entry)) {
            return [
              code,
              {
                description: responseDescription(code, entry),
                content: { 'application/json': { schema: converter.convert(entry, 'output') } },
              },
            ];
          }
          const content = Object.fromEntries(
            Object.entries(entry.content).map(([type, media]) => [
              type,
              { schema: converter.convert(media.schema, 'output') },
            ]),
          );
          return [code, { description: entry.description ?? responseDescription(code, undefined), content }];
        }),
      );
    } else {
      operation.responses = {
        default: { description: 'A file, a page or a redirect (no JSON answer to describe).' },
      };
    }

    const path = openApiPath(route.url.slice(basePath.length));
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }

  components = converter.finish();
  for (const fill of pending) fill();

  return {
    openapi: '3.1.0',
    info: options.info,
    ...(basePath ? { servers: [{ url: basePath }] } : {}),
    ...(options.security ? { security: options.security } : {}),
    paths,
    components: {
      ...(options.securitySchemes ? { securitySchemes: options.securitySchemes } : {}),
      schemas: components,
    },
  };
}
