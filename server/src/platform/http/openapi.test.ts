import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi, collectRoutes, documentedRoutes } from './openapi.js';
import { useContractSchemas } from './route-schemas.js';

// Components need ids unique in zod's global registry: these are the test's own.
const ZWidget = z
  .object({ id: z.string(), size: z.number().int().default(3) })
  .meta({ id: 'TestWidget', description: 'A widget' });
const ZProblem = z.object({ error: z.string() }).meta({ id: 'TestProblem' });
// Strict: unknown keys are refused on the way in as on the way out, so both shapes are one.
const ZNote = z.strictObject({ text: z.string() }).meta({ id: 'TestNote' });

async function documentOf(register: (app: ReturnType<typeof useContractSchemas>) => void) {
  const app = useContractSchemas(Fastify());
  collectRoutes(app);
  register(app);
  await app.ready();
  return buildOpenApi(documentedRoutes(app), {
    info: { title: 'Test', version: '1' },
    basePath: '/api/v1',
    security: [{ key: [] }],
  }) as {
    servers: unknown;
    security: unknown;
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };
}

describe('OpenAPI documents generated from the routes', () => {
  it('turns params, query, headers, body and responses into an operation, with components', async () => {
    const doc = await documentOf((app) => {
      app.put(
        '/api/v1/widgets/:id',
        {
          schema: {
            operationId: 'putWidget',
            summary: 'Replace a widget',
            tags: ['widgets'],
            params: z.object({ id: z.string() }),
            querystring: z.object({ dryRun: z.coerce.boolean().default(false) }),
            headers: z.object({
              'idempotency-key': z.string().max(255).optional().meta({ description: 'Retry safely.' }),
            }),
            body: ZWidget,
            response: {
              200: ZWidget,
              409: { description: 'Taken.', content: { 'application/json': { schema: ZProblem } } },
            },
          },
        },
        async (request) => request.body,
      );
      app.get('/api/v1/undocumented', async () => ({}));
      app.get('/api/other', { schema: { response: { 200: ZProblem } } }, async () => ({ error: '' }));
    });

    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.security).toEqual([{ key: [] }]);
    // Only routes under the base path with a schema; HEAD twins of GETs are not listed.
    expect(Object.keys(doc.paths)).toEqual(['/widgets/{id}']);
    const operation = doc.paths['/widgets/{id}']?.put;
    expect(operation).toMatchObject({
      operationId: 'putWidget',
      summary: 'Replace a widget',
      tags: ['widgets'],
    });
    expect(operation?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'dryRun', in: 'query', required: false, schema: { type: 'boolean', default: false } },
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Retry safely.',
        schema: { type: 'string', maxLength: 255 },
      },
    ]);
    expect(operation?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/TestWidgetInput' } } },
    });
    expect(operation?.responses).toEqual({
      200: {
        description: 'A widget',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/TestWidget' } } },
      },
      409: {
        description: 'Taken.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/TestProblem' } } },
      },
    });
    // A default makes a field optional in a request but always present in a response: two shapes.
    expect(doc.components.schemas.TestWidgetInput?.required).toEqual(['id']);
    expect(doc.components.schemas.TestWidget?.required).toEqual(['id', 'size']);
  });

  it('keeps one component when a schema reads the same both ways, and lists what a route answers without JSON', async () => {
    const doc = await documentOf((app) => {
      app.post(
        '/api/v1/notes',
        { schema: { body: ZNote, response: { 201: ZNote } } },
        async (request, reply) => reply.status(201).send(request.body),
      );
      app.get('/api/v1/files/*', { schema: { params: z.object({ '*': z.string() }) } }, async () => '');
    });
    expect(Object.keys(doc.components.schemas)).toEqual(['TestNote']);
    expect(doc.paths['/notes']?.post?.responses).toMatchObject({ 201: { description: 'Created' } });
    expect(doc.paths['/files/{path}']?.get).toMatchObject({
      parameters: [{ name: 'path', in: 'path', required: true }],
      responses: { default: {} },
    });
  });
});
