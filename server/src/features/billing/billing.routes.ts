import {
  type TLocale,
  ZAddCardRequest,
  ZBillingAddress,
  ZBuyPackRequest,
  ZChangePlanRequest,
} from '@kaleido/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import type { BillingService } from './billing.service.js';

/** Card entry and payments are limited per IP, like the sign-in endpoints. */
const perIp = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/** Billing (spec: /billing; DECISIONS: stored on the server, paid through the payment provider). */
export function billingRoutes(
  app: FastifyInstance,
  deps: {
    authn: Authenticator;
    billing: BillingService;
    /** The language a signed-in request is answered in (the account's setting). */
    localeOf: (request: FastifyRequest) => Promise<TLocale>;
  },
): void {
  const { authn, billing } = deps;

  app.get('/api/billing', async (request, reply) => {
    const auth = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await billing.summary(auth.user.id) };
  });

  app.get('/api/billing/payment-methods', async (request, reply) => {
    const auth = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await billing.paymentMethods(auth.user.id) };
  });

  app.post('/api/billing/payment-methods', perIp(20), async (request, reply) => {
    const auth = await authn.required(request);
    const input = parseInput(ZAddCardRequest, request.body);
    return reply.status(201).send({ success: true, data: await billing.addCard(auth.user.id, input) });
  });

  app.post<{ Params: { id: string } }>('/api/billing/payment-methods/:id/default', async (request) => {
    const auth = await authn.required(request);
    return { success: true, data: await billing.setDefaultCard(auth.user.id, request.params.id) };
  });

  app.delete<{ Params: { id: string } }>('/api/billing/payment-methods/:id', async (request) => {
    const auth = await authn.required(request);
    return { success: true, data: await billing.removeCard(auth.user.id, request.params.id) };
  });

  app.get('/api/billing/address', async (request, reply) => {
    const auth = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await billing.address(auth.user.id) };
  });

  app.put('/api/billing/address', async (request) => {
    const auth = await authn.required(request);
    const input = parseInput(ZBillingAddress, request.body);
    return { success: true, data: await billing.saveAddress(auth.user.id, input) };
  });

  app.get('/api/billing/purchases', async (request, reply) => {
    const auth = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await billing.purchases(auth.user.id, await deps.localeOf(request)) };
  });

  app.post('/api/billing/purchases', perIp(30), async (request, reply) => {
    const auth = await authn.required(request);
    const input = parseInput(ZBuyPackRequest, request.body);
    return reply.status(201).send({ success: true, data: await billing.buyPack(auth.user.id, input) });
  });

  app.post('/api/billing/plan', perIp(30), async (request) => {
    const auth = await authn.required(request);
    const input = parseInput(ZChangePlanRequest, request.body);
    return { success: true, data: await billing.changePlan(auth.user.id, input) };
  });

  app.get('/api/billing/invoices', async (request, reply) => {
    const auth = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await billing.invoices(auth.user.id) };
  });
}
