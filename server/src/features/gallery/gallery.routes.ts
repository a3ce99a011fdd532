import { ZGalleryItem, ZSuccessEnvelope } from '@kaleido/common';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { GalleryService } from './gallery.service.js';

const ZGalleryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(26),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** The gallery of the home page: no sign-in needed (signed in, members-only profiles show too). */
export function galleryRoutes(app: App, deps: { gallery: GalleryService; authn: Authenticator }): void {
  app.get(
    '/api/gallery',
    { schema: { querystring: ZGalleryQuery, response: { 200: ZSuccessEnvelope(z.array(ZGalleryItem)) } } },
    async (request, reply) => {
      const query = request.query;
      // File URLs are signed and expire; what a visitor sees depends on whether they are signed in
      // (members-only profiles), and an owner who stops sharing expects it at once: never reused unasked.
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Authorization');
      // Signed-in members also see members-only (friends) profiles' creations.
      const viewer = await deps.authn.optional(request);
      return {
        success: true as const,
        data: await deps.gallery.list(query.limit, query.offset, viewer ? { userId: viewer.user.id } : null),
      };
    },
  );
}
