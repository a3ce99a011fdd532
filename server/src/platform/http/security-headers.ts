import { readFile } from 'node:fs/promises';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers for every response. The CSP fits the built SPA: scripts and styles from this
 * origin only, and the shell's inline theme script by its hash (read from the build's csp.json at
 * start; inline styles are allowed for style attributes set by UI libraries), images and media
 * from this origin, data: and blob:, no framing.
 *
 * Helmet's headers never depend on the request, so its middleware runs once, at start, and each
 * response gets the headers it wrote as reply headers: Fastify writes them with its own in one
 * `writeHead` (headers set on the raw response make Node merge both sets on every answer).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; webDistDir?: string | null },
): Promise<void> {
  const inlineScripts = options.webDistDir ? await inlineScriptHashes(options.webDistDir) : [];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Media may later come from signed S3 URLs on another origin.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Social sign-in popups must keep their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  const headers = helmetHeaders(setHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

/**
 * The hashes of the built shell's inline scripts (its theme script), which the web build writes to
 * dist/csp.json: only well-formed 'sha256-…' sources are taken, so the file cannot loosen the policy.
 */
async function inlineScriptHashes(distDir: string): Promise<string[]> {
  let listing: unknown;
  try {
    listing = JSON.parse(await readFile(path.join(distDir, 'csp.json'), 'utf8'));
  } catch {
    return [];
  }
  const scriptSrc = typeof listing === 'object' && listing !== null ? Reflect.get(listing, 'scriptSrc') : [];
  return Array.isArray(scriptSrc)
    ? scriptSrc.filter(
        (source): source is string =>
          typeof source === 'string' && /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source),
      )
    : [];
}

/** The headers a request-independent helmet middleware writes, as `[lower-case name, value]`. */
function helmetHeaders(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string][] {
  // An unconnected response: helmet only sets and removes its headers.
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown;
  middleware(request, response, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]);
}
