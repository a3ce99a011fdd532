import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { TSiteSettingsInput } from '@kaleido/common';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { registerSpa } from './spa.js';

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

/**
 * A build with served.json (web/scripts/prerender.mjs): its pages show the build's defaults, which
 * this server replaces with its own values or, where it cannot, marks the page to start the app at once.
 */
describe('prerendered pages with this server’s values', () => {
  let dist: string;
  let ctx: TestContext;
  let admin: SignedIn;
  const ORIGIN_SLOT = '__KALEIDO_PUBLIC_ORIGIN__';
  const filler = `<p>${'text '.repeat(400)}</p>`;
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><title data-prerendered="">Kaleido</title><script type="module" crossorigin src="/assets/start-abc.js"></script></head><body><div id="root" data-prerendered="">${body}${filler}</div></body></html>`;
  const PAGES = {
    home: page('<h1>Home</h1><p class="mt-3">Start free with 10 credits</p>'),
    pricing: page('<h1>Pricing</h1><p>10 credits every month</p>'),
    'api-docs': page(
      `<h1>API</h1><code data-testid="api-base-url">${ORIGIN_SLOT}<wbr/>/api/v1</code><pre><code>const BASE_URL = &#x27;${ORIGIN_SLOT}/api/v1&#x27;;</code></pre>`,
    ),
    auth: page('<h1>Sign in</h1><p>Social sign-in is not set up on this server.</p>'),
    'auth-social': page('<h1>Sign in</h1><div role="status"><span>Loading sign-in options</span></div>'),
    'not-found': page('<h1>Not found</h1>'),
  };
  const SETTINGS: TSiteSettingsInput = {
    signupMode: 'open',
    startingCredits: 10,
    planModels: { free: null, pro: null, enterprise: null },
    announcement: null,
  };
  const START_NOW = '<meta name="kaleido-start" content="now">';

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'kaleido-dist-'));
    await mkdir(path.join(dist, 'prerendered'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    for (const [name, html] of Object.entries(PAGES)) {
      const file = path.join(dist, 'prerendered', `${name}.html`);
      await writeFile(file, html);
      await writeFile(`${file}.br`, brotliCompressSync(html));
      await writeFile(`${file}.gz`, gzipSync(html));
    }
    await writeFile(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({
        '/': 'prerendered/home.html',
        '/pricing': 'prerendered/pricing.html',
        '/api-docs': 'prerendered/api-docs.html',
        '/auth': 'prerendered/auth.html',
        '*': 'prerendered/not-found.html',
      }),
    );
    await writeFile(
      path.join(dist, 'prerendered', 'served.json'),
      JSON.stringify({
        baked: { startingCredits: 10, origin: ORIGIN_SLOT, socialSignIn: false },
        originSlot: ORIGIN_SLOT,
        lang: 'en',
        dataId: 'kaleido-served',
        startNowMeta: 'kaleido-start',
        startingCredits: {
          text: 'Start free with 10 credits',
          forms: { one: 'Start free with {count} credit', other: 'Start free with {count} credits' },
        },
        variants: { socialSignIn: { '/auth': 'prerendered/auth-social.html' } },
      }),
    );
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });
  afterEach(async () => {
    await ctx?.close();
  });

  async function start(options: Parameters<typeof createTestContext>[0] = {}) {
    ctx = await createTestContext({ webDistDir: dist, ...options });
    admin = await signUp(ctx.app);
  }
  const save = async (settings: Partial<TSiteSettingsInput>) => {
    const response = await browser(ctx.app, admin).put('/api/admin/site-settings', {
      ...SETTINGS,
      ...settings,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The page as a browser that takes Brotli gets it, checked against the HTML itself. */
  async function visit(url: string) {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const compressed = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(response.body);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeUndefined();
    const block = response.body.match(
      /<script type="application\/json" id="kaleido-served">([^<]*)<\/script>/,
    );
    return {
      html: response.body,
      status: response.statusCode,
      startsNow: response.body.includes(START_NOW),
      served: block?.[1] ? (JSON.parse(block[1]) as Record<string, unknown>) : undefined,
    };
  }

  it('with the defaults, serves the pages as built (start on intent), the API docs with this site’s origin', async () => {
    await start();
    for (const [url, name] of [
      ['/', 'home'],
      ['/pricing', 'pricing'],
      ['/auth', 'auth'],
      ['/no-such-page', 'not-found'],
    ] as const) {
      const served = await visit(url);
      expect(served.html, url).toBe(PAGES[name]);
    }
    const docs = await visit('/api-docs');
    expect(docs.startsNow).toBe(false);
    expect(docs.html).not.toContain(ORIGIN_SLOT);
    expect(docs.html).toContain('<code data-testid="api-base-url">http://localhost:3000<wbr/>/api/v1</code>');
    expect(docs.html).toContain('const BASE_URL = &#x27;http://localhost:3000/api/v1&#x27;;');
    expect(docs.served).toEqual({
      startingCredits: 10,
      origin: 'http://localhost:3000',
      socialSignIn: false,
    });
  });

  it('fills in a changed starting-credits figure, and starts at once for an announcement, whose text stays out of the page', async () => {
    await start();
    expect((await visit('/')).html).toBe(PAGES.home);
    const text = '</script><script>alert("x")</script> Maintenance & <b>soon</b>';
    await save({ startingCredits: 25, announcement: { text, level: 'warning', until: null } });

    // The next page load shows the change.
    const home = await visit('/');
    expect(home.html).toContain('<p class="mt-3">Start free with 25 credits</p>');
    expect(home.html).not.toContain('10 credits');
    expect(home.served).toEqual({
      startingCredits: 25,
      origin: 'http://localhost:3000',
      socialSignIn: false,
    });
    expect(home.startsNow).toBe(true);
    expect(home.html).not.toContain('alert');
    expect(home.html).not.toContain('<b>');
    // Every page: the banner is the app's.
    for (const url of ['/pricing', '/api-docs', '/auth', '/no-such-page']) {
      expect((await visit(url)).startsNow, url).toBe(true);
    }
    expect((await visit('/no-such-page')).status).toBe(404);

    // One credit is a singular; the announcement gone, the pages start on intent again.
    await save({ startingCredits: 1, announcement: null });
    const one = await visit('/');
    expect(one.html).toContain('Start free with 1 credit</p>');
    expect(one.startsNow).toBe(false);
    expect(one.served?.startingCredits).toBe(1);
    expect((await visit('/pricing')).served?.startingCredits).toBe(1);

    // Back to the defaults: the pages as built.
    await save({ startingCredits: 10 });
    expect((await visit('/')).html).toBe(PAGES.home);
  });

  it('a figure in the thousands is written as the page writes numbers', async () => {
    await start();
    await save({ startingCredits: 12500 });
    expect((await visit('/')).html).toContain('Start free with 12,500 credits</p>');
  });

  it('an announcement that has ended starts nothing', async () => {
    await start();
    const until = new Date(Date.now() + 1500).toISOString();
    await save({ announcement: { text: 'Short', level: 'info', until } });
    expect((await visit('/')).startsNow).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await visit('/')).html).toBe(PAGES.home);
  });

  it('with social sign-in set up, /auth is its buttons’ placeholder and starts at once; every page says so', async () => {
    await start({
      config: {
        social: [
          {
            id: 'local',
            name: 'Local ID',
            issuer: 'http://127.0.0.1:9/issuer',
            clientId: 'client',
            clientSecret: 'secret',
          },
        ],
      },
    });
    const auth = await visit('/auth');
    expect(auth.html).toContain('Loading sign-in options');
    expect(auth.html).not.toContain('Social sign-in is not set up');
    expect(auth.startsNow).toBe(true);
    expect(auth.served).toMatchObject({ socialSignIn: true });
    const home = await visit('/');
    expect(home.startsNow).toBe(false);
    expect(home.served).toMatchObject({ socialSignIn: true, startingCredits: 10 });
    // A query string still gets the shell.
    const signup = await ctx.app.inject({ method: 'GET', url: '/auth?mode=signup' });
    expect(signup.body).not.toContain('data-prerendered');
  });
});

describe('the site settings behind the prerendered pages', () => {
  it('are read once, not per page, and again after a save', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'kaleido-dist-'));
    try {
      await mkdir(path.join(dist, 'prerendered'));
      await writeFile(
        path.join(dist, 'index.html'),
        '<!doctype html><html><head></head><body></body></html>',
      );
      await writeFile(
        path.join(dist, 'prerendered', 'home.html'),
        '<html><head></head><body><div id="root" data-prerendered=""><p>Start free with 10 credits</p></div></body></html>',
      );
      await writeFile(
        path.join(dist, 'prerendered', 'pages.json'),
        JSON.stringify({ '/': 'prerendered/home.html' }),
      );
      await writeFile(
        path.join(dist, 'prerendered', 'served.json'),
        JSON.stringify({
          baked: { startingCredits: 10, origin: 'SLOT_OF_THE_ORIGIN', socialSignIn: false },
          originSlot: 'SLOT_OF_THE_ORIGIN',
          lang: 'en',
          dataId: 'kaleido-served',
          startNowMeta: 'kaleido-start',
          startingCredits: {
            text: 'Start free with 10 credits',
            forms: { other: 'Start free with {count} credits' },
          },
          variants: {},
        }),
      );
      let reads = 0;
      let credits = 10;
      let changed: () => void = () => undefined;
      const app = Fastify();
      const spa = await registerSpa(app, dist, {
        publicView: async () => {
          reads += 1;
          return { startingCredits: credits, announcement: null };
        },
        onChange: (listener) => {
          changed = listener;
        },
        socialProviders: () => [],
        publicUrl: 'https://kaleido.example/',
      });
      app.get('/', (_request, reply) => spa.sendShell(reply, '/'));
      const body = async () => (await app.inject({ method: 'GET', url: '/' })).body;
      for (let i = 0; i < 5; i += 1) expect(await body()).toContain('with 10 credits');
      expect(reads).toBe(1);
      credits = 40;
      changed();
      expect(await body()).toContain('Start free with 40 credits');
      expect(await body()).toContain('Start free with 40 credits');
      expect(reads).toBe(2);
      await app.close();
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
