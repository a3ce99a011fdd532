import {
  AUTH_MESSAGES,
  negotiateLocale,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZResetPasswordRequest,
  ZSignupRequest,
  ZUpdateCreditsRequest,
  ZUpdatePlanRequest,
} from '@kaleido/common';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { parseInput } from '../../platform/http/validation.js';
import { apiMessage } from '../../platform/i18n/api-messages.js';
import { negotiatedLocale } from '../../platform/i18n/request-locale.js';
import { presentMe } from '../accounts/accounts.presenter.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { AuthService } from './auth.service.js';
import { type Authenticator, requestMeta } from './authn.js';

const perIp = (max: number, timeWindow: string) => ({ config: { rateLimit: { max, timeWindow } } });

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    authn: Authenticator;
    users: UsersRepository;
    credits: CreditsService;
    database: Database;
    clock: { now(): Date };
    limits: { signupsPerHour: number; loginsPerMinute: number };
  },
): void {
  const { auth, authn, users } = deps;
  const me = async (userId: string) => {
    const user = await users.findById(userId);
    if (!user) throw new AppError('USER_NOT_AUTHENTICATED');
    return presentMe(user, await users.socialProviders(userId));
  };

  app.post('/api/auth/signup', perIp(deps.limits.signupsPerHour, '1 hour'), async (request, reply) => {
    const input = parseInput(ZSignupRequest, request.body);
    // The new account speaks the language the web sent (its interface language, in Accept-Language).
    const issued = await auth.signup({ ...input, language: negotiatedLocale(request) }, requestMeta(request));
    authn.setSessionCookie(reply, issued);
    return reply
      .status(201)
      .send({ success: true, data: { user: await me(issued.user.id), token: issued.token } });
  });

  app.post('/api/auth/login', perIp(deps.limits.loginsPerMinute, '1 minute'), async (request, reply) => {
    const input = parseInput(ZLoginRequest, request.body);
    const issued = await auth.login(input, requestMeta(request));
    authn.setSessionCookie(reply, issued);
    return { success: true, data: { user: await me(issued.user.id), token: issued.token } };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const current = await authn.optional(request);
    if (current) await auth.logout(current.session.id);
    authn.clearSessionCookie(reply);
    return { success: true, data: null };
  });

  app.get('/api/auth/me', async (request, reply) => {
    const current = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await me(current.user.id) };
  });

  app.get('/api/auth/validate-access', async (request) => {
    const current = await authn.required(request);
    return {
      success: true,
      data: { valid: true, userId: current.user.id, role: current.user.role, plan: current.user.plan },
    };
  });

  app.post('/api/auth/forgot-password', perIp(5, '15 minutes'), async (request) => {
    const { email } = parseInput(ZForgotPasswordRequest, request.body);
    // Signed out: the e-mail is in the language the web sends (its interface language).
    await auth.forgotPassword(email, negotiateLocale(request.headers['accept-language']));
    return {
      success: true,
      data: { message: apiMessage(negotiatedLocale(request), { id: AUTH_MESSAGES.resetEmailSent }) },
    };
  });

  app.post('/api/auth/reset-password', perIp(10, '15 minutes'), async (request) => {
    const input = parseInput(ZResetPasswordRequest, request.body);
    await auth.resetPassword(input);
    return {
      success: true,
      data: { message: apiMessage(negotiatedLocale(request), { id: AUTH_MESSAGES.passwordReset }) },
    };
  });

  app.post('/api/auth/change-password', perIp(10, '15 minutes'), async (request) => {
    const current = await authn.required(request);
    const input = parseInput(ZChangePasswordRequest, request.body);
    await auth.changePassword(current, input);
    // A success text follows Accept-Language (the web's interface language): no settings read.
    return {
      success: true,
      data: { message: apiMessage(negotiatedLocale(request), { id: AUTH_MESSAGES.passwordChanged }) },
    };
  });

  // Administrators only (DECISIONS): the prototype let the browser set its own balance and plan.
  app.post('/api/auth/update-credits', async (request) => {
    const current = await authn.admin(request);
    const input = parseInput(ZUpdateCreditsRequest, request.body);
    const userId = input.userId ?? current.user.id;
    await deps.database.kysely
      .transaction()
      .execute((trx) => deps.credits.setTotal(userId, input.credits, trx));
    return { success: true, data: await me(userId) };
  });

  app.post('/api/auth/update-plan', async (request) => {
    const current = await authn.admin(request);
    const input = parseInput(ZUpdatePlanRequest, request.body);
    const userId = input.userId ?? current.user.id;
    if (!(await users.findById(userId))) throw new AppError('NOT_FOUND', 'api.auth.userNotFound');
    await users.update(userId, { plan: input.plan }, deps.clock.now().toISOString());
    return { success: true, data: await me(userId) };
  });
}
