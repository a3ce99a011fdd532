import { ZHealthResponse } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testDatabaseKind } from '../../../test/harness.js';

describe('health', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await ctx.close();
  });

  it.each(['/health', '/api/health'])(
    'GET %s answers ok with version, uptime and database kind',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = ZHealthResponse.parse(response.json());
      expect(body).toMatchObject({ success: true, status: 'ok', database: testDatabaseKind() });
      expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    },
  );

  it('answers 503 with status "error" when the database does not answer', async () => {
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, status: 'error', database: testDatabaseKind() });
    expect(response.json().error).toMatch(/^Health check failed/);
  });

  it('needs no authentication and sets no cookie', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
