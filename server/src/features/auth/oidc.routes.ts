import { randomBytes } from 'node:crypto';
import { AUTH_POPUP_CHANNEL, AUTH_POPUP_MESSAGE_TYPE, type TAuthPopupMessage } from '@kaleido/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { Authenticator } from './authn.js';
import { requestMeta } from './authn.js';
import { type OidcAttempt, type OidcService, safeReturnTo } from './oidc.service.js';

const ATTEMPT_COOKIE = 'kaleido_oidc';
const ATTEMPT_PATH = '/api/auth/oidc';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The page the popup lands on: it tells the opener (postMessage to this origin only, plus a
 * BroadcastChannel for identity providers whose COOP severs window.opener) and closes. The message
 * carries no token; the opener re-reads /api/auth/me with its cookie.
 */
function sendPopupCompletion(
  reply: FastifyReply,
  appOrigin: string,
  message: TAuthPopupMessage,
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const payload = JSON.stringify(message).replace(/</g, '\\u003c');
  const text = message.ok
    ? 'Signed in. You can close this window.'
    : escapeHtml(message.error ?? 'Sign-in failed.');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kaleido sign-in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0">
<p>${text}</p>
<script nonce="${nonce}">(function(){var m=${payload};
try{if(window.opener&&!window.opener.closed){window.opener.postMessage(m,${JSON.stringify(appOrigin)});}}catch(e){}
try{var c=new BroadcastChannel(${JSON.stringify(AUTH_POPUP_CHANNEL)});c.postMessage(m);c.close();}catch(e){}
setTimeout(function(){window.close();},${message.ok ? 50 : 2500});})();</script></body></html>`;
  return reply
    .header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function oidcRoutes(
  app: FastifyInstance,
  deps: { oidc: OidcService; authn: Authenticator; publicUrl: string; https: boolean },
): void {
  const appOrigin = new URL(deps.publicUrl).origin;

  app.get('/api/auth/social-providers', async () => ({ success: true, data: deps.oidc.list() }));

  const finish = (reply: FastifyReply, attempt: { popup: boolean; returnTo: string }, error?: AppError) => {
    if (attempt.popup) {
      return sendPopupCompletion(reply, appOrigin, {
        type: AUTH_POPUP_MESSAGE_TYPE,
        ok: !error,
        ...(error ? { error: error.message } : {}),
      });
    }
    if (error) return reply.redirect(`/auth?error=${encodeURIComponent(error.message)}`, 303);
    return reply.redirect(attempt.returnTo, 303);
  };

  app.get<{ Params: { provider: string }; Querystring: { popup?: string; returnTo?: string } }>(
    '/api/auth/oidc/:provider/start',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const popup = request.query.popup === '1';
      const returnTo = safeReturnTo(request.query.returnTo);
      try {
        const { url, attempt } = await deps.oidc.start(request.params.provider, { popup, returnTo });
        reply.setCookie(ATTEMPT_COOKIE, Buffer.from(JSON.stringify(attempt)).toString('base64url'), {
          path: ATTEMPT_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.https,
          maxAge: 600,
          signed: true,
        });
        return reply.header('Cache-Control', 'no-store').redirect(url, 303);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return finish(reply, { popup, returnTo }, error);
      }
    },
  );

  app.get<{ Params: { provider: string } }>('/api/auth/oidc/:provider/callback', async (request, reply) => {
    const attempt = readAttempt(request);
    reply.clearCookie(ATTEMPT_COOKIE, { path: ATTEMPT_PATH });
    if (!attempt) {
      return finish(
        reply,
        { popup: true, returnTo: '/' },
        new AppError(
          'SOCIAL_LOGIN_FAILED',
          'Your sign-in took too long or was interrupted. Please try again.',
        ),
      );
    }
    try {
      const callbackUrl = new URL(request.url, deps.publicUrl);
      const issued = await deps.oidc.complete(
        request.params.provider,
        callbackUrl,
        attempt,
        requestMeta(request),
      );
      deps.authn.setSessionCookie(reply, issued);
      return finish(reply, attempt);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      request.log.warn(
        { err: error.cause ?? error, provider: request.params.provider },
        'social sign-in failed',
      );
      return finish(reply, attempt, error);
    }
  });
}

function readAttempt(request: FastifyRequest): OidcAttempt | null {
  const raw = request.cookies[ATTEMPT_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    return JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as OidcAttempt;
  } catch {
    return null;
  }
}
