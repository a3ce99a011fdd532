import { ZPushSubscribeRequest, ZPushUnsubscribeRequest } from '@kaleido/common';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import type { PushService } from './push.service.js';

/** Push subscription calls (spec section 7): the public key, subscribe and unsubscribe. */
export function pushRoutes(app: FastifyInstance, deps: { authn: Authenticator; push: PushService }): void {
  // The VAPID public key the browser subscribes with (applicationServerKey).
  app.get('/api/push/public-key', async () => ({
    success: true,
    data: { publicKey: deps.push.publicKey() },
  }));

  app.post('/api/push/subscribe', async (request, reply) => {
    const auth = await deps.authn.required(request);
    const body = parseInput(ZPushSubscribeRequest, request.body);
    await deps.push.subscribe(auth.user.id, body, request.headers['user-agent'] ?? null);
    return reply.status(201).send({ success: true, data: { subscribed: true } });
  });

  app.post('/api/push/unsubscribe', async (request) => {
    const auth = await deps.authn.required(request);
    const body = parseInput(ZPushUnsubscribeRequest, request.body);
    return { success: true, data: { removed: await deps.push.unsubscribe(auth.user.id, body.endpoint) } };
  });
}
