import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';

/** A build as `npm run build -w web` leaves it: the shell, prerendered pages and compressed twins. */
describe('prerendered pages and precompressed files of the web build', () => {
  let dist: string;
  let ctx: TestContext;
  const shell = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
  const page = (name: string) =>
    `<!doctype html><html><head></head><body><div id="root" data-prerendered="">${name}<p>${'text '.repeat(400)}</p></div></body></html>`;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'kaleido-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, 'prerendered'));
    await writeFile(path.join(dist, 'index.html'), shell);
    for (const name of ['home', 'pricing', 'not-found']) {
      await writeFile(path.join(dist, 'prerendered', `${name}.html`), page(name));
    }
    // The build compresses the pages ahead; pricing stands for a page whose twins are missing.
    for (const name of ['home', 'not-found']) {
      const file = path.join(dist, 'prerendered', `${name}.html`);
      await writeFile(`${file}.br`, brotliCompressSync(page(name)));
      await writeFile(`${file}.gz`, gzipSync(page(name)));
    }
    await writeFile(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({
        '/': 'prerendered/home.html',
        '/pricing': 'prerendered/pricing.html',
        '*': 'prerendered/not-found.html',
        // Never read: only files of the prerendered folder are served this way.
        '/library': '../secrets/server-secret',
      }),
    );
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), script);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
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

  it.each([
    ['/', 'home'],
    ['/pricing', 'pricing'],
    ['/pricing/', 'pricing'],
  ])('answers a navigation to %s with its prerendered page, never cached', async (url, name) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(page(name));
  });

  it.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
  ] as const)(
    'sends a prerendered page compressed ahead to a browser that accepts %s',
    async (accepts, encoding, decompress) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', 'accept-encoding': accepts },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(page('home').length);
      expect(decompress(response.rawPayload).toString()).toBe(page('home'));
    },
  );

  it('sends a prerendered page as it is to a browser that takes no compression', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(page('home')));
    expect(response.body).toBe(page('home'));
  });

  it('compresses the 404 page too, keeping its status', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page('not-found'));
  });

  it('answers HEAD for a prerendered page with the headers of GET and no body', async () => {
    const headers = { accept: 'text/html', 'accept-encoding': 'br' };
    const get = await ctx.app.inject({ method: 'GET', url: '/', headers });
    const head = await ctx.app.inject({ method: 'HEAD', url: '/', headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers other app routes, and any address with a query string, with the empty shell', async () => {
    for (const url of ['/library', '/generate/image', '/auth?mode=signup', '/?ref=mail']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
    }
  });

  it('answers unknown pages with the prerendered 404 page and status 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(page('not-found'));
  });

  it('sends the build’s Brotli twin of a file to a browser that accepts it, the file itself otherwise', async () => {
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
