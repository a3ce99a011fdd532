import {
  ZApiKey,
  ZApiKeyUsage,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZDeleted,
  ZRevealedApiKey,
  ZRotateApiKeyRequest,
  ZSuccessEnvelope,
  ZUpdateApiKeyRequest,
} from '@kaleido/common';
import { z } from 'zod';
import type { App } from '../../platform/http/route-schemas.js';
import type { Authenticator } from '../auth/authn.js';
import type { ApiKeysService } from './api-keys.service.js';

const ZKeyParams = z.object({ id: z.string() });

/** The owner's management of developer keys (spec: /api-keys calls) and the personal key of Settings. */
export function apiKeysRoutes(app: App, deps: { authn: Authenticator; keys: ApiKeysService }): void {
  const { authn, keys } = deps;
  const signedIn = authn.signedIn;
  const key = ZSuccessEnvelope(ZApiKey);
  const created = ZSuccessEnvelope(ZCreatedApiKey);

  app.get(
    '/api/api-keys/list',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(z.array(ZApiKey)) } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await keys.list(auth.user.id) };
    },
  );

  app.post(
    '/api/api-keys/create',
    { preValidation: signedIn, schema: { body: ZCreateApiKeyRequest, response: { 201: created } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      const made = await keys.create(auth.user, request.body);
      return reply.status(201).send({ success: true, data: { ...made.apiKey, key: made.secret } });
    },
  );

  app.get(
    '/api/api-keys/:id/usage',
    {
      preValidation: signedIn,
      schema: { params: ZKeyParams, response: { 200: ZSuccessEnvelope(ZApiKeyUsage) } },
    },
    async (request) => {
      const auth = await authn.required(request);
      return { success: true as const, data: await keys.usage(auth.user.id, request.params.id) };
    },
  );

  app.get(
    '/api/api-keys/:id/reveal',
    {
      preValidation: signedIn,
      schema: { params: ZKeyParams, response: { 200: ZSuccessEnvelope(ZRevealedApiKey) } },
    },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: { key: await keys.reveal(auth.user.id, request.params.id) } };
    },
  );

  app.patch(
    '/api/api-keys/:id',
    {
      preValidation: signedIn,
      schema: { params: ZKeyParams, body: ZUpdateApiKeyRequest, response: { 200: key } },
    },
    async (request) => {
      const auth = await authn.required(request);
      return {
        success: true as const,
        data: await keys.update(auth.user.id, request.params.id, request.body),
      };
    },
  );

  // A new secret (shown once); the old one keeps working for the chosen grace period.
  app.post(
    '/api/api-keys/:id/rotate',
    {
      preValidation: signedIn,
      schema: { params: ZKeyParams, body: ZRotateApiKeyRequest, response: { 200: created } },
    },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      const made = await keys.rotate(auth.user.id, request.params.id, request.body.graceHours);
      return { success: true as const, data: { ...made.apiKey, key: made.secret } };
    },
  );

  app.post(
    '/api/api-keys/:id/deactivate',
    { preValidation: signedIn, schema: { params: ZKeyParams, response: { 200: key } } },
    async (request) => {
      const auth = await authn.required(request);
      return {
        success: true as const,
        data: await keys.update(auth.user.id, request.params.id, { isActive: false }),
      };
    },
  );

  app.post(
    '/api/api-keys/:id/activate',
    { preValidation: signedIn, schema: { params: ZKeyParams, response: { 200: key } } },
    async (request) => {
      const auth = await authn.required(request);
      return {
        success: true as const,
        data: await keys.update(auth.user.id, request.params.id, { isActive: true }),
      };
    },
  );

  app.delete(
    '/api/api-keys/:id',
    {
      preValidation: signedIn,
      schema: { params: ZKeyParams, response: { 200: ZSuccessEnvelope(ZDeleted) } },
    },
    async (request) => {
      const auth = await authn.required(request);
      await keys.remove(auth.user.id, request.params.id);
      return { success: true as const, data: { id: request.params.id } };
    },
  );

  app.get(
    '/api/settings/api-key',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(ZApiKey.nullable()) } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await keys.personal(auth.user.id) };
    },
  );

  app.post(
    '/api/settings/api-key',
    { preValidation: signedIn, schema: { response: { 201: created } } },
    async (request, reply) => {
      const auth = await authn.required(request);
      const made = await keys.generatePersonal(auth.user);
      return reply.status(201).send({ success: true, data: { ...made.apiKey, key: made.secret } });
    },
  );

  app.delete(
    '/api/settings/api-key',
    { preValidation: signedIn, schema: { response: { 200: ZSuccessEnvelope(z.null()) } } },
    async (request) => {
      const auth = await authn.required(request);
      await keys.revokePersonal(auth.user.id);
      return { success: true as const, data: null };
    },
  );
}
