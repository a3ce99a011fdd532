import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrlForLog } from './logger.js';

describe('logging', () => {
  it('redacts secret-looking query parameters from logged URLs', () => {
    expect(redactUrlForLog('/api/x?token=abc&page=2')).toBe('/api/x?token=%5Bredacted%5D&page=2');
    expect(redactUrlForLog('/auth/callback?code=123&state=xyz')).not.toMatch(/123|xyz/);
    expect(redactUrlForLog('/api/health')).toBe('/api/health');
  });

  it('never writes authorization headers, cookies or passwords', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions('info');
    const app = Fastify({ logger: { ...(options as object), stream } });
    app.post('/login', async (request) => {
      request.log.info({ headers: request.headers, body: request.body }, 'login attempt');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/login?token=leaky',
      headers: { authorization: 'Bearer kal_live_secret', cookie: 'kaleido_session=abc' },
      payload: { email: 'a@example.com', password: 'hunter2-password' },
    });
    await app.close();
    const output = lines.join('');
    expect(output).toContain('login attempt');
    for (const secret of ['kal_live_secret', 'kaleido_session=abc', 'hunter2-password', 'leaky']) {
      expect(output).not.toContain(secret);
    }
  });
});
