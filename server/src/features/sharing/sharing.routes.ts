import { ZAsset, ZAssetPatch, ZProfileQuery, ZPublicProfile, ZSuccessEnvelope } from '@kaleido/common';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { SharingService } from './sharing.service.js';

export function sharingRoutes(app: App, deps: { authn: Authenticator; sharing: SharingService }): void {
  /** The Share toggle: `{ shared: boolean }` on one's own asset. */
  app.patch(
    '/api/assets/:id',
    {
      preValidation: deps.authn.signedIn,
      schema: {
        params: z.object({ id: z.string() }),
        body: ZAssetPatch,
        response: { 200: ZSuccessEnvelope(ZAsset) },
      },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      return {
        success: true as const,
        data: await deps.sharing.setShared(auth.user.id, request.params.id, request.body.shared),
      };
    },
  );

  /** A public profile: no sign-in needed for public ones; members-only ones need a session. */
  app.get(
    '/api/profiles/:handle',
    {
      schema: {
        params: z.object({ handle: z.string() }),
        querystring: ZProfileQuery,
        response: { 200: ZSuccessEnvelope(ZPublicProfile) },
      },
    },
    async (request, reply) => {
      const auth = await deps.authn.optional(request);
      const profile = await deps.sharing.profile(
        request.params.handle,
        auth ? { userId: auth.user.id } : null,
        request.query,
      );
      // File URLs are signed and expire; what is visible depends on who asks, and an owner who stops
      // sharing (or hides prompts) expects it at once: never reused without asking again.
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Authorization');
      return { success: true as const, data: profile };
    },
  );
}
