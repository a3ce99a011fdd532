#!/usr/bin/env node
// After `vite build`: renders the public pages to HTML with React's server renderer (src/entry-server.tsx,
// bundled for Node into node_modules/.prerender) and writes them beside the shell, into
// dist/prerendered/<name>.html, listed in dist/prerendered/pages.json for the server. The page's <title>
// and meta tags go into <head> (marked data-prerendered; main.tsx removes them before React adds its own).
// The only inline script is the shell's theme script, allowed by its hash (dist/csp.json, which the
// server adds to script-src); the app's scripts start from a small module (assets/start-<hash>.js)
// on the visitor's first sign of intent, or once the page has painted (see startOnIntent).
// What belongs to the server rather than the build (the starting credits, the site's origin, social
// sign-in: web/src/served-values.ts) is rendered with the defaults; dist/prerendered/served.json tells
// the server where its own values go (spa.ts fills them in, or starts the app at once).
// Then every text file of dist/assets and dist/prerendered gets a .br and a .gz twin, which the server sends to browsers that take them.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, minifySync } from 'vite';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webDir, 'dist');
const bundleDir = path.join(webDir, 'node_modules', '.prerender');

/** The pages a first visit lands on. `status` 404 is the catch-all page for unknown paths. */
export const PRERENDERED = [
  { name: 'home', path: '/', status: 200 },
  { name: 'pricing', path: '/pricing', status: 200 },
  { name: 'api-docs', path: '/api-docs', status: 200 },
  { name: 'auth', path: '/auth', status: 200 },
  { name: 'not-found', path: '/__not-found__', status: 404 },
];

const ROOT = '<div id="root"></div>';
const ENTRY = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;

/** Keep in step with web/src/prerendered.ts (SIGNED_IN_HINT_KEY, STARTED_EVENT, PRERENDERED_LOCALE). */
export const START_CONFIG = {
  hintKey: 'kaleido.signed-in',
  startedEvent: 'kaleido:started',
  lang: 'en',
  meUrl: '/api/auth/me',
  // The server's mark (a <meta name=… content="now">, server/src/platform/http/spa.ts) on a page whose
  // prerender cannot show what this server shows (an announcement, social sign-in's buttons).
  startNowMeta: 'kaleido-start',
};

/**
 * The page variants the server picks instead of a page (served.json's `variants`): /auth for a server
 * with social sign-in set up shows the buttons' placeholder, not the note that there are none.
 */
export const VARIANTS = [{ name: 'auth-social', path: '/auth', when: 'socialSignIn' }];

/**
 * The start module's code (serialised into assets/start-<hash>.js, so it imports nothing). A prerendered
 * page is whole without the app: its links are real links, and the app (React DOM, the router, the
 * page's module: most of the page's bytes and main-thread time) starts on the visitor's first sign of
 * intent: a press, touch, key, focus, wheel or scroll, or the mouse over a control (not a plain link)
 * on a device that hovers. It starts once the page has painted instead when the prerender cannot show
 * this visitor's page: likely signed in (the hint the app keeps, read for nothing else), another
 * language, a query string, a page that is not prerendered, or one the server marked (`startNowMeta`:
 * what this server shows, an announcement say, is not in it); and as soon as the session answer
 * (`meUrl`, asked without the hint) names a person.
 *
 * Until the app has taken over (its `startedEvent`, `detail.hydrated`), what the visitor does is kept:
 * a click on a control and a form's submission are held (not acted on by the browser) and replayed on
 * the same nodes once React hydrates them, and what was typed, ticked or chosen in a field (the
 * browser does that itself) is handed to React through the events it listens to (a hydrated field
 * keeps its state, but React's own state would not know it).
 * When the app rendered afresh (its DOM is new) nothing is replayed: the old nodes are gone.
 */
export function startOnIntent({ entry, preloads, hintKey, startedEvent, lang, meUrl, startNowMeta }) {
  const root = document.getElementById('root');
  const capture = { capture: true, passive: true };
  const CONTROL =
    'button, summary, label, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], a:not([href])';
  const INTENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll', 'mouseover'];
  let started = false;
  let live = false;
  const clicks = [];
  const submits = [];
  const typed = new Set();
  let installPrompt = null;

  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENTS) window.removeEventListener(type, onIntent, capture);
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    // A module script rather than import(): this function's source is what the build writes, and
    // a test runner's transform would rename import() in it.
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const hovers = window.matchMedia('(hover: hover)').matches;
  function onIntent(event) {
    const target = event.target instanceof Element ? event.target : null;
    // A press on a plain link is followed by a page load, which needs no app (a scroll that starts on
    // one starts the app by its scroll events); hovering starts it only over a control.
    if (target?.closest('a[href]') && !target.closest(CONTROL) && !/^(key|wheel|scroll)/.test(event.type))
      return;
    if (event.type === 'mouseover' && !(hovers && target?.closest(`${CONTROL}, input, textarea`))) return;
    // Used, not only looked at: the app's own engagement listeners (the install prompt waits for
    // one) come too late for it, so #root says so (web/src/features/pwa/install-event.ts).
    if (!started && !/^(mouseover|focusin)$/.test(event.type)) root?.setAttribute('data-used', '');
    start();
  }

  // Held until the app is live: a click on a control (the browser would do nothing, or submit a form
  // natively), a submission, the fields typed into.
  const inPage = (element) => element instanceof Element && root?.contains(element);
  const onClick = (event) => {
    const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
    if (live || !inPage(control)) return;
    // A label passes its click on to its field, which the browser changes (kept like typed text).
    if (control.localName === 'label') return;
    event.preventDefault();
    if (clicks.at(-1) !== control) clicks.push(control);
    start();
  };
  const onSubmit = (event) => {
    if (live || !inPage(event.target)) return;
    event.preventDefault();
    submits.push([event.target, event.submitter]);
    start();
  };
  const onInput = (event) => {
    const field = event.target;
    if (!live && inPage(field) && /^(input|textarea|select)$/.test(field.localName)) typed.add(field);
  };
  const onInstallPrompt = (event) => {
    // Chromium's install offer fires once per page: kept for the app's install prompt.
    event.preventDefault();
    installPrompt = event;
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onInput, true);
  window.addEventListener('beforeinstallprompt', onInstallPrompt);

  document.addEventListener(
    startedEvent,
    (event) => {
      live = true;
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('input', onInput, true);
      window.removeEventListener('beforeinstallprompt', onInstallPrompt);
      if (installPrompt) window.dispatchEvent(installPrompt);
      if (!event.detail?.hydrated) return;
      // What each field holds now and held in the prerendered page, and the event React reads it on;
      // all read first, since React re-renders a controlled field with its own state as others change.
      const entered = [...typed].flatMap((field) => {
        const checkable = field.type === 'checkbox' || field.type === 'radio';
        const property = checkable ? 'checked' : 'value';
        const initial = checkable
          ? field.defaultChecked
          : field.localName === 'select'
            ? ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value
            : field.defaultValue;
        const set = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set;
        const value = field[property];
        if (!field.isConnected || !set || value === initial) return [];
        const type = checkable ? 'click' : field.localName === 'select' ? 'change' : 'input';
        // A plain Event: a synthetic MouseEvent click would toggle a checkbox.
        const change = (to) => {
          set.call(field, to);
          field.dispatchEvent(new Event(type, { bubbles: true }));
        };
        return [{ initial, value, change }];
      });
      // Back to the prerendered state: the events make React hydrate the fields, which keep it.
      for (const field of entered) field.change(field.initial);
      // Then what the visitor entered, which React now sees as changes.
      for (const field of entered) field.change(field.value);
      // After React has applied those changes.
      setTimeout(() => {
        for (const control of clicks) if (control.isConnected) control.click();
        for (const [form, submitter] of submits) {
          if (form.isConnected) form.requestSubmit(submitter?.form === form ? submitter : undefined);
        }
      });
    },
    { once: true },
  );

  // The service worker (offline pages, installability) registers without the app, after the load event.
  if ('serviceWorker' in navigator) {
    const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }

  let signedIn = false;
  try {
    signedIn = window.localStorage.getItem(hintKey) !== null;
  } catch {
    signedIn = false;
  }
  const prerenderedHere =
    root?.hasAttribute('data-prerendered') && document.documentElement.lang === lang && !location.search;
  const marked = document.querySelector(`meta[name="${startNowMeta}"][content="now"]`) !== null;
  if (!prerenderedHere || signedIn || marked) {
    // After the first paint (a hidden tab paints no frames: half a second at most).
    requestAnimationFrame(() => setTimeout(start));
    setTimeout(start, 500);
  } else {
    for (const type of INTENTS) window.addEventListener(type, onIntent, capture);
    // A session without the hint (signed in before it existed, by an API call, or the storage
    // cleared): the session's own answer, a small JSON request and no script, starts the app too.
    fetch(meUrl, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => {
        if (body?.data) start();
      })
      .catch(() => undefined);
  }
}

/**
 * The prerendered pages' scripts: the shell's entry script and the modules it preloads go into a
 * small module of their own (an external file: the CSP allows no inline script but the hashed theme
 * script), which starts them as `startOnIntent` says. Returns its source and the shell without those tags.
 */
export function deferScripts(shell) {
  const entry = shell.match(ENTRY)?.[1];
  if (!entry) throw new Error('dist/index.html has no module script');
  const preloads = [...shell.matchAll(PRELOAD)].map((match) => match[1]);
  const config = { entry, preloads, ...START_CONFIG };
  const minified = minifySync('start.js', `(${startOnIntent.toString()})(${JSON.stringify(config)});`, {
    module: true,
    compress: true,
    mangle: true,
  });
  if (minified.errors.length > 0) throw new Error(`the start module: ${minified.errors[0].message}`);
  // The comment names this function: initial-bundle.mjs tells this module from older ones by it.
  const source = `// startOnIntent: starts the app of a prerendered page (web/scripts/prerender.mjs).\n${minified.code}`;
  return { source, shell: shell.replace(ENTRY, '').replace(PRELOAD, '') };
}

/**
 * The CSP hashes ('sha256-…') of the shell's inline scripts (the theme script in <head>), for the
 * server's script-src: it reads them from dist/csp.json at start.
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(match[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const HEAD_TAGS = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/;

async function bundleRenderer() {
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: bundleDir,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
    },
  });
  return import(pathToFileURL(path.join(bundleDir, 'entry-server.mjs')).href);
}

/** Puts a rendered page into the built shell: the head tags React hoisted, the markup inside #root. */
export function pageHtml(shell, rendered) {
  const head = rendered.match(HEAD_TAGS)?.[0] ?? '';
  const body = rendered.slice(head.length);
  if (/<script(?![^>]*\ssrc=)/i.test(body)) throw new Error('a prerendered page would need an inline script');
  // A boundary the server could not finish is rendered again in the browser, with a recoverable error.
  if (body.includes('<!--$!-->')) throw new Error('a Suspense boundary suspended while prerendering');
  const marked = head.replace(/<(title|meta|link)\b/g, '<$1 data-prerendered=""');
  const withHead = head ? shell.replace(/<title>[^<]*<\/title>/, marked) : shell;
  if (!withHead.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);
  return withHead.replace(ROOT, `<div id="root" data-prerendered="">${body}</div>`);
}

/**
 * What the server needs to serve the pages with its own values (served.json, read by
 * server/src/platform/http/spa.ts): the values the pages were rendered with, the slot its origin
 * replaces, the names of the data block and of the start-now mark, the starting-credits sentence for any figure (`{count}`, per English plural category),
 * and the variants it picks (`socialSignIn`: path → file).
 */
export function servedManifest({ BAKED_VALUES, ORIGIN_SLOT, SERVED_VALUES_ID, credits, variants }) {
  return {
    baked: BAKED_VALUES,
    originSlot: ORIGIN_SLOT,
    lang: START_CONFIG.lang,
    // The data block's id (web/src/served-values.ts) and the start module's mark.
    dataId: SERVED_VALUES_ID,
    startNowMeta: START_CONFIG.startNowMeta,
    startingCredits: { text: credits.baked, forms: credits.forms },
    variants,
  };
}

async function compressAll(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await compressAll(file);
      continue;
    }
    if (!/\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/.test(entry.name)) continue;
    const bytes = await readFile(file);
    if (bytes.length < 1024) continue;
    await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    await writeFile(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { render, startingCreditsTexts, BAKED_VALUES, ORIGIN_SLOT, SERVED_VALUES_ID } =
    await bundleRenderer();
  const built = await readFile(path.join(dist, 'index.html'), 'utf8');
  // The server adds these to its CSP's script-src (server/src/platform/http/security-headers.ts).
  await writeFile(
    path.join(dist, 'csp.json'),
    `${JSON.stringify({ scriptSrc: inlineScriptHashes(built) }, null, 2)}\n`,
  );
  const deferred = deferScripts(built);
  const hash = createHash('sha256').update(deferred.source).digest('base64url').slice(0, 10);
  const start = `/assets/start-${hash}.js`;
  await writeFile(path.join(dist, start), deferred.source);
  const shell = deferred.shell.replace(
    '</head>',
    `  <script type="module" crossorigin src="${start}"></script>\n  </head>`,
  );
  const out = path.join(dist, 'prerendered');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const pages = {};
  for (const page of PRERENDERED) {
    const { html } = await render(page.path);
    await writeFile(path.join(out, `${page.name}.html`), pageHtml(shell, html));
    pages[page.status === 404 ? '*' : page.path] = `prerendered/${page.name}.html`;
  }
  await writeFile(path.join(out, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
  const variants = {};
  for (const variant of VARIANTS) {
    const { html } = await render(variant.path, { ...BAKED_VALUES, [variant.when]: true });
    await writeFile(path.join(out, `${variant.name}.html`), pageHtml(shell, html));
    variants[variant.when] = {
      ...variants[variant.when],
      [variant.path]: `prerendered/${variant.name}.html`,
    };
  }
  const served = servedManifest({
    BAKED_VALUES,
    ORIGIN_SLOT,
    SERVED_VALUES_ID,
    credits: startingCreditsTexts(),
    variants,
  });
  await writeFile(path.join(out, 'served.json'), `${JSON.stringify(served, null, 2)}\n`);
  // Only the content-hashed files: a file that keeps its name (sw.js, index.html) may be replaced
  // without its twins, and the server compresses those on the fly anyway.
  await compressAll(path.join(dist, 'assets'));
  // The prerendered pages are read once by the server, twins included, and chosen per request.
  await compressAll(out);
  console.log(`prerendered ${PRERENDERED.map((page) => page.path).join(', ')} into dist/prerendered/`);
}
