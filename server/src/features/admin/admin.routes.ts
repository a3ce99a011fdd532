import {
  ZAdminCreditInput,
  ZAdminCreditResult,
  ZAdminDashboard,
  ZAdminDisableInput,
  ZAdminDone,
  ZAdminJob,
  ZAdminJobDetail,
  ZAdminJobPage,
  ZAdminJobQuery,
  ZAdminPlanInput,
  ZAdminRetryInput,
  ZAdminRoleInput,
  ZAdminSessionsEnded,
  ZAdminUser,
  ZAdminUserDetail,
  ZAdminUserPage,
  ZAdminUserQuery,
  ZSuccessEnvelope,
  ZTwoFactorReset,
} from '@kaleido/common';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { AdminService } from './admin.service.js';
import { adminActor } from './admin-guard.js';

const ZIdParams = z.object({ id: z.string().max(100) });

/**
 * The console's people, jobs and dashboard (contracts in common/src/admin.ts). Administrators only:
 * `signedInAdmin` on each route, and the admin guard in front of every `/api/admin/*` path.
 */
export function adminRoutes(app: App, deps: { authn: Authenticator; admin: AdminService }): void {
  const { authn, admin } = deps;
  const preValidation = authn.signedInAdmin;
  const actor = (request: Parameters<typeof adminActor>[1]) => adminActor(authn, request);

  app.get(
    '/api/admin/dashboard',
    { preValidation, schema: { response: { 200: ZSuccessEnvelope(ZAdminDashboard) } } },
    async () => ({ success: true as const, data: await admin.dashboard() }),
  );

  app.get(
    '/api/admin/users',
    {
      preValidation,
      schema: { querystring: ZAdminUserQuery, response: { 200: ZSuccessEnvelope(ZAdminUserPage) } },
    },
    async (request) => ({ success: true as const, data: await admin.listUsers(request.query) }),
  );

  app.get(
    '/api/admin/users/:id',
    { preValidation, schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZAdminUserDetail) } } },
    async (request) => ({ success: true as const, data: await admin.userDetail(request.params.id) }),
  );

  app.post(
    '/api/admin/users/:id/credits',
    {
      preValidation,
      schema: {
        params: ZIdParams,
        body: ZAdminCreditInput,
        response: { 200: ZSuccessEnvelope(ZAdminCreditResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await admin.grantCredits(await actor(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/admin/users/:id/plan',
    {
      preValidation,
      schema: { params: ZIdParams, body: ZAdminPlanInput, response: { 200: ZSuccessEnvelope(ZAdminUser) } },
    },
    async (request) => ({
      success: true as const,
      data: await admin.changePlan(await actor(request), request.params.id, request.body.plan),
    }),
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      preValidation,
      schema: { params: ZIdParams, body: ZAdminRoleInput, response: { 200: ZSuccessEnvelope(ZAdminUser) } },
    },
    async (request) => ({
      success: true as const,
      data: await admin.changeRole(await actor(request), request.params.id, request.body.role),
    }),
  );

  app.post(
    '/api/admin/users/:id/disable',
    {
      preValidation,
      schema: {
        params: ZIdParams,
        body: ZAdminDisableInput.optional(),
        response: { 200: ZSuccessEnvelope(ZAdminUser) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await admin.disableUser(await actor(request), request.params.id, request.body?.reason),
    }),
  );

  app.post(
    '/api/admin/users/:id/enable',
    { preValidation, schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZAdminUser) } } },
    async (request) => ({
      success: true as const,
      data: await admin.enableUser(await actor(request), request.params.id),
    }),
  );

  app.post(
    '/api/admin/users/:id/reset-2fa',
    { preValidation, schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZTwoFactorReset) } } },
    async (request) => {
      await admin.resetTwoFactor(await actor(request), request.params.id);
      return { success: true as const, data: { userId: request.params.id, reset: true as const } };
    },
  );

  app.post(
    '/api/admin/users/:id/password-reset',
    { preValidation, schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZAdminDone) } } },
    async (request) => {
      await admin.sendPasswordReset(await actor(request), request.params.id);
      return { success: true as const, data: { done: true as const } };
    },
  );

  app.post(
    '/api/admin/users/:id/sessions/end',
    {
      preValidation,
      schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZAdminSessionsEnded) } },
    },
    async (request) => ({
      success: true as const,
      data: { ended: await admin.endSessions(await actor(request), request.params.id) },
    }),
  );

  app.get(
    '/api/admin/jobs',
    {
      preValidation,
      schema: { querystring: ZAdminJobQuery, response: { 200: ZSuccessEnvelope(ZAdminJobPage) } },
    },
    async (request) => ({ success: true as const, data: await admin.listJobs(request.query) }),
  );

  app.get(
    '/api/admin/jobs/:id',
    { preValidation, schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZAdminJobDetail) } } },
    async (request) => ({ success: true as const, data: await admin.jobDetail(request.params.id) }),
  );

  app.post(
    '/api/admin/jobs/:id/cancel',
    { preValidation, schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZAdminJob) } } },
    async (request) => ({
      success: true as const,
      data: await admin.cancelJob(await actor(request), request.params.id),
    }),
  );

  app.post(
    '/api/admin/jobs/:id/retry',
    {
      preValidation,
      schema: { params: ZIdParams, body: ZAdminRetryInput, response: { 200: ZSuccessEnvelope(ZAdminJob) } },
    },
    async (request) => ({
      success: true as const,
      data: await admin.retryJob(await actor(request), request.params.id, request.body?.onTheHouse ?? false),
    }),
  );
}
