import { ZCreateApiKeyRequest, ZUpdateApiKeyRequest } from '@kaleido/common';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { Authenticator } from '../auth/authn.js';
import type { ApiKeysService } from './api-keys.service.js';

/** The owner's management of developer keys (spec: /api-keys calls) and the personal key of Settings. */
export function apiKeysRoutes(
  app: FastifyInstance,
  deps: { authn: Authenticator; keys: ApiKeysService },
): void {
  const { authn, keys } = deps;

  app.get('/api/api-keys/list', async (request, reply) => {
    const auth = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await keys.list(auth.user.id) };
  });

  app.post('/api/api-keys/create', async (request, reply) => {
    const auth = await authn.required(request);
    const input = parseInput(ZCreateApiKeyRequest, request.body);
    const created = await keys.create(auth.user, input);
    return reply.status(201).send({ success: true, data: { ...created.apiKey, key: created.secret } });
  });

  app.get<{ Params: { id: string } }>('/api/api-keys/:id/usage', async (request) => {
    const auth = await authn.required(request);
    return { success: true, data: await keys.usage(auth.user.id, request.params.id) };
  });

  app.get<{ Params: { id: string } }>('/api/api-keys/:id/reveal', async (request, reply) => {
    const auth = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: { key: await keys.reveal(auth.user.id, request.params.id) } };
  });

  app.patch<{ Params: { id: string } }>('/api/api-keys/:id', async (request) => {
    const auth = await authn.required(request);
    const patch = parseInput(ZUpdateApiKeyRequest, request.body);
    return { success: true, data: await keys.update(auth.user.id, request.params.id, patch) };
  });

  app.post<{ Params: { id: string } }>('/api/api-keys/:id/deactivate', async (request) => {
    const auth = await authn.required(request);
    return { success: true, data: await keys.update(auth.user.id, request.params.id, { isActive: false }) };
  });

  app.post<{ Params: { id: string } }>('/api/api-keys/:id/activate', async (request) => {
    const auth = await authn.required(request);
    return { success: true, data: await keys.update(auth.user.id, request.params.id, { isActive: true }) };
  });

  app.delete<{ Params: { id: string } }>('/api/api-keys/:id', async (request) => {
    const auth = await authn.required(request);
    await keys.remove(auth.user.id, request.params.id);
    return { success: true, data: { id: request.params.id } };
  });

  app.get('/api/settings/api-key', async (request, reply) => {
    const auth = await authn.required(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await keys.personal(auth.user.id) };
  });

  app.post('/api/settings/api-key', async (request, reply) => {
    const auth = await authn.required(request);
    const created = await keys.generatePersonal(auth.user);
    return reply.status(201).send({ success: true, data: { ...created.apiKey, key: created.secret } });
  });

  app.delete('/api/settings/api-key', async (request) => {
    const auth = await authn.required(request);
    await keys.revokePersonal(auth.user.id);
    return { success: true, data: null };
  });
}
