import { negotiateLocale, type TLocale } from '@kaleido/common';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request is answered in (DECISIONS "Languages"): a signed-in person's `language`
 * setting, else the best match of `Accept-Language` (the web sends its interface language there).
 * Resolved only when something is translated (an error answer), at most once per request, so a
 * successful request costs no settings read.
 */
export function createRequestLocale(deps: {
  /** The account signed in with this request's session (cookie or bearer), or null; cached per request. */
  signedIn(request: FastifyRequest): Promise<string | null>;
  /** The account's `language` setting. */
  language(userId: string): Promise<TLocale>;
}) {
  const speakers = new WeakMap<FastifyRequest, string>();
  const resolved = new WeakMap<FastifyRequest, Promise<TLocale>>();

  async function resolve(request: FastifyRequest): Promise<TLocale> {
    const negotiated = negotiateLocale(request.headers['accept-language']);
    try {
      const userId = speakers.get(request) ?? (await deps.signedIn(request));
      return userId ? await deps.language(userId) : negotiated;
    } catch {
      // An answer is never lost for its language: a failed lookup answers in the negotiated one.
      return negotiated;
    }
  }

  return {
    /** A request authenticated another way (a public-API key) speaks for this account. */
    speaksFor(request: FastifyRequest, userId: string): void {
      speakers.set(request, userId);
    },

    of(request: FastifyRequest): Promise<TLocale> {
      let pending = resolved.get(request);
      if (!pending) {
        pending = resolve(request);
        resolved.set(request, pending);
      }
      return pending;
    },
  };
}

export type RequestLocale = ReturnType<typeof createRequestLocale>;

/** The `Accept-Language` choice alone, for texts of successful answers (no settings read). */
export const negotiatedLocale = (request: FastifyRequest): TLocale =>
  negotiateLocale(request.headers['accept-language']);
