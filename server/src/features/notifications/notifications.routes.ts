import {
  LOCALE_TAGS,
  negotiateLocale,
  type TLocale,
  ZDetectedTimeZone,
  ZDetectedTimeZoneRequest,
  ZSuccessEnvelope,
  ZUnsubscribeQuery,
  ZUnsubscribeResult,
} from '@kaleido/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import { emailT } from './email-messages.js';
import { escapeHtml } from './email-templates.js';
import type { NotificationsService } from './notifications.service.js';

/** The one-click unsubscribe endpoint; CSRF checks skip it (the signed token is the authorisation). */
export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

/** A small self-contained page (no script; inline styles only, which the CSP allows), in `locale`. */
function page(locale: TLocale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Kaleido</title></head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',sans-serif;background:Canvas;color:CanvasText">
<main style="max-width:440px;margin:24px;padding:28px;border:1px solid color-mix(in srgb, CanvasText 14%, transparent);border-radius:16px">
<p style="margin:0 0 16px;font-weight:700;font-size:18px">Kaleido</p>
<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3">${escapeHtml(title)}</h1>
${body}
</main></body></html>
`;
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;line-height:1.6;opacity:.85">${escapeHtml(text)}</p>`;
const settingsLink = (locale: TLocale) =>
  `<p style="margin:16px 0 0;font-size:14px"><a href="/profile?tab=settings" style="color:#6d4aff">${escapeHtml(emailT(locale, 'email.unsubscribe.openSettings'))}</a></p>`;

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** A refused link: the token is not trusted, so the page speaks the browser's language. */
function errorPage(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  const locale = negotiateLocale(request.headers['accept-language']);
  return reply
    .status(error.status)
    .type('text/html; charset=utf-8')
    .send(
      page(
        locale,
        emailT(locale, 'email.unsubscribe.errorTitle'),
        `${paragraph(error.messageIn(locale))}${settingsLink(locale)}`,
      ),
    );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing e-mail: `idle()` resolves once every e-mail started so far went out (tests, shutdown). */
    mail: { idle(): Promise<void> };
  }
}

/** The unsubscribe answers are never cached, and the token in their URL is never sent on. */
async function noStoreNoReferrer(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
}

export function notificationsRoutes(
  app: App,
  deps: { authn: Authenticator; notifications: NotificationsService },
): void {
  app.decorate('mail', { idle: () => deps.notifications.idle() });
  app.addHook('onClose', async () => deps.notifications.idle());

  /**
   * The unsubscribe link of an e-mail: a confirmation page with a button. Nothing changes on GET
   * (link scanners and previews fetch links); the button, or the mail program's RFC 8058 one-click
   * POST, does it.
   */
  app.get(
    UNSUBSCRIBE_PATH,
    {
      onRequest: noStoreNoReferrer,
      // A page, refusals included (a missing or bad token too).
      errorHandler: (error, request, reply) => errorPage(request, reply, error),
      schema: { querystring: ZUnsubscribeQuery },
    },
    async (request, reply) => {
      const { token } = request.query;
      // The page speaks the language of the account's e-mails.
      const { setting, locale } = await deps.notifications.inspect(token);
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
      return reply.type('text/html; charset=utf-8').send(
        page(
          locale,
          emailT(locale, 'email.unsubscribe.confirmTitle', { setting }),
          `${paragraph(emailT(locale, 'email.unsubscribe.confirmBody', { setting }))}<form method="post" action="${escapeHtml(action)}" style="margin:0">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:10px;background:#6d4aff;color:#fff;cursor:pointer">${escapeHtml(emailT(locale, 'email.unsubscribe.button'))}</button>
</form>${settingsLink(locale)}`,
        ),
      );
    },
  );

  // Mail programs POST `List-Unsubscribe=One-Click` as a form (RFC 8058): accepted here only, and
  // ignored (the token in the query is what counts).
  app.register(async (scope: App) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      UNSUBSCRIBE_PATH,
      {
        onRequest: noStoreNoReferrer,
        // A page for a browser (Accept: text/html), else the error envelope.
        errorHandler: (error, request, reply) => {
          if (wantsHtml(request)) return errorPage(request, reply, error);
          throw error;
        },
        schema: {
          querystring: ZUnsubscribeQuery,
          response: {
            200: {
              description: 'Unsubscribed: the envelope, or a page for a browser (Accept: text/html).',
              content: {
                'application/json': { schema: ZSuccessEnvelope(ZUnsubscribeResult) },
                'text/html': { schema: z.string() },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const { setting, locale } = await deps.notifications.unsubscribe(request.query.token);
        const message = emailT(locale, 'email.unsubscribe.done', { setting });
        if (wantsHtml(request))
          return reply
            .type('text/html; charset=utf-8')
            .send(
              page(
                locale,
                emailT(locale, 'email.unsubscribe.doneTitle'),
                `${paragraph(message)}${settingsLink(locale)}`,
              ),
            );
        return { success: true as const, data: { setting, message } };
      },
    );
  });

  /** The web app reports the browser's zone (used while the timezone setting is 'auto'). */
  app.put(
    '/api/settings/detected-time-zone',
    {
      preValidation: deps.authn.signedIn,
      schema: { body: ZDetectedTimeZoneRequest, response: { 200: ZSuccessEnvelope(ZDetectedTimeZone) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      const { timeZone } = request.body;
      await deps.notifications.setDetectedTimeZone(auth.user.id, timeZone);
      return { success: true as const, data: { timeZone } };
    },
  );
}
