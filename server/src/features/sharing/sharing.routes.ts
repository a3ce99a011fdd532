import { ZAssetPatch, ZProfileQuery } from '@kaleido/common';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import type { SharingService } from './sharing.service.js';

export function sharingRoutes(
  app: FastifyInstance,
  deps: { authn: Authenticator; sharing: SharingService },
): void {
  /** The Share toggle: `{ shared: boolean }` on one's own asset. */
  app.patch<{ Params: { id: string } }>('/api/assets/:id', async (request) => {
    const auth = await deps.authn.required(request);
    const { shared } = parseInput(ZAssetPatch, request.body);
    return { success: true, data: await deps.sharing.setShared(auth.user.id, request.params.id, shared) };
  });

  /** A public profile: no sign-in needed for public ones; members-only ones need a session. */
  app.get<{ Params: { handle: string } }>('/api/profiles/:handle', async (request, reply) => {
    const query = parseInput(ZProfileQuery, request.query);
    const auth = await deps.authn.optional(request);
    const profile = await deps.sharing.profile(
      request.params.handle,
      auth ? { userId: auth.user.id } : null,
      query,
    );
    // File URLs are signed and expire; what is visible depends on who asks, and an owner who stops
    // sharing (or hides prompts) expects it at once: never reused without asking again.
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Authorization');
    return { success: true, data: profile };
  });
}
