import {
  buildOpenApi,
  type DocumentedRoute,
  type OpenApiDocument,
  type OpenApiSecurity,
} from '../../platform/http/openapi.js';
import { VERSION } from '../../version.js';

const PUBLIC_API = '/api/v1/';
/** The OpenAI-compatible routes (features/openai-compat): their contract is OpenAI's, not the web app's. */
const OPENAI_COMPAT = '/api/openai/';

/** A route behind `authn.signedIn`: the session cookie, or its token as a Bearer header. */
const SIGNED_IN: OpenApiSecurity = [{ session: [] }, { sessionToken: [] }];

/**
 * The OpenAPI 3.1 document of the app's own API (every `/api/*` route that declares schemas, the
 * public `/api/v1` and the OpenAI-compatible `/api/openai` excepted), generated from the registered
 * routes. It documents what the web app calls; it is not a stable interface for integrations, which
 * use `/api/v1` (or OpenAI's Images API, whose contract is OpenAI's own).
 */
export function buildAppOpenApiDocument(
  routes: readonly DocumentedRoute[],
  session: {
    /** The session cookie's name (see authn.ts). */
    cookieName: string;
    /** The preValidation hooks that require a session: their routes are documented as needing one. */
    signedInHooks: readonly unknown[];
  },
): OpenApiDocument {
  return buildOpenApi(routes, {
    info: {
      title: 'Kaleido app API',
      version: VERSION,
      description:
        'The calls the Kaleido web app makes, signed in with the session cookie (or its token as a Bearer header). Not a stable interface: integrations use the public API under /api/v1 (see /api/v1/openapi.json).',
    },
    include: (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith(PUBLIC_API) &&
      !route.url.startsWith(OPENAI_COMPAT),
    securityOf: (route) =>
      route.preValidation.some((hook) => session.signedInHooks.includes(hook)) ? SIGNED_IN : undefined,
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: session.cookieName },
      sessionToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'The token of sign-up or sign-in: `Authorization: Bearer <token>`.',
      },
    },
    // `/api/billing/plan` → billing: the feature a call belongs to.
    tagsOf: (route) => [route.url.split('/')[2] ?? 'api'],
  });
}
