import { ZSuccessEnvelope } from '@kaleido/common';
import Fastify, { type FastifySchema } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useContractSchemas } from './route-schemas.js';

const ZThing = z.object({ id: z.string(), name: z.string() });

/** A route whose handler hands back a row with a column the contract does not name. */
function appWith(schema: FastifySchema) {
  const app = useContractSchemas(Fastify());
  app.get('/thing', { schema }, async () => ({
    success: true,
    data: { id: 't1', name: 'Thing', password_hash: 'secret' },
  }));
  return app;
}

describe('routes with contract schemas', () => {
  it('answers only what the response schema names: an extra column does not leak', async () => {
    const app = appWith({ response: { 200: ZSuccessEnvelope(ZThing) } });
    const response = await app.inject({ method: 'GET', url: '/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { id: 't1', name: 'Thing' } });
    expect(response.body).not.toContain('secret');
  });

  it('accepts the content form of a response (description and media types) at runtime', async () => {
    const app = appWith({
      response: {
        200: {
          description: 'The thing',
          content: { 'application/json': { schema: ZSuccessEnvelope(ZThing) } },
        },
      },
    });
    const response = await app.inject({ method: 'GET', url: '/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: true, data: { id: 't1', name: 'Thing' } });
  });

  it('refuses an answer that breaks its contract instead of sending it', async () => {
    const app = useContractSchemas(Fastify({ logger: false }));
    app.get(
      '/broken',
      { schema: { response: { 200: ZSuccessEnvelope(ZThing) } } },
      // A handler typed loosely elsewhere could return this; the contract catches it.
      async () =>
        JSON.parse('{"success":true,"data":{"id":"t1"}}') as { success: true; data: z.infer<typeof ZThing> },
    );
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('t1');
  });

  it('parses inputs with the contract: defaults applied, unknown keys dropped, refusals as VALIDATION_FAILED', async () => {
    const app = useContractSchemas(Fastify());
    app.post(
      '/things',
      {
        schema: { body: z.object({ name: z.string().trim().min(1), tags: z.array(z.string()).default([]) }) },
      },
      async (request) => request.body,
    );
    const ok = await app.inject({ method: 'POST', url: '/things', payload: { name: ' Box ', extra: 1 } });
    expect(ok.json()).toEqual({ name: 'Box', tags: [] });
    const refused = await app.inject({ method: 'POST', url: '/things', payload: { name: '' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
