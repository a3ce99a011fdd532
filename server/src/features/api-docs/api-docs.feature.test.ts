import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, signUp } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `$ref` anywhere in `node`. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (!isRecord(node)) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : refsIn(value),
  );
}

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { description?: unknown; content?: Record<string, { schema?: Json }> }>;
  security?: unknown;
}

describe("the app API's OpenAPI document", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is served without a session, generated from the routes, identical to the committed copy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    const committed = JSON.parse(
      await readFile(new URL('../../../openapi-app.json', import.meta.url), 'utf8'),
    );
    expect(committed, 'server/openapi-app.json is stale: run `npm run openapi -w server`').toEqual(doc);
  });

  it('is a valid OpenAPI 3.1 document of the app routes: /api/credits with its contract, no /api/v1', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    expect(Object.keys(paths).length).toBeGreaterThan(40);
    for (const path of Object.keys(paths)) {
      expect(path).toMatch(/^\/api\//);
      expect(path).not.toMatch(/^\/api\/v1\//);
    }

    // Structurally valid: every operation answers something described, every path parameter is
    // declared, and every reference resolves to a component.
    const schemas = doc.components.schemas as Record<string, Json>;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(['get', 'put', 'post', 'delete', 'patch']).toContain(method);
        expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const answer of Object.values(operation.responses))
          expect(answer.description).toEqual(expect.any(String));
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          expect(operation.parameters, `${method} ${path}`).toContainEqual(
            expect.objectContaining({ name, in: 'path', required: true }),
          );
        }
      }
    }
    for (const ref of refsIn(doc)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }

    // `/api/credits`: the envelope around its contract schema, behind a session.
    const credits = paths['/api/credits']?.get;
    const answer = credits?.responses['200']?.content?.['application/json']?.schema;
    expect(answer).toMatchObject({
      properties: { success: { const: true }, data: { $ref: '#/components/schemas/CreditStatement' } },
      required: ['success', 'data'],
    });
    expect(schemas.CreditStatement).toMatchObject({
      type: 'object',
      properties: { balance: { type: 'object' }, entries: { type: 'array' } },
    });
    expect(credits?.security).toEqual([{ session: [] }, { sessionToken: [] }]);
    // A public call says no session is needed; a request body is described from its contract.
    expect(paths['/api/gallery']?.get?.security).toBeUndefined();
    expect(paths['/api/auth/signup']?.post).toMatchObject({
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { required: ['name', 'email', 'password'] } } },
      },
    });
  });

  it('is true about sessions: a call marked signed-in answers 401 before checking its input, no other does', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const signedOut = browser(ctx.app, null);
    let marked = 0;
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Input no route accepts: a bad query, a body of the wrong shape.
        const url = `${path.replace(/\{[^}]+\}/g, 'x')}?limit=-1&cursor=${'z'.repeat(300)}`;
        const response = await (method === 'get'
          ? signedOut.get(url)
          : signedOut[method as 'post' | 'put' | 'patch' | 'delete'](url, { bogus: [1] }));
        const needsSession = operation.security !== undefined;
        expect(
          response.statusCode === 401,
          `${method} ${path}: ${response.statusCode} ${response.body}`,
        ).toBe(needsSession);
        if (needsSession) marked += 1;
      }
    }
    expect(marked).toBeGreaterThan(30);
    // Administrators' calls: a signed-in person who is not one is refused (403) before the input too.
    await signUp(ctx.app); // The first account is the administrator.
    const person = await signUp(ctx.app);
    const refused = await browser(ctx.app, person).post('/api/auth/update-credits', { credits: 'lots' });
    expect(refused.statusCode).toBe(403);
  });
});
