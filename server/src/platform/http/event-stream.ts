import type { FastifyReply, FastifyRequest } from 'fastify';

/** How often an idle stream writes a comment, so proxies do not close it. */
const KEEP_ALIVE_MS = 15_000;

export interface EventStream {
  /** Writes one event (`data` as JSON) unless it repeats the last one or the stream is closed. */
  send(type: string, data: unknown): void;
  /** Ends the stream (once); `onClose` runs. */
  end(): void;
}

/**
 * Takes over the reply as a server-sent event stream (the headers Fastify already set are kept;
 * `retry: 2000` asks clients to reconnect after 2 s) with a keep-alive comment. `onClose` runs once,
 * when the stream ends or the client goes away.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  onClose: () => void,
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  let lastSent = '';
  let closed = false;
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  function end() {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    raw.end();
    onClose();
  }
  request.raw.on('close', end);
  raw.write('retry: 2000\n\n');
  return {
    send(type, data) {
      const body = JSON.stringify(data);
      if (body === lastSent || closed) return;
      lastSent = body;
      raw.write(`event: ${type}\ndata: ${body}\n\n`);
    },
    end,
  };
}
