import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './postgres-server.js';

export interface TestIdentity {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Identities by login name; a login not listed gets `<login>@example.test`, verified. */
  identities: Map<string, TestIdentity>;
  stop(): Promise<void>;
}

/**
 * A real, certified OpenID provider (panva's oidc-provider) on a loopback port, with its built-in
 * development login and consent pages (any password is accepted). Claims go to userinfo only, as
 * many real providers do.
 */
export async function startOidcProvider(options: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const identities = new Map<string, TestIdentity>();
  const clientId = 'kaleido-test';
  const clientSecret = 'kaleido-test-secret-kaleido-test-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: async () => {
        const identity = identities.get(sub) ?? {};
        return {
          sub,
          email: 'email' in identity ? identity.email : `${sub}@example.test`,
          email_verified: identity.email_verified ?? true,
          name: identity.name ?? sub,
        };
      },
    }),
    cookies: { keys: ['kaleido-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    // Quiet: no "unsupported runtime" noise matters here, and no rendering of errors to stderr.
    renderError: async (ctx, out) => {
      ctx.type = 'application/json';
      ctx.body = out;
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    identities,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser at the identity provider: follows redirects with a cookie jar, fills the dev login
 * form with `login`, confirms consent, and stops at the first redirect back to `stopAt` (our callback),
 * returning that URL. `abort` presses "cancel" instead of signing in.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  options: { login: string; stopAt: string; abort?: boolean },
): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(options.stopAt)) return url;
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), rest.join('='));
    }
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(`identity provider page without a form (${response.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams();
    if (html.includes('name="login"')) {
      form.set('prompt', 'login');
      form.set('login', options.login);
      form.set('password', 'any-password');
    } else {
      form.set('prompt', 'consent');
    }
    if (options.abort) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no abort link on the identity provider page');
      url = new URL(abort.replace(/&amp;/g, '&'), url).toString();
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    method = 'POST';
    body = form.toString();
  }
  throw new Error('too many steps at the identity provider');
}
