import {
  ZPushPublicKey,
  ZPushSubscribed,
  ZPushSubscribeRequest,
  ZPushUnsubscribed,
  ZPushUnsubscribeRequest,
  ZSuccessEnvelope,
} from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { PushService } from './push.service.js';

/** Push subscription calls (spec section 7): the public key, subscribe and unsubscribe. */
export function pushRoutes(app: App, deps: { authn: Authenticator; push: PushService }): void {
  // The VAPID public key the browser subscribes with (applicationServerKey).
  app.get(
    '/api/push/public-key',
    { schema: { response: { 200: ZSuccessEnvelope(ZPushPublicKey) } } },
    async () => ({ success: true as const, data: { publicKey: deps.push.publicKey() } }),
  );

  app.post(
    '/api/push/subscribe',
    {
      preValidation: deps.authn.signedIn,
      schema: { body: ZPushSubscribeRequest, response: { 201: ZSuccessEnvelope(ZPushSubscribed) } },
    },
    async (request, reply) => {
      const auth = await deps.authn.required(request);
      await deps.push.subscribe(auth.user.id, request.body, request.headers['user-agent'] ?? null);
      return reply.status(201).send({ success: true, data: { subscribed: true } });
    },
  );

  app.post(
    '/api/push/unsubscribe',
    {
      preValidation: deps.authn.signedIn,
      schema: { body: ZPushUnsubscribeRequest, response: { 200: ZSuccessEnvelope(ZPushUnsubscribed) } },
    },
    async (request) => {
      const auth = await deps.authn.required(request);
      return {
        success: true as const,
        data: { removed: await deps.push.unsubscribe(auth.user.id, request.body.endpoint) },
      };
    },
  );
}
