import { afterEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { parsePrometheus, sampleValue } from '../../../test/prometheus.js';

describe('GET /metrics', () => {
  let ctx: TestContext;
  afterEach(async () => {
    await ctx.close();
  });

  const scrape = async (headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: response.body, samples: parsePrometheus(response.body) };
  };

  it('counts requests, jobs, queue wait and credits as generations succeed and fail, without personal data', async () => {
    const fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider] });
    const person: SignedIn = await signUp(ctx.app, { email: 'metrics-person@example.com' });
    const before = (await scrape()).samples;

    const made = await browser(ctx.app, person).post('/api/generate-image', { prompt: 'secret lighthouse' });
    expect(made.statusCode).toBe(200);
    fake.set({ kind: 'fail' });
    const failed = await browser(ctx.app, person).post('/api/generate-video', { prompt: 'doomed comet' });
    expect(failed.statusCode).toBe(502);

    const { text, samples } = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(samples, name, labels) - sampleValue(before, name, labels);
    const job = { provider: 'fake', model: 'fake-1' };
    expect(moved('kaleido_jobs_total', { ...job, type: 'image', outcome: 'succeeded' })).toBe(1);
    expect(moved('kaleido_jobs_total', { ...job, type: 'video', outcome: 'failed' })).toBe(1);
    expect(moved('kaleido_job_duration_seconds_count', { ...job, type: 'image', outcome: 'succeeded' })).toBe(
      1,
    );
    expect(moved('kaleido_job_queue_wait_seconds_count', { type: 'image' })).toBe(1);
    expect(moved('kaleido_provider_call_duration_seconds_count', { ...job, outcome: 'succeeded' })).toBe(1);
    expect(moved('kaleido_provider_call_duration_seconds_count', { ...job, outcome: 'failed' })).toBe(1);
    // Image 1 credit, video 3: both reserved, the image charged, the video refunded.
    expect(moved('kaleido_credits_total', { operation: 'reserve' })).toBe(4);
    expect(moved('kaleido_credits_total', { operation: 'charge' })).toBe(1);
    expect(moved('kaleido_credits_total', { operation: 'refund' })).toBe(3);
    const generate = { method: 'POST', route: '/api/generate-image', status: '200' };
    expect(moved('kaleido_http_requests_total', generate)).toBe(1);
    expect(moved('kaleido_http_request_duration_seconds_count', generate)).toBe(1);
    expect(sampleValue(samples, 'kaleido_queue_depth')).toBe(0);
    expect(sampleValue(samples, 'kaleido_queue_oldest_waiting_seconds')).toBe(0);
    expect(sampleValue(samples, 'kaleido_provider_up', { provider: 'fake' })).toBe(1);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Labels are templates and ids of providers, never a person, a prompt or a job.
    expect(text).not.toMatch(/metrics-person|secret lighthouse|doomed comet/);
    expect(text).not.toContain(person.user.id);
  });

  it('shows jobs waiting for a worker: depth and the age of the oldest', async () => {
    const fake = createFakeProvider();
    // No worker in this process: accepted jobs wait.
    ctx = await createTestContext({ providers: [fake.provider], config: { workerConcurrency: 0 } });
    const person = await signUp(ctx.app);
    for (const prompt of ['one', 'two']) {
      expect(
        (await browser(ctx.app, person).post('/api/generate-image?wait=false', { prompt })).statusCode,
      ).toBe(202);
    }
    await ctx.database.kysely
      .updateTable('generations')
      .set({ created_at: new Date(Date.now() - 90_000).toISOString() })
      .where('prompt', '=', 'one')
      .execute();
    const { samples } = await scrape();
    expect(sampleValue(samples, 'kaleido_queue_depth')).toBe(2);
    expect(sampleValue(samples, 'kaleido_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(90);
  });

  it('asks for the Bearer token when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789';
    ctx = await createTestContext({ config: { metricsToken: token } });
    const without = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(without.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_REQUIRED' });
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-wrong-guess' },
    });
    expect(wrong.statusCode).toBe(401);
    const { samples } = await scrape({ authorization: `Bearer ${token}` });
    expect(sampleValue(samples, 'kaleido_http_requests_total', { route: '/metrics', status: '401' })).toBe(2);
  });
});
