import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import type { GalleryService } from './gallery.service.js';

const ZGalleryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(26),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** The gallery of the home page: no sign-in needed (signed in, members-only profiles show too). */
export function galleryRoutes(
  app: FastifyInstance,
  deps: { gallery: GalleryService; authn: Authenticator },
): void {
  app.get('/api/gallery', async (request, reply) => {
    const query = parseInput(ZGalleryQuery, request.query);
    // File URLs are signed and expire; what a visitor sees depends on whether they are signed in
    // (members-only profiles), and an owner who stops sharing expects it at once: never reused unasked.
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Authorization');
    // Signed-in members also see members-only (friends) profiles' creations.
    const viewer = await deps.authn.optional(request);
    return {
      success: true,
      data: await deps.gallery.list(query.limit, query.offset, viewer ? { userId: viewer.user.id } : null),
    };
  });
}
