import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TMe } from '@kaleido/common';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;

export interface SignedIn {
  user: TMe;
  token: string;
  /** `name=value` of the session cookie, ready for a Cookie header. */
  cookie: string;
  email: string;
  password: string;
}

/** The Set-Cookie of the session, as a Cookie header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('kaleido_session'));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs up a new person through the real endpoint (each test makes its own users). */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; remember: boolean }> = {},
): Promise<SignedIn> {
  const email = overrides.email ?? `user-${randomUUID()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: SAME_ORIGIN,
    payload: {
      name: overrides.name ?? 'Test Person',
      email,
      password,
      remember: overrides.remember ?? false,
    },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { user: body.data.user, token: body.data.token, cookie: sessionCookieOf(response), email, password };
}

/** A browser-like caller: the session cookie and same-origin Fetch Metadata on every request. */
export function browser(app: FastifyInstance, session: { cookie: string } | null) {
  const send = (options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { ...SAME_ORIGIN, ...(session ? { cookie: session.cookie } : {}), ...options.headers },
    });
  return {
    get: (url: string) => send({ method: 'GET', url }),
    post: (url: string, payload?: unknown) =>
      send({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) }),
    patch: (url: string, payload: unknown) => send({ method: 'PATCH', url, payload: payload as object }),
    put: (url: string, payload: unknown) => send({ method: 'PUT', url, payload: payload as object }),
    delete: (url: string, payload?: unknown) =>
      send({ method: 'DELETE', url, ...(payload === undefined ? {} : { payload: payload as object }) }),
  };
}

/**
 * A person on the Pro plan with `credits` and a Pro developer key (60 requests a minute, so a test is not
 * rate limited) with `scopes`, set up by a first account, the administrator, through the real endpoints.
 */
export async function proKeyHolder(
  app: FastifyInstance,
  options: { credits: number; scopes: string[] },
): Promise<{ admin: SignedIn; person: SignedIn; key: string; keyId: string }> {
  const admin = await signUp(app);
  const person = await signUp(app);
  await browser(app, admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
  await browser(app, admin).post('/api/auth/update-credits', {
    credits: options.credits,
    userId: person.user.id,
  });
  const created = (
    await browser(app, person).post('/api/api-keys/create', {
      name: 'app',
      plan: 'pro',
      scopes: options.scopes,
    })
  ).json().data;
  return { admin, person, key: created.key, keyId: created.id };
}

/** The messages the outbox mailer wrote, oldest first. */
export async function readOutbox(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')));
}

/** The first http(s) link in an e-mail, undoing quoted-printable soft line breaks. */
export function linkIn(message: string): string {
  const unfolded = message.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<>]+/.exec(unfolded);
  if (!match) throw new Error(`no link in message:\n${message}`);
  return match[0];
}
