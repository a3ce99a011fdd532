import { apiCatalogs } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, SAME_ORIGIN, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { englishOf } from '../../../test/messages.js';

const { de, en, es, fr, zh } = apiCatalogs;

/**
 * The error envelope in the person's language (DECISIONS "Languages"): signed-out requests by
 * Accept-Language, signed-in ones (session or public-API key) by the account's language setting;
 * `code` stays the same in every language.
 */
describe('server messages in five languages', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await ctx.close();
  });

  const login = (email: string, password: string, language?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...SAME_ORIGIN, ...(language ? { 'accept-language': language } : {}) },
      payload: { email, password },
    });

  it('answers a wrong password in German with the same code as in English', async () => {
    const person = await signUp(ctx.app);
    const english = await login(person.email, 'not the password');
    const german = await login(person.email, 'not the password', 'de');
    expect(english.statusCode).toBe(401);
    expect(german.statusCode).toBe(401);
    expect(english.json()).toEqual({
      success: false,
      code: 'AUTHENTICATION_FAILED',
      error: 'Invalid email or password.',
    });
    expect(german.json()).toEqual({
      success: false,
      code: 'AUTHENTICATION_FAILED',
      error: de['api.auth.invalidCredentials'],
    });
    expect(german.json().error).toBe('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('answers a signed-in person in their language setting, whatever Accept-Language says', async () => {
    const person = await signUp(ctx.app);
    const as = browser(ctx.app, person);
    expect((await as.patch('/api/settings', { language: 'fr' })).statusCode).toBe(200);

    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/generations/00000000-0000-4000-8000-000000000000',
      headers: { ...SAME_ORIGIN, cookie: person.cookie, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      error: fr['api.generation.notFound'],
    });

    // A validation problem of a signed-in request: the message and each detail in French.
    const invalid = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...SAME_ORIGIN, cookie: person.cookie, 'accept-language': 'en' },
      payload: { defaultVideoLength: 500 },
    });
    expect(invalid.statusCode).toBe(400);
    const range = 'La durée par défaut des vidéos doit être comprise entre 5 et 120\u00a0secondes.';
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: `defaultVideoLength: ${range}`,
      details: [{ path: 'defaultVideoLength', message: range }],
    });
  });

  it('answers a public-API key call in the key owner’s language', async () => {
    const owner = await signUp(ctx.app);
    const as = browser(ctx.app, owner);
    expect((await as.patch('/api/settings', { language: 'es' })).statusCode).toBe(200);
    const created = await as.post('/api/api-keys/create', { name: 'Script' });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().data.key as string;

    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/generations/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', error: es['api.generation.notFound'] });

    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate/image',
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
      payload: { prompt: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: `prompt: ${es['api.generation.promptRequired']}`,
    });

    // An unknown key speaks for nobody: Accept-Language decides.
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/generations/x',
      headers: { authorization: 'Bearer kal_live_not_a_real_key', 'accept-language': 'fr' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({
      code: 'AUTHENTICATION_FAILED',
      error: fr['api.apiKeys.keyInvalid'],
    });
  });

  it('fills the numbers into translated validation messages and localizes zod’s own messages', async () => {
    const signup = (payload: object, language: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { ...SAME_ORIGIN, 'accept-language': language },
        payload,
      });
    const short = await signup(
      { name: 'Li Wei', email: 'li@example.com', password: 'short' },
      'zh-CN,zh;q=0.9',
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'password: 密码至少需要 8 个字符。',
      details: [{ path: 'password', message: '密码至少需要 8 个字符。' }],
    });
    expect(zh['api.auth.passwordTooShort']).toBe('密码至少需要 {min} 个字符。');

    // A check without a message of ours: zod's German text, not its English one.
    const german = await signup(
      { name: 'Eva', email: 'eva@example.com', password: 'long enough password', remember: 'yes' },
      'de',
    );
    expect(german.statusCode).toBe(400);
    expect(german.json().error).toMatch(/^remember: Ungültige Eingabe/);
    const english = await signup(
      { name: 'Eva', email: 'eva@example.com', password: 'long enough password', remember: 'yes' },
      'en',
    );
    expect(english.json().error).toMatch(/^remember: Invalid input/);
  });

  it('answers unknown routes and malformed JSON in Spanish', async () => {
    const route = await ctx.app.inject({
      method: 'GET',
      url: '/api/does-not-exist?x=1',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(route.statusCode).toBe(404);
    expect(route.json()).toEqual({
      success: false,
      code: 'ROUTE_NOT_FOUND',
      error: 'No existe la ruta GET /api/does-not-exist',
    });

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json', 'accept-language': 'es' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      error: es['api.request.invalidJson'],
    });
    expect(es['api.request.invalidJson']).not.toBe(en['api.request.invalidJson']);
  });

  it('gives a new account the language it signed up in', async () => {
    const signup = (email: string, headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { ...SAME_ORIGIN, ...headers },
        payload: { name: 'New Person', email, password: 'correct horse battery' },
      });
    const german = await signup('neu@example.com', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.statusCode, german.body).toBe(201);
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { ...SAME_ORIGIN, authorization: `Bearer ${german.json().data.token}` },
    });
    expect(settings.json().data.language).toBe('de');

    const unknown = await signup('new@example.com', { 'accept-language': 'pt-BR,pt;q=0.9' });
    const defaults = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { ...SAME_ORIGIN, authorization: `Bearer ${unknown.json().data.token}` },
    });
    expect(defaults.json().data.language).toBe('en');
  });

  it('words success texts of signed-out calls in the requested language', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { ...SAME_ORIGIN, 'accept-language': 'fr' },
      payload: { email: 'nobody@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(fr['api.auth.resetEmailSent']);
    expect(englishOf('api.auth.resetEmailSent')).toBe(
      'If an account exists for that email, we sent a link to reset the password.',
    );
  });
});
