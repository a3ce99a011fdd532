import { CREDIT_PRICES } from '@kaleido/common';
import { buildOpenApi, type DocumentedRoute, type OpenApiDocument } from '../../platform/http/openapi.js';
import { VERSION } from '../../version.js';

/** Where the public API lives; its document's paths are relative to it. */
const PUBLIC_API_BASE = '/api/v1';

/**
 * The OpenAPI 3.1 document of the public API, generated from its registered routes (their zod
 * schemas, summaries and response descriptions). A copy is committed as server/openapi.json; a test
 * fails when it is stale (`npm run openapi -w server`).
 */
export function buildOpenApiDocument(
  routes: readonly DocumentedRoute[],
  prices: { image: number; video: number } = CREDIT_PRICES,
): OpenApiDocument {
  return buildOpenApi(routes, {
    info: {
      title: 'Kaleido API',
      version: VERSION,
      description: `Generate images and short videos from text. Pay per use: an image costs ${prices.image} credit${prices.image === 1 ? '' : 's'}, a video ${prices.video} credit${prices.video === 1 ? '' : 's'}; failed requests do not consume credits.`,
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
  });
}
