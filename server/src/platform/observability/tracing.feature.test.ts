import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, signUpOver, startServer } from '../../../test/built-server.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../test/harness.js';
import { type ReceivedSpan, startOtlpReceiver } from '../../../test/otlp-receiver.js';

describe('tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let build: Awaited<ReturnType<typeof buildServer>>;
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    build = await buildServer();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-tracing-'));
    database = await createTestDatabase(dataDir);
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await build?.remove();
  });

  it('exports a generation as one trace: the request, the job under it and the provider call under the job', async () => {
    const receiver = await startOtlpReceiver();
    const server = await startServer(path.join(build.dir, 'main.js'), {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL:
        database.config.kind === 'postgres' ? database.config.url : `sqlite:${database.config.file}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      const cookie = await signUpOver(server.url, 'traced@example.com');
      const generated = await fetch(`${server.url}/api/generate-image?source=test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
        body: JSON.stringify({ prompt: 'a lighthouse at dusk' }),
      });
      expect(generated.status).toBe(200);
    } finally {
      // Shutting down exports what is still buffered.
      expect(await server.stop()).toBe(0);
      await receiver.close();
    }
    const spans = receiver.spans;
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
      const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      return parent ? [parent, ...ancestors(parent)] : [];
    };
    const job = spans.find((span) => span.name === 'kaleido.generation.job');
    const provider = spans.find((span) => span.name === 'kaleido.provider.render');
    const request = spans.find(
      (span) => span.kind === 2 && span.attributes['http.route'] === '/api/generate-image',
    );
    if (!job || !provider || !request)
      throw new Error(`missing spans: ${spans.map((span) => span.name).join(', ')}`);
    expect(job.attributes).toMatchObject({
      'kaleido.job.type': 'image',
      'kaleido.job.provider': 'sketch',
      'kaleido.job.outcome': 'succeeded',
    });
    expect(provider.attributes).toMatchObject({ 'kaleido.provider': 'sketch' });
    expect(provider.parentSpanId).toBe(job.spanId);
    expect(job.traceId).toBe(request.traceId);
    expect(ancestors(job).map((span) => span.spanId)).toContain(request.spanId);
    // No query string (signed URLs, tokens) in any exported attribute.
    expect(JSON.stringify(spans)).not.toContain('source=test');
    if (testDatabaseKind() === 'postgres') {
      // The request's queries, through the pg instrumentation (parameterised text, never values).
      const queries = spans.filter(
        (span) => span.traceId === request.traceId && span.attributes['db.system.name'] === 'postgresql',
      );
      expect(queries.length).toBeGreaterThan(0);
    }
  });
});
