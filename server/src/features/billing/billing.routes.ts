import {
  type TLocale,
  ZAddCardRequest,
  ZBillingAddress,
  ZBillingSummary,
  ZBuyPackRequest,
  ZChangePlanRequest,
  ZInvoice,
  ZPaymentMethod,
  ZPlanChangeResult,
  ZPurchase,
  ZPurchaseResult,
  ZSuccessEnvelope,
} from '@kaleido/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { BillingService } from './billing.service.js';

/** Card entry and payments are limited per IP, like the sign-in endpoints. */
const perIp = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

const ZCardParams = z.object({ id: z.string() });

/** Billing (spec: /billing; DECISIONS: stored on the server, paid through the payment provider). */
export function billingRoutes(
  app: App,
  deps: {
    authn: Authenticator;
    billing: BillingService;
    /** The language a signed-in request is answered in (the account's setting). */
    localeOf: (request: FastifyRequest) => Promise<TLocale>;
  },
): void {
  const { authn, billing } = deps;
  const signedIn = authn.signedIn;
  const cards = ZSuccessEnvelope(z.array(ZPaymentMethod));

  app.get(
    '/api/billing',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZBillingSummary) } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await billing.summary(auth.user.id) };
    },
  );

  app.get(
    '/api/billing/payment-methods',
    { preValidation: signedIn, schema: { response: { 200: cards } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await billing.paymentMethods(auth.user.id) };
    },
  );

  app.post(
    '/api/billing/payment-methods',
    {
      ...perIp(20),
      preValidation: signedIn,
      schema: { body: ZAddCardRequest, response: { 201: ZSuccessEnvelope(ZPaymentMethod) } },
    },
    async (request, reply) => {
      const auth = await authn.required(request);
      return reply
        .status(201)
        .send({ success: true, data: await billing.addCard(auth.user.id, request.body) });
    },
  );

  app.post(
    '/api/billing/payment-methods/:id/default',
    { preValidation: signedIn, schema: { params: ZCardParams, response: { 200: cards } } },
    async (request) => {
      const auth = await authn.required(request);
      return { success: true as const, data: await billing.setDefaultCard(auth.user.id, request.params.id) };
    },
  );

  app.delete(
    '/api/billing/payment-methods/:id',
    { preValidation: signedIn, schema: { params: ZCardParams, response: { 200: cards } } },
    async (request) => {
      const auth = await authn.required(request);
      return { success: true as const, data: await billing.removeCard(auth.user.id, request.params.id) };
    },
  );

  app.get(
    '/api/billing/address',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZBillingAddress.nullable()) } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await billing.address(auth.user.id) };
    },
  );

  app.put(
    '/api/billing/address',
    {
      preValidation: signedIn,
      schema: { body: ZBillingAddress, response: { 200: ZSuccessEnvelope(ZBillingAddress) } },
    },
    async (request) => {
      const auth = await authn.required(request);
      return { success: true as const, data: await billing.saveAddress(auth.user.id, request.body) };
    },
  );

  app.get(
    '/api/billing/purchases',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(z.array(ZPurchase)) } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        data: await billing.purchases(auth.user.id, await deps.localeOf(request)),
      };
    },
  );

  app.post(
    '/api/billing/purchases',
    {
      ...perIp(30),
      preValidation: signedIn,
      schema: { body: ZBuyPackRequest, response: { 201: ZSuccessEnvelope(ZPurchaseResult) } },
    },
    async (request, reply) => {
      const auth = await authn.required(request);
      return reply
        .status(201)
        .send({ success: true, data: await billing.buyPack(auth.user.id, request.body) });
    },
  );

  app.post(
    '/api/billing/plan',
    {
      ...perIp(30),
      preValidation: signedIn,
      schema: { body: ZChangePlanRequest, response: { 200: ZSuccessEnvelope(ZPlanChangeResult) } },
    },
    async (request) => {
      const auth = await authn.required(request);
      return { success: true as const, data: await billing.changePlan(auth.user.id, request.body) };
    },
  );

  app.get(
    '/api/billing/invoices',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(z.array(ZInvoice)) } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await billing.invoices(auth.user.id) };
    },
  );
}
