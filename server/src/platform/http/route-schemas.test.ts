import { ZSuccessEnvelope } from '@kaleido/common';
import Fastify, { type FastifySchema } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useContractSchemas } from './route-schemas.js';

const ZThing = z.object({ id: z.string(), name: z.string() });

/** A route whose handler hands back a row with a column the contract does not name. */
function appWith(schema: FastifySchema, validateResponses = false) {
  const app = useContractSchemas(Fastify(), { validateResponses });
  app.get('/thing', { schema }, async () => ({
    success: true,
    data: { id: 't1', name: 'Thing', password_hash: 'secret' },
  }));
  return app;
}

describe('routes with contract schemas', () => {
  it.each([false, true])(
    'answers only what the response schema names: an extra column does not leak (validating: %s)',
    async (validate) => {
      const app = appWith({ response: { 200: ZSuccessEnvelope(ZThing) } }, validate);
      const response = await app.inject({ method: 'GET', url: '/thing' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: { id: 't1', name: 'Thing' } });
      expect(response.body).not.toContain('secret');
    },
  );

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

  it.each([false, true])(
    'refuses an answer that lacks a field of its contract (validating: %s)',
    async (validate) => {
      const app = useContractSchemas(Fastify({ logger: false }), { validateResponses: validate });
      app.get(
        '/broken',
        { schema: { response: { 200: ZSuccessEnvelope(ZThing) } } },
        // A handler typed loosely elsewhere could return this; the contract catches it.
        async () =>
          JSON.parse('{"success":true,"data":{"id":"t1"}}') as {
            success: true;
            data: z.infer<typeof ZThing>;
          },
      );
      const response = await app.inject({ method: 'GET', url: '/broken' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('t1');
    },
  );

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

  it('when validating, refuses an answer whose values break the contract (the compiled serialiser alone would coerce them)', async () => {
    const app = useContractSchemas(Fastify({ logger: false }), { validateResponses: true });
    const ZCount = z.object({ count: z.number().int(), state: z.enum(['on', 'off']) });
    app.get(
      '/count',
      { schema: { response: { 200: ZCount } } },
      async () => JSON.parse('{"count":"7","state":"maybe"}') as z.infer<typeof ZCount>,
    );
    const response = await app.inject({ method: 'GET', url: '/count' });
    expect(response.statusCode).toBe(500);
  });

  it('writes unions, nullable and optional fields, records and nested ids as the contract encodes them', async () => {
    const ZTagged = z.object({ id: z.string() }).meta({ id: 'RouteSchemasTestTagged' });
    const ZMixed = z.object({
      kind: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('image'), width: z.number().int() }),
        z.object({ kind: z.literal('video'), fps: z.number() }),
      ]),
      note: z.string().nullable(),
      maybe: z.string().optional(),
      counts: z.record(z.string(), z.number()),
      tagged: ZTagged,
      anything: z.unknown(),
    });
    const value = {
      kind: { kind: 'video', fps: 23.976 },
      note: null,
      counts: { a: 1, b: 2.5 },
      tagged: { id: 'x' },
      anything: { deep: [1, 'two', null] },
    } as const;
    for (const validateResponses of [false, true]) {
      const app = useContractSchemas(Fastify({ logger: false }), { validateResponses });
      app.get('/mixed', { schema: { response: { 200: ZMixed } } }, async () => value);
      const response = await app.inject({ method: 'GET', url: '/mixed' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(value);
    }
  });
});
