import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { AppError } from './app-error.js';
import { parseInput } from './validation.js';

describe('error envelope', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext({
      routes(app) {
        app.get('/api/test/app-error', async () => {
          throw new AppError('FORBIDDEN');
        });
        app.get('/api/test/rate-limited', async () => {
          throw new AppError('RATE_LIMITED', undefined, { headers: { 'Retry-After': '7' } });
        });
        app.get('/api/test/crash', async () => {
          throw new Error('database password is hunter2');
        });
        app.post('/api/test/echo', async (request) => {
          const body = parseInput(
            z.object({ name: z.string().trim().min(1, 'Name is required') }),
            request.body,
          );
          return { success: true, data: body };
        });
        app.get('/api/test/large', async () => ({ success: true, data: 'x'.repeat(20_000) }));
      },
    });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('answers unknown API routes with 404 in the envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/does-not-exist?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        error: `Route ${method} /api/does-not-exist not found`,
        code: 'ROUTE_NOT_FOUND',
      });
    }
  });

  it('maps an AppError to its catalogue status, message and headers', async () => {
    const forbidden = await ctx.app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      success: false,
      error: 'You do not have permission to do that.',
      code: 'FORBIDDEN',
    });
    const limited = await ctx.app.inject({ method: 'GET', url: '/api/test/rate-limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
  });

  it('hides unexpected errors behind "Unknown error occurred"', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, error: 'Unknown error occurred', code: 'INTERNAL' });
    expect(response.body).not.toContain('hunter2');
  });

  it('rejects invalid input with the schema message and every problem listed', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'name: Name is required',
      details: [{ path: 'name', message: 'Name is required' }],
    });
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: ' Ada ' } });
    expect(ok.json()).toEqual({ success: true, data: { name: 'Ada' } });
  });

  it('answers malformed JSON, wrong content types and oversized bodies in the envelope', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      error: 'Invalid JSON body.',
    });

    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-nonsense' },
      payload: 'name=x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });

    const tooLarge = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sends security headers and a request id on every response', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the same security headers and a request id with errors, whatever fails', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const answers = await Promise.all(
      ['/api/test/app-error', '/api/test/crash', '/api/does-not-exist'].map((url) =>
        ctx.app.inject({ method: 'GET', url }),
      ),
    );
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    const securityHeaders = Object.keys(health.headers).filter((name) =>
      /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|x-(content-type-options|dns-prefetch-control|download-options|frame-options|permitted-cross-domain-policies|xss-protection))/.test(
        name,
      ),
    );
    expect(securityHeaders).toHaveLength(11);
    for (const answer of [...answers, invalid]) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      for (const name of securityHeaders) expect(answer.headers[name]).toBe(health.headers[name]);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('compresses large responses for clients that accept it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/large',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).data).toHaveLength(20_000);
  });
});

/** A CSP source allowing the inline script `text`. */
function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

describe('single-page app serving', () => {
  let dist: string;
  let ctx: TestContext;
  const themeScript = "document.documentElement.classList.toggle('dark', false);";
  const shell = `<!doctype html><html><head><title>Kaleido</title><script>${themeScript}</script></head><body><div id="root"></div></body></html>`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'kaleido-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), shell);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // As web/scripts/prerender.mjs writes it; a source that is not a hash must be ignored.
    await writeFile(
      path.join(dist, 'csp.json'),
      JSON.stringify({ scriptSrc: [sha256Source(themeScript), "'unsafe-inline'", 'https://cdn.example'] }),
    );
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });
  beforeEach(async () => {
    ctx = await createTestContext({ webDistDir: dist });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it.each(['/', '/library', '/generate/image', '/api-docs', '/library/'])(
    'answers the deep link %s with the app shell, never cached',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(shell);
    },
  );

  it('allows the shell’s inline theme script by its hash, and no other inline script', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/pricing' });
    const inline = response.body.match(/<script>([^<]*)<\/script>/)?.[1] ?? '';
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256Source(inline)}`);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
  });

  it('answers unknown pages with the shell and status 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(shell);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never answers a missing file or an API path with the shell', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/library' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });
});
