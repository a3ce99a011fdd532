import { CREDIT_PRICES } from '@kaleido/common';
import { buildOpenApi, type DocumentedRoute, type OpenApiDocument } from '../../platform/http/openapi.js';
import { VERSION } from '../../version.js';

/** Where the public API lives; its document's paths are relative to it. */
const PUBLIC_API_BASE = '/api/v1';

/** A default installation's address (config.ts: `http://localhost:${PORT}`), for the committed copy. */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The groups of operations, in the order the docs show them. */
const TAGS: Record<string, string> = {
  Generate:
    'Make an image or a video from a prompt: wait for the result, or take the job (202) and follow it.',
  Tools:
    'Bring your own images, videos and audio (uploads), enhance (upscale) and edit them, lip-sync a video to an audio: jobs followed like generations, results with their `sourceAssetIds`.',
  Generations: 'Your jobs: their state and results, listing, cancelling and following them as events.',
  Assets: 'Your library: the results you keep, searched, read and deleted.',
  Models: 'The models this server offers, with their capabilities and prices.',
  Trainings:
    'Personal models (FLUX LoRA) trained from your images through a provider, then used like any model by your keys.',
  Account: "The account's balance and plan, and the calling key's allowance, rate limit and usage.",
};

const ref = (kind: 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** The headers every answer to a known key carries (public-api.auth.ts), and those of 202 and 429. */
const HEADERS: Record<string, Json> = {
  RateLimitPolicy: {
    description: 'The key\'s quota (IETF RateLimit fields): `"minute";q=<requests>;w=60`.',
    schema: { type: 'string', examples: ['"minute";q=60;w=60'] },
  },
  RateLimit: {
    description: 'What is left of it: `"minute";r=<remaining>;t=<seconds until the window resets>`.',
    schema: { type: 'string', examples: ['"minute";r=59;t=60'] },
  },
  XRateLimitLimit: integerHeader('Requests a minute the key may make.'),
  XRateLimitRemaining: integerHeader('Requests left in the current minute.'),
  XRateLimitReset: integerHeader('Seconds until the current minute ends.'),
  RetryAfter: integerHeader('Seconds to wait before asking again.'),
  Location: { description: 'The status URL of the job (same as `statusUrl`).', schema: { type: 'string' } },
};
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
  RateLimit: ref('headers', 'RateLimit'),
  'X-RateLimit-Limit': ref('headers', 'XRateLimitLimit'),
  'X-RateLimit-Remaining': ref('headers', 'XRateLimitRemaining'),
  'X-RateLimit-Reset': ref('headers', 'XRateLimitReset'),
};

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});
/** Answers any operation may give, whatever its route declares. */
const SHARED_RESPONSES: Record<string, Json> = {
  UnsupportedMediaType: errorAnswer(
    'The body is not `application/json` (code UNSUPPORTED_MEDIA_TYPE). A known path asked with another method answers 405 METHOD_NOT_ALLOWED with `Allow`.',
  ),
  InternalError: errorAnswer('An unexpected error on the server (code INTERNAL); nothing was charged.'),
  ServiceUnavailable: errorAnswer(
    'The server cannot take work right now (code SERVICE_UNAVAILABLE): retry later, after `Retry-After` when sent.',
  ),
};

/**
 * What the routes' schemas cannot say about each operation, added to every one of them (so routes added
 * later get it too): the rate-limit headers on 2xx answers (every call with a known key is counted),
 * `Retry-After` on 429, `Location` and `Retry-After` on 202, and the 415, 500 and 503 answers.
 */
function withConventions(document: OpenApiDocument): OpenApiDocument {
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const operations of Object.values(paths)) {
    if (!isRecord(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isRecord(operation) || !isRecord(operation.responses)) continue;
      const responses = operation.responses;
      for (const [code, response] of Object.entries(responses)) {
        if (!isRecord(response)) continue;
        const headers: Json = isRecord(response.headers) ? { ...response.headers } : {};
        if (code.startsWith('2')) Object.assign(headers, RATE_LIMIT_HEADERS);
        if (code === '202') Object.assign(headers, { Location: ref('headers', 'Location') });
        if (code === '202' || code === '429')
          Object.assign(headers, { 'Retry-After': ref('headers', 'RetryAfter') });
        if (Object.keys(headers).length) response.headers = headers;
      }
      // Written out in each operation (not as $refs) so every reader sees them where it looks.
      if (operation.requestBody) responses['415'] ??= SHARED_RESPONSES.UnsupportedMediaType;
      responses['500'] ??= SHARED_RESPONSES.InternalError;
      responses['503'] ??= SHARED_RESPONSES.ServiceUnavailable;
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  }
  const components = isRecord(document.components) ? document.components : {};
  return { ...document, components: { ...components, headers: HEADERS } };
}

/** The tags the operations use, each with its description (TAGS' order, then any other by name). */
function tagsOf(document: OpenApiDocument): { name: string; description: string }[] {
  const used = new Set<string>();
  for (const operations of Object.values(isRecord(document.paths) ? document.paths : {})) {
    for (const operation of Object.values(isRecord(operations) ? operations : {})) {
      if (isRecord(operation) && Array.isArray(operation.tags)) {
        for (const tag of operation.tags) if (typeof tag === 'string') used.add(tag);
      }
    }
  }
  const known = Object.keys(TAGS).filter((name) => used.has(name));
  const others = [...used].filter((name) => !(name in TAGS)).sort();
  return [...known, ...others].map((name) => ({ name, description: TAGS[name] ?? `${name} operations.` }));
}

/**
 * The OpenAPI 3.1 document of the public API, generated from its registered routes (their zod
 * schemas, summaries and response descriptions), with an absolute server URL built from `PUBLIC_URL`.
 * A copy is committed as server/openapi.json; a test fails when it is stale (`npm run openapi -w server`),
 * and Redocly's recommended rules and swagger-parser check it (openapi-lint.test.ts).
 */
export function buildOpenApiDocument(
  routes: readonly DocumentedRoute[],
  prices: { image: number; video: number } = CREDIT_PRICES,
  publicUrl: string = DEFAULT_PUBLIC_URL,
): OpenApiDocument {
  const document = buildOpenApi(routes, {
    info: {
      title: 'Kaleido API',
      version: VERSION,
      description: `Generate images and short videos from text. Pay per use: an image costs ${prices.image} credit${prices.image === 1 ? '' : 's'}, a video ${prices.video} credit${prices.video === 1 ? '' : 's'}; failed requests do not consume credits.\n\nEvery error answer is \`{ success: false, error, code, details? }\`: \`code\` is stable (see ErrorEnvelope), \`error\` is in the request's language.`,
    },
    basePath: PUBLIC_API_BASE,
    security: [{ apiKey: [] }],
    securitySchemes: {
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key from the API Keys page: `Authorization: Bearer kal_live_…`.',
      },
    },
    tagsOf: (route) =>
      route.url.startsWith(`${PUBLIC_API_BASE}/generate/`)
        ? ['Generate']
        : /^\/api\/v1\/(uploads|enhance|edit|tools\/lipsync)$/.test(route.url)
          ? ['Tools']
          : ['Generations'],
  });
  const finished = withConventions(document);
  return {
    openapi: finished.openapi,
    info: {
      ...(isRecord(finished.info) ? finished.info : {}),
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: `${publicUrl.replace(/\/+$/, '')}${PUBLIC_API_BASE}`, description: 'This server' }],
    tags: tagsOf(finished),
    security: finished.security,
    paths: finished.paths,
    components: finished.components,
  };
}
