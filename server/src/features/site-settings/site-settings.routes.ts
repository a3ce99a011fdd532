import {
  ZAnnouncementEmail,
  ZAnnouncementEmailInput,
  ZBlockedTerms,
  ZBlockedTermsInput,
  ZInvite,
  ZInviteCheck,
  ZInviteCreated,
  ZInviteCreateInput,
  ZPublicSiteSettings,
  ZSiteSettings,
  ZSiteSettingsInput,
  ZSuccessEnvelope,
} from '@kaleido/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { AnnouncementEmailsService } from './announcement-emails.service.js';
import type { Actor } from './audit.js';
import type { InvitesService } from './invites.service.js';
import type { SiteSettingsService } from './site-settings.service.js';

const ZIdParams = z.object({ id: z.string().max(100) });

/**
 * Site settings, blocked terms, invites and announcement e-mails for administrators (401, then 403,
 * before the input is read), and what everyone's web app reads (`/api/site`, an invite's validity).
 */
export function siteSettingsRoutes(
  app: App,
  deps: {
    authn: Authenticator;
    siteSettings: SiteSettingsService;
    invites: InvitesService;
    announcements: AnnouncementEmailsService;
  },
): void {
  const { authn } = deps;
  const admin = { preValidation: authn.signedInAdmin };
  const actorOf = async (request: FastifyRequest): Promise<Actor> => {
    const { user } = await authn.admin(request);
    return { id: user.id, email: user.email, ip: request.ip ?? null };
  };

  app.get(
    '/api/site',
    { schema: { response: { 200: ZSuccessEnvelope(ZPublicSiteSettings) } } },
    async (request) => {
      const viewer = await authn.optional(request);
      return { success: true as const, data: await deps.siteSettings.publicView(viewer?.user.id ?? null) };
    },
  );

  app.get(
    '/api/invites/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(200) }),
        response: { 200: ZSuccessEnvelope(ZInviteCheck) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { valid: await deps.invites.check(request.params.token) },
    }),
  );

  app.get(
    '/api/admin/site-settings',
    { ...admin, schema: { response: { 200: ZSuccessEnvelope(ZSiteSettings) } } },
    async () => ({ success: true as const, data: await deps.siteSettings.get() }),
  );

  app.put(
    '/api/admin/site-settings',
    { ...admin, schema: { body: ZSiteSettingsInput, response: { 200: ZSuccessEnvelope(ZSiteSettings) } } },
    async (request) => ({
      success: true as const,
      data: await deps.siteSettings.update(await actorOf(request), request.body),
    }),
  );

  app.get(
    '/api/admin/blocked-terms',
    { ...admin, schema: { response: { 200: ZSuccessEnvelope(ZBlockedTerms) } } },
    async () => ({ success: true as const, data: await deps.siteSettings.blockedTerms() }),
  );

  app.put(
    '/api/admin/blocked-terms',
    { ...admin, schema: { body: ZBlockedTermsInput, response: { 200: ZSuccessEnvelope(ZBlockedTerms) } } },
    async (request) => ({
      success: true as const,
      data: await deps.siteSettings.updateBlockedTerms(await actorOf(request), request.body),
    }),
  );

  app.get(
    '/api/admin/invites',
    { ...admin, schema: { response: { 200: ZSuccessEnvelope(z.array(ZInvite)) } } },
    async () => ({ success: true as const, data: await deps.invites.list() }),
  );

  app.post(
    '/api/admin/invites',
    { ...admin, schema: { body: ZInviteCreateInput, response: { 201: ZSuccessEnvelope(ZInviteCreated) } } },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await deps.invites.create(await actorOf(request), request.body),
      }),
  );

  app.post(
    '/api/admin/invites/:id/revoke',
    { ...admin, schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZInvite) } } },
    async (request) => ({
      success: true as const,
      data: await deps.invites.revoke(await actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/admin/announcement-emails',
    { ...admin, schema: { response: { 200: ZSuccessEnvelope(z.array(ZAnnouncementEmail)) } } },
    async () => ({ success: true as const, data: await deps.announcements.list() }),
  );

  app.post(
    '/api/admin/announcement-emails',
    {
      ...admin,
      schema: { body: ZAnnouncementEmailInput, response: { 202: ZSuccessEnvelope(ZAnnouncementEmail) } },
    },
    async (request, reply) =>
      reply.status(202).send({
        success: true as const,
        data: await deps.announcements.start(await actorOf(request), request.body),
      }),
  );

  app.get(
    '/api/admin/announcement-emails/:id',
    { ...admin, schema: { params: ZIdParams, response: { 200: ZSuccessEnvelope(ZAnnouncementEmail) } } },
    async (request) => ({ success: true as const, data: await deps.announcements.get(request.params.id) }),
  );
}
