import {
  AUTH_MESSAGES,
  negotiateLocale,
  ZAccessCheck,
  ZAuthResult,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMe,
  ZMessageResult,
  ZResetPasswordRequest,
  ZSignupRequest,
  ZSuccessEnvelope,
  ZTwoFactorChallenge,
  ZUpdateCreditsRequest,
  ZUpdatePlanRequest,
} from '@kaleido/common';
import { z } from 'zod';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { App } from '../../platform/http/route-schemas.js';
import { apiMessage } from '../../platform/i18n/api-messages.js';
import { negotiatedLocale } from '../../platform/i18n/request-locale.js';
import { presentMe } from '../accounts/accounts.presenter.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { AdminService } from '../admin/admin.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { AuthService } from './auth.service.js';
import { type Authenticator, requestMeta } from './authn.js';
import type { SecondStepGate } from './two-factor.routes.js';

const perIp = (max: number, timeWindow: string) => ({ config: { rateLimit: { max, timeWindow } } });

export function authRoutes(
  app: App,
  deps: {
    auth: AuthService;
    authn: Authenticator;
    users: UsersRepository;
    credits: CreditsService;
    database: Database;
    clock: { now(): Date };
    limits: { signupsPerHour: number; loginsPerMinute: number };
    /** After a correct password: the second step, when the account has a second factor. */
    secondStep: SecondStepGate;
    /** The spec's update-credits and update-plan go through the audited administration service. */
    admin: Pick<AdminService, 'setCredits' | 'changePlan'>;
  },
): void {
  const { auth, authn, users } = deps;
  const actorOf = (current: { user: { id: string; email: string } }, request: { ip: string }) => ({
    id: current.user.id,
    email: current.user.email,
    ip: request.ip ?? null,
  });
  const me = async (userId: string) => {
    const user = await users.findById(userId);
    if (!user) throw new AppError('USER_NOT_AUTHENTICATED');
    return presentMe(user, await users.socialProviders(userId));
  };

  const message = ZSuccessEnvelope(ZMessageResult);

  app.post(
    '/api/auth/signup',
    {
      ...perIp(deps.limits.signupsPerHour, '1 hour'),
      schema: { body: ZSignupRequest, response: { 201: ZSuccessEnvelope(ZAuthResult) } },
    },
    async (request, reply) => {
      // The new account speaks the language the web sent (its interface language, in Accept-Language).
      const issued = await auth.signup(
        { ...request.body, language: negotiatedLocale(request) },
        requestMeta(request),
      );
      authn.setSessionCookie(reply, issued);
      return reply
        .status(201)
        .send({ success: true, data: { user: await me(issued.user.id), token: issued.token } });
    },
  );

  app.post(
    '/api/auth/login',
    {
      ...perIp(deps.limits.loginsPerMinute, '1 minute'),
      schema: {
        body: ZLoginRequest,
        response: { 200: ZSuccessEnvelope(z.union([ZAuthResult, ZTwoFactorChallenge])) },
      },
    },
    async (request, reply) => {
      const { remember } = request.body;
      const user = await auth.checkPassword(request.body, requestMeta(request));
      // An account with a second factor answers the second step (and its cookie) instead of a session.
      const secondStep = await deps.secondStep(request, reply, user, { remember, method: 'password' });
      if (secondStep) return { success: true as const, data: secondStep };
      const issued = await auth.completeSignIn(user, {
        remember,
        method: 'password',
        meta: requestMeta(request),
      });
      authn.setSessionCookie(reply, issued);
      return { success: true as const, data: { user: await me(issued.user.id), token: issued.token } };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: { 200: ZSuccessEnvelope(z.null()) } } },
    async (request, reply) => {
      const current = await authn.optional(request);
      if (current) await auth.logout(current.session.id);
      authn.clearSessionCookie(reply);
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/api/auth/me',
    { preValidation: authn.signedIn, schema: { response: { 200: ZSuccessEnvelope(ZMe) } } },
    async (request, reply) => {
      const current = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      // The session's lookup read the user in this request already.
      const { user } = current;
      return { success: true as const, data: presentMe(user, await users.socialProviders(user.id)) };
    },
  );

  app.get(
    '/api/auth/validate-access',
    { preValidation: authn.signedIn, schema: { response: { 200: ZSuccessEnvelope(ZAccessCheck) } } },
    async (request) => {
      const current = await authn.required(request);
      return {
        success: true as const,
        data: {
          valid: true as const,
          userId: current.user.id,
          role: current.user.role,
          plan: current.user.plan,
        },
      };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { ...perIp(5, '15 minutes'), schema: { body: ZForgotPasswordRequest, response: { 200: message } } },
    async (request) => {
      // Signed out: the e-mail is in the language the web sends (its interface language).
      await auth.forgotPassword(request.body.email, negotiateLocale(request.headers['accept-language']));
      return {
        success: true as const,
        data: { message: apiMessage(negotiatedLocale(request), { id: AUTH_MESSAGES.resetEmailSent }) },
      };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { ...perIp(10, '15 minutes'), schema: { body: ZResetPasswordRequest, response: { 200: message } } },
    async (request) => {
      await auth.resetPassword(request.body);
      return {
        success: true as const,
        data: { message: apiMessage(negotiatedLocale(request), { id: AUTH_MESSAGES.passwordReset }) },
      };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      ...perIp(10, '15 minutes'),
      preValidation: authn.signedIn,
      schema: { body: ZChangePasswordRequest, response: { 200: message } },
    },
    async (request) => {
      const current = await authn.required(request);
      await auth.changePassword(current, request.body);
      // A success text follows Accept-Language (the web's interface language): no settings read.
      return {
        success: true as const,
        data: { message: apiMessage(negotiatedLocale(request), { id: AUTH_MESSAGES.passwordChanged }) },
      };
    },
  );

  // Administrators only (DECISIONS): the prototype let the browser set its own balance and plan.
  app.post(
    '/api/auth/update-credits',
    {
      preValidation: authn.signedInAdmin,
      schema: { body: ZUpdateCreditsRequest, response: { 200: ZSuccessEnvelope(ZMe) } },
    },
    async (request) => {
      const current = await authn.admin(request);
      const userId = request.body.userId ?? current.user.id;
      await deps.admin.setCredits(actorOf(current, request), userId, request.body.credits);
      return { success: true as const, data: await me(userId) };
    },
  );

  app.post(
    '/api/auth/update-plan',
    {
      preValidation: authn.signedInAdmin,
      schema: { body: ZUpdatePlanRequest, response: { 200: ZSuccessEnvelope(ZMe) } },
    },
    async (request) => {
      const current = await authn.admin(request);
      const userId = request.body.userId ?? current.user.id;
      await deps.admin.changePlan(actorOf(current, request), userId, request.body.plan);
      return { success: true as const, data: await me(userId) };
    },
  );
}
