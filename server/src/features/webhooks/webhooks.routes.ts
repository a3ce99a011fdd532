import {
  ZSuccessEnvelope,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookDeliveryPage,
  ZWebhookDeliveryParams,
  ZWebhookSecret,
} from '@kaleido/common';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { WebhooksService } from './webhooks.service.js';

/** The owner's signing secret and delivery log (API Keys → Webhooks). */
export function webhooksRoutes(app: App, deps: { authn: Authenticator; webhooks: WebhooksService }): void {
  const { authn, webhooks } = deps;
  const signedIn = authn.signedIn;
  const secret = ZSuccessEnvelope(ZWebhookSecret);
  const delivery = ZSuccessEnvelope(ZWebhookDelivery);

  app.get(
    '/api/webhooks/secret',
    { preValidation: signedIn, schema: { response: { 200: secret } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await webhooks.secret(auth.user.id) };
    },
  );

  app.post(
    '/api/webhooks/secret/rotate',
    { preValidation: signedIn, schema: { response: { 200: secret } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await webhooks.rotate(auth.user.id) };
    },
  );

  app.get(
    '/api/webhooks/deliveries',
    {
      preValidation: signedIn,
      schema: {
        querystring: ZWebhookDeliveriesQuery,
        response: { 200: ZSuccessEnvelope(ZWebhookDeliveryPage) },
      },
    },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await webhooks.deliveries(auth.user.id, request.query) };
    },
  );

  app.post(
    '/api/webhooks/deliveries/:id/redeliver',
    { preValidation: signedIn, schema: { params: ZWebhookDeliveryParams, response: { 200: delivery } } },
    async (request) => {
      const auth = await authn.required(request);
      return { success: true as const, data: await webhooks.redeliver(auth.user.id, request.params.id) };
    },
  );

  app.post(
    '/api/webhooks/test',
    { preValidation: signedIn, schema: { response: { 200: delivery } } },
    async (request) => {
      const auth = await authn.required(request);
      return { success: true as const, data: await webhooks.sendTest(auth.user.id) };
    },
  );
}
