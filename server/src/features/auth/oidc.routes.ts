import { randomBytes } from 'node:crypto';
import {
  AUTH_POPUP_CHANNEL,
  AUTH_POPUP_MESSAGE_TYPE,
  isLocale,
  LOCALE_TAGS,
  type TAuthPopupMessage,
  type TLocale,
  type TTwoFactorChallenge,
  ZSocialProvider,
  ZSuccessEnvelope,
} from '@kaleido/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import { apiMessage } from '../../platform/i18n/api-messages.js';
import { negotiatedLocale } from '../../platform/i18n/request-locale.js';
import type { Authenticator } from './authn.js';
import { requestMeta } from './authn.js';
import { type OidcAttempt, type OidcService, safeReturnTo } from './oidc.service.js';
import type { SecondStepGate } from './two-factor.routes.js';

const ATTEMPT_COOKIE = 'kaleido_oidc';
const ATTEMPT_PATH = '/api/auth/oidc';

const ZProviderParams = z.object({ provider: z.string() });
/** `?popup=1` for the popup flow, where to land after, and the web's interface language. */
const ZStartQuery = z.object({
  popup: z.string().optional(),
  returnTo: z.string().optional(),
  lang: z.string().optional(),
});

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
  locale: TLocale,
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const payload = JSON.stringify(message).replace(/</g, '\\u003c');
  const text = escapeHtml(
    message.ok
      ? apiMessage(locale, { id: 'api.auth.popupSignedIn' })
      : message.twoFactorRequired
        ? apiMessage(locale, { id: 'api.twoFactor.popupSecondStep' })
        : (message.error ?? apiMessage(locale, { id: 'api.auth.popupFailed' })),
  );
  const title = escapeHtml(apiMessage(locale, { id: 'api.auth.popupTitle' }));
  const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0">
<p>${text}</p>
<script nonce="${nonce}">(function(){var m=${payload};
try{if(window.opener&&!window.opener.closed){window.opener.postMessage(m,${JSON.stringify(appOrigin)});}}catch(e){}
try{var c=new BroadcastChannel(${JSON.stringify(AUTH_POPUP_CHANNEL)});c.postMessage(m);c.close();}catch(e){}
setTimeout(function(){window.close();},${message.ok || message.twoFactorRequired ? 50 : 2500});})();</script></body></html>`;
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
  app: App,
  deps: {
    oidc: OidcService;
    authn: Authenticator;
    publicUrl: string;
    https: boolean;
    /** After the identity provider answered: the second step, when the account has a second factor. */
    secondStep: SecondStepGate;
  },
): void {
  const appOrigin = new URL(deps.publicUrl).origin;

  app.get(
    '/api/auth/social-providers',
    { schema: { response: { 200: ZSuccessEnvelope(z.array(ZSocialProvider)) } } },
    async () => ({ success: true as const, data: deps.oidc.list() }),
  );

  /** Ends the attempt: the popup page, or a redirect; an error is told in `locale`. */
  const finish = (
    reply: FastifyReply,
    attempt: { popup: boolean; returnTo: string },
    locale: TLocale,
    error?: AppError,
    secondStep?: TTwoFactorChallenge,
  ) => {
    const message = error?.messageIn(locale);
    if (attempt.popup) {
      return sendPopupCompletion(
        reply,
        appOrigin,
        {
          type: AUTH_POPUP_MESSAGE_TYPE,
          ok: !error && !secondStep,
          ...(message ? { error: message } : {}),
          ...(secondStep ? { twoFactorRequired: true, methods: secondStep.methods } : {}),
        },
        locale,
      );
    }
    if (message) return reply.redirect(`/auth?error=${encodeURIComponent(message)}`, 303);
    if (secondStep) {
      const methods = secondStep.methods.join(',');
      return reply.redirect(
        `/auth?twoFactor=${encodeURIComponent(methods)}&returnTo=${encodeURIComponent(attempt.returnTo)}`,
        303,
      );
    }
    return reply.redirect(attempt.returnTo, 303);
  };

  // A redirect (or the popup page): no JSON answer to describe.
  app.get(
    '/api/auth/oidc/:provider/start',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: ZProviderParams, querystring: ZStartQuery },
    },
    async (request, reply) => {
      const popup = request.query.popup === '1';
      const returnTo = safeReturnTo(request.query.returnTo);
      // The web's interface language (`?lang=`, else Accept-Language): a new account's language setting.
      const language = isLocale(request.query.lang) ? request.query.lang : negotiatedLocale(request);
      try {
        const { url, attempt } = await deps.oidc.start(request.params.provider, {
          popup,
          returnTo,
          language,
        });
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
        return finish(reply, { popup, returnTo }, language, error);
      }
    },
  );

  app.get(
    '/api/auth/oidc/:provider/callback',
    { schema: { params: ZProviderParams } },
    async (request, reply) => {
      const attempt = readAttempt(request);
      reply.clearCookie(ATTEMPT_COOKIE, { path: ATTEMPT_PATH });
      const locale =
        attempt?.language && isLocale(attempt.language) ? attempt.language : negotiatedLocale(request);
      if (!attempt) {
        return finish(
          reply,
          { popup: true, returnTo: '/' },
          locale,
          new AppError('SOCIAL_LOGIN_FAILED', 'api.auth.socialInterrupted'),
        );
      }
      try {
        const callbackUrl = new URL(request.url, deps.publicUrl);
        const user = await deps.oidc.identify(request.params.provider, callbackUrl, attempt);
        // An account with a second factor gets the second step's cookie, not a session: the popup tells
        // its opener (or the redirect tells the sign-in page) to ask for it.
        const secondStep = await deps.secondStep(request, reply, user, { remember: true, method: 'social' });
        if (secondStep) return finish(reply, attempt, locale, undefined, secondStep);
        deps.authn.setSessionCookie(reply, await deps.oidc.signIn(user, requestMeta(request)));
        return finish(reply, attempt, locale);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn(
          { err: error.cause ?? error, provider: request.params.provider },
          'social sign-in failed',
        );
        return finish(reply, attempt, locale, error);
      }
    },
  );
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
