import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { isAppRoute, type TPublicSiteSettings } from '@kaleido/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface Spa {
  /** Answers a browser navigation with the app shell: 200 for the app's routes, 404 otherwise. */
  sendShell(reply: FastifyReply, pathname: string): Promise<FastifyReply>;
}

/**
 * Where the values of this server that a prerendered page shows come from (the build renders the
 * pages with the defaults): the site settings, the social sign-in providers and PUBLIC_URL.
 */
export interface SpaSite {
  /** What a signed-out visitor reads of the site settings (GET /api/site). */
  publicView(): Promise<Pick<TPublicSiteSettings, 'startingCredits' | 'announcement'>>;
  /** Calls `listener` after this process saved the settings (another process's save shows within SITE_TTL_MS). */
  onChange?(listener: () => void): unknown;
  /** The social sign-in providers set up (server config, read once at start). */
  socialProviders(): readonly unknown[];
  /** PUBLIC_URL: the site's origin goes into the API docs' base URL and code samples. */
  publicUrl: string;
}

/**
 * How long the site settings read for the pages serve before they are read again (each read asks the
 * database for the settings' version): a save in this process is seen at once (`onChange`), another
 * process's within this time.
 */
const SITE_TTL_MS = 5_000;

/** A prerendered page as read at start: the HTML and the compressed twins the build wrote beside it. */
interface PrerenderedPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The encodings the build writes twins for, in order of preference (as `@fastify/static` prefers them). */
const ENCODINGS = ['br', 'gzip'] as const;
const TWIN_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** A file's bytes, or undefined when the build did not write it. */
async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * The public pages the web build prerendered (web/scripts/prerender.mjs writes
 * `prerendered/pages.json`: path → file, `*` for the page of unknown paths, and `.br`/`.gz` twins
 * of each page), read once at start. A build without them serves the empty shell everywhere.
 */
async function readPrerendered(distDir: string): Promise<Prerendered> {
  const read: Prerendered = { pages: new Map(), variants: new Map() };
  const listing = await readJson(path.join(distDir, 'prerendered', 'pages.json'));
  if (typeof listing !== 'object' || listing === null) return read;
  for (const [pathname, file] of Object.entries(listing)) {
    const page = await readPage(distDir, file);
    if (page) read.pages.set(pathname, page);
  }
  const manifest = ZServedManifest.safeParse(
    await readJson(path.join(distDir, 'prerendered', 'served.json')),
  );
  if (!manifest.success) return read;
  read.manifest = manifest.data;
  for (const [name, files] of Object.entries(manifest.data.variants)) {
    const pages = new Map<string, PrerenderedPage>();
    for (const [pathname, file] of Object.entries(files)) {
      const page = await readPage(distDir, file);
      if (page) pages.set(pathname, page);
    }
    read.variants.set(name, pages);
  }
  return read;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A page of the prerendered folder (nothing else is read this way) and its twins. */
async function readPage(distDir: string, file: unknown): Promise<PrerenderedPage | undefined> {
  if (typeof file !== 'string' || !/^prerendered\/[a-z0-9-]+\.html$/.test(file)) return undefined;
  const html = path.join(distDir, file);
  return {
    identity: await readFile(html),
    br: await readIfPresent(html + TWIN_SUFFIX.br),
    gzip: await readIfPresent(html + TWIN_SUFFIX.gzip),
  };
}

/** What the build says about the values in its pages (prerendered/served.json, web/scripts/prerender.mjs). */
const ZServedManifest = z.object({
  baked: z.object({ startingCredits: z.number(), origin: z.string(), socialSignIn: z.boolean() }),
  originSlot: z.string().min(8),
  lang: z.string(),
  dataId: z.string().regex(/^[a-z-]+$/),
  startNowMeta: z.string().regex(/^[a-z-]+$/),
  startingCredits: z.object({
    text: z.string().min(1),
    forms: z.object({ other: z.string() }).catchall(z.string()),
  }),
  variants: z.record(z.string(), z.record(z.string(), z.string().regex(/^prerendered\/[a-z0-9-]+\.html$/))),
});
type ServedManifest = z.infer<typeof ZServedManifest>;

/** The values of this server a page shows, as the client reads them back (web/src/served-values.ts). */
interface ServedValues {
  startingCredits: number;
  origin: string;
  socialSignIn: boolean;
}

/** The values a page is served with, and whether an announcement is up. */
interface Served extends ServedValues {
  /** An announcement is up: the prerender has no banner, the app shows it. */
  announcement: boolean;
}

/** The build's pages as written, with what served.json says (none for a build without it). */
interface Prerendered {
  pages: Map<string, PrerenderedPage>;
  manifest?: ServedManifest;
  /** served.json's variants, read: variant name → path → page. */
  variants: Map<string, Map<string, PrerenderedPage>>;
}

/** Text for HTML, escaped as React escapes it (the hydration compares the text, not the markup). */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#x27' }[char]};`,
  );
}

/** JSON inside a <script type="application/json">: no `</script>`, no comment opener, in any case. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The starting-credits sentence for `count`, as the client's message would read (served.json's forms). */
function creditsText(manifest: ServedManifest, count: number): string {
  const { forms } = manifest.startingCredits;
  const category = new Intl.PluralRules(manifest.lang).select(count);
  const form = forms[category] ?? forms.other;
  return form.replace('{count}', new Intl.NumberFormat(manifest.lang).format(count));
}

/**
 * A prerendered page with this server's values: the site's origin and a starting-credits figure
 * other than the build's are filled in (HTML-escaped), the values go into a JSON block for the
 * hydration (web/src/served-values.ts), and a page that cannot show what the app would (an
 * announcement, social sign-in's buttons) is marked to start the app at once. Undefined when the
 * page is served as built.
 */
function fillPage(
  source: string,
  manifest: ServedManifest,
  values: Served,
  options: { startNow: boolean },
): string | undefined {
  const { baked } = manifest;
  let html = source;
  const slot = escapeHtml(manifest.originSlot);
  const hasOrigin = html.includes(slot);
  if (hasOrigin) html = html.replaceAll(slot, escapeHtml(values.origin));
  const credits = values.startingCredits !== baked.startingCredits;
  if (credits) {
    html = html.replaceAll(
      escapeHtml(manifest.startingCredits.text),
      escapeHtml(creditsText(manifest, values.startingCredits)),
    );
  }
  const differs = hasOrigin || credits || values.socialSignIn !== baked.socialSignIn;
  if (!differs && !options.startNow) return undefined;
  const block: ServedValues = {
    startingCredits: values.startingCredits,
    origin: values.origin,
    socialSignIn: values.socialSignIn,
  };
  // Not a script the browser runs (the CSP's script-src does not apply), so no hash is needed.
  const head = [
    options.startNow ? `<meta name="${manifest.startNowMeta}" content="now">` : '',
    `<script type="application/json" id="${manifest.dataId}">${jsonForScript(block)}</script>`,
  ].join('');
  return html.replace('</head>', `${head}</head>`);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page's HTML with its twins, compressed as the build compresses them. */
async function compressed(html: string): Promise<PrerenderedPage> {
  const identity = Buffer.from(html);
  if (identity.length < 1024) return { identity };
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

/**
 * Picks the page's best twin for the request's Accept-Encoding with the negotiator `@fastify/static`
 * uses for the build's other files (`*` counts as gzip there too), or the HTML itself.
 */
function pickEncoding(
  page: PrerenderedPage,
  acceptEncoding: string | undefined,
): { encoding?: (typeof ENCODINGS)[number]; body: Buffer } {
  if (acceptEncoding) {
    const offered = ENCODINGS.filter((encoding) => page[encoding] !== undefined);
    const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'), offered);
    const body = chosen ? page[chosen] : undefined;
    if (chosen && body) return { encoding: chosen, body };
  }
  return { body: page.identity };
}

/**
 * Serves the built single-page app: content-hashed files under /assets/ are cached for a year,
 * everything else (index.html, the service worker, icons) is revalidated on every use. Files the
 * build compressed ahead (`x.js.br`, `x.js.gz`) are sent to browsers that accept them. Navigations to
 * a prerendered page get its HTML (React hydrates it), compressed ahead like the files when the
 * browser accepts that; other app routes get the empty shell.
 */
export async function registerSpa(app: FastifyInstance, distDir: string, site?: SpaSite): Promise<Spa> {
  const shell = await readFile(path.join(distDir, 'index.html'));
  const prerendered = await readPrerendered(distDir);
  const served = servedPages(prerendered, site);
  const assetsDir = `${path.join(distDir, 'assets')}${path.sep}`;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  return {
    async sendShell(reply, pathname) {
      const route = isAppRoute(pathname);
      const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      // A query string may change the first render (/auth?mode=signup): such pages start from the shell.
      const plain = !reply.request.url.includes('?');
      const key = route ? trimmed : '*';
      const page = plain && prerendered.pages.has(key) ? await served.page(key, reply) : undefined;
      reply
        .status(route ? 200 : 404)
        .header('Cache-Control', REVALIDATE)
        .type('text/html; charset=utf-8');
      if (!page) return reply.send(shell);
      const { encoding, body } = pickEncoding(page, reply.request.headers['accept-encoding']);
      reply.header('Vary', 'Accept-Encoding');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.header('Content-Length', body.length).send(body);
    },
  };
}

/**
 * The prerendered pages as this server serves them (fillPage), made once per set of values: the
 * site settings are read again after a save here (`onChange`) or SITE_TTL_MS after the last read,
 * never per request. A page left as built keeps the build's twins; a changed one is compressed here.
 * Without `site` (or a build without served.json) the site's origin is left empty and the settings
 * are the build's.
 */
function servedPages(prerendered: Prerendered, site: SpaSite | undefined) {
  const { manifest } = prerendered;
  let settings: { at: number; view: ReturnType<SpaSite['publicView']> } | undefined;
  site?.onChange?.(() => {
    settings = undefined;
  });
  let made: { key: string; pages: Map<string, Promise<PrerenderedPage>> } | undefined;
  // Configuration, fixed for the process: worked out once, not per page.
  const origin = site ? new URL(site.publicUrl).origin : '';
  const socialSignIn = site ? site.socialProviders().length > 0 : false;

  async function current(reply: FastifyReply): Promise<Served> {
    const now = Date.now();
    const baked = manifest?.baked;
    const values: Served = {
      startingCredits: baked?.startingCredits ?? 0,
      origin,
      socialSignIn,
      announcement: false,
    };
    if (!site) return values;
    if (!settings || now - settings.at > SITE_TTL_MS) settings = { at: now, view: site.publicView() };
    const asked = settings;
    try {
      const view = await asked.view;
      const { announcement } = view;
      values.startingCredits = view.startingCredits;
      values.announcement =
        announcement !== null && !(announcement.until && Date.parse(announcement.until) <= now);
    } catch (error) {
      // Served with the build's figure meanwhile; asked again on the next page.
      if (settings === asked) settings = undefined;
      reply.log.warn({ err: error }, 'the site settings for a prerendered page could not be read');
    }
    return values;
  }

  return {
    async page(key: string, reply: FastifyReply): Promise<PrerenderedPage | undefined> {
      const built = prerendered.pages.get(key);
      if (!built || !manifest) return built;
      const values = await current(reply);
      const variant = values.socialSignIn ? prerendered.variants.get('socialSignIn')?.get(key) : undefined;
      const cacheKey = JSON.stringify(values);
      if (made?.key !== cacheKey) made = { key: cacheKey, pages: new Map() };
      let page = made.pages.get(key);
      if (!page) {
        const source = variant ?? built;
        // /auth's variant: its buttons' placeholder gives way to the list once the app has started.
        const html = fillPage(source.identity.toString('utf8'), manifest, values, {
          startNow: values.announcement || variant !== undefined,
        });
        page = html === undefined ? Promise.resolve(source) : compressed(html);
        made.pages.set(key, page);
        page.catch(() => made?.pages.delete(key));
      }
      return page;
    },
  };
}
