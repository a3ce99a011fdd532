import type { OpenApiDocument } from '../../platform/http/openapi.js';
import type { App } from '../../platform/http/route-schemas.js';

/**
 * `GET /api/openapi.json`: the app API's OpenAPI document. No sign-in: it documents the calls, it
 * exposes no data. Built once, on the first request (when every route is registered).
 */
export function apiDocsRoutes(app: App, deps: { document: () => OpenApiDocument }): void {
  let document: OpenApiDocument | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    document ??= deps.document();
    return document;
  });
}
