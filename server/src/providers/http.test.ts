import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { download, parseRetryAfter, send } from './http.js';
import { ProviderError } from './provider.js';

describe('provider HTTP plumbing', () => {
  let server: http.Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  async function serve(answers: ((response: http.ServerResponse) => void)[]) {
    let index = 0;
    server = http.createServer((_request, response) => {
      const answer = answers[Math.min(index, answers.length - 1)];
      index += 1;
      answer?.(response);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, calls: () => index };
  }

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('retries a 429 after Retry-After, then returns the answer', async () => {
    const target = await serve([
      (response) => response.writeHead(429, { 'Retry-After': '0' }).end('slow down'),
      (response) => response.writeHead(200).end('ok'),
    ]);
    const response = await send(target.url, { provider: 'Test', method: 'POST', body: '{}' });
    expect(await response.text()).toBe('ok');
    expect(target.calls()).toBe(2);
  });

  it('fails as rate limited when Retry-After is longer than the policy waits', async () => {
    const target = await serve([(response) => response.writeHead(429, { 'Retry-After': '120' }).end('no')]);
    const error = await send(target.url, { provider: 'Test' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('rate_limited');
    expect((error as ProviderError).options.retryAfterSeconds).toBe(120);
    expect(target.calls()).toBe(1);
  });

  it('retries 503 only for idempotent calls; a create gets `unavailable` at once', async () => {
    const target = await serve([
      (response) => response.writeHead(503).end('down'),
      (response) => response.writeHead(200).end('up'),
    ]);
    const error = await send(target.url, { provider: 'Test', method: 'POST' }).catch((e: unknown) => e);
    expect((error as ProviderError).kind).toBe('unavailable');
    const response = await send(target.url, {
      provider: 'Test',
      retry: 'idempotent',
      policy: { retries: 2, baseDelayMs: 1, maxDelayMs: 10 },
    });
    expect(response.status).toBe(200);
  });

  it('stops at once when the job is aborted, with the abort reason', async () => {
    const target = await serve([() => undefined]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled by user')), 50);
    await expect(send(target.url, { provider: 'Test', signal: controller.signal })).rejects.toThrow(
      'cancelled by user',
    );
  });

  it('turns an expired output URL into output_expired and reads data URIs', async () => {
    const target = await serve([(response) => response.writeHead(410).end()]);
    const error = await download(target.url, { provider: 'Test' }).catch((e: unknown) => e);
    expect((error as ProviderError).kind).toBe('output_expired');
    const inline = await download('data:image/png;base64,aGVsbG8=', { provider: 'Test' });
    expect(inline).toEqual({ data: Buffer.from('hello'), contentType: 'image/png' });
  });
});
