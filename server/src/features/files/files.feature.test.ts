import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.js';
import { createS3Store, parseS3Url } from '../../platform/storage/s3-store.js';

describe('generated files in S3-compatible storage', () => {
  let s3: TestS3Server;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.stop();
  });
  beforeEach(async () => {
    ctx = await createTestContext({
      providers: [createFakeProvider().provider],
      store: createS3Store(parseS3Url(s3.storageUrl)),
    });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('stores results in the bucket, serves them by signed URL with ranges, and deletes them', async () => {
    const person = await signUp(ctx.app);
    const made = (
      await browser(ctx.app, person).post('/api/generate-image', { prompt: 'cloud stored' })
    ).json().data;
    const file = await ctx.app.inject({ method: 'GET', url: made.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['accept-ranges']).toBe('bytes');
    const size = Number(file.headers['content-length']);
    const tail = await ctx.app.inject({ method: 'GET', url: made.url, headers: { range: 'bytes=-4' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 4}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(file.rawPayload.subarray(size - 4))).toBe(true);
    const beyond = await ctx.app.inject({
      method: 'GET',
      url: made.url,
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);

    expect((await browser(ctx.app, person).delete(`/api/assets/${made.id}`)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: made.url })).statusCode).toBe(404);
  });
});
