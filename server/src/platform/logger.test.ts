import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLoggers, loggerOptions, redactUrlForLog } from './logger.js';

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

  it('makes a request’s logger only when the request writes a line, which carries the request id', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({
      logger: { ...(loggerOptions('warn') as object), stream },
      childLoggerFactory: lazyRequestLoggers,
      genReqId: () => 'req-1',
    });
    let children = 0;
    const parentChild = app.log.child.bind(app.log);
    app.log.child = (...args: Parameters<typeof parentChild>) => {
      children += 1;
      return parentChild(...args);
    };
    app.get('/quiet', async (request) => {
      request.log.info('below the level');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ detail: 42 }, 'worth a line');
      request.log.error('and another');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(children).toBe(0);
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/loud' });
    await app.close();
    expect(children).toBe(1);
    const written = lines.map((line) => JSON.parse(line));
    expect(written).toMatchObject([
      { reqId: 'req-1', detail: 42, msg: 'worth a line', level: 40 },
      { reqId: 'req-1', msg: 'and another', level: 50 },
    ]);
  });
});
