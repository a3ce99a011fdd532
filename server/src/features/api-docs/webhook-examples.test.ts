import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { javascriptWebhookExample, pythonWebhookExample } from '@kaleido/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookHeaders } from '../webhooks/webhook-signing.js';

const run = promisify(execFile);

/**
 * The webhook receivers of the API docs (common/src/webhook-examples.ts) run for real with node and
 * python3, and must accept what the server's own signing code signs and refuse everything else.
 */

const secret = newWebhookSecret();
const otherSecret = newWebhookSecret();

interface Receiver {
  url: string;
  output: () => string;
  errors: () => string;
  process: ChildProcess;
}

/** Starts a receiver on a free port and waits for the line that names it. */
function startReceiver(command: string, args: string[]): Promise<Receiver> {
  // The secret comes from the program text (as when pasted from the docs), not from this environment.
  const { KALEIDO_WEBHOOK_SECRET: _fromEnvironment, ...inherited } = process.env;
  const env = { ...inherited, PORT: '0' };
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start: ${stderr}`)), 15_000);
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}: ${stderr}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const port = /Listening on http:\/\/localhost:(\d+)/.exec(stdout)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}/webhooks/kaleido`,
          output: () => stdout,
          errors: () => stderr,
          process: child,
        });
      }
    });
  });
}

/** Waits until the receiver has printed `text` (it prints after answering). */
async function waitForOutput(receiver: Receiver, text: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!receiver.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`the receiver never printed ${text}: ${receiver.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Delivery {
  id?: string;
  timestamp?: number;
  body?: string;
  /** What is sent instead of the signed body (a tampered delivery). */
  sentBody?: string;
  keys?: string[];
}

async function deliver(receiver: Receiver, delivery: Delivery = {}): Promise<{ status: number; id: string }> {
  const id = delivery.id ?? `msg_${randomBytes(8).toString('hex')}`;
  const timestamp = delivery.timestamp ?? Math.floor(Date.now() / 1000);
  const body =
    delivery.body ??
    JSON.stringify({
      type: 'generation.succeeded',
      timestamp: new Date().toISOString(),
      data: { generationId: 'gen_1', url: 'https://kaleido.example/a.png', width: 1024, height: 1024 },
    });
  const response = await fetch(receiver.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...webhookHeaders(delivery.keys ?? [secret], id, timestamp, body),
    },
    body: delivery.sentBody ?? body,
  });
  await response.arrayBuffer();
  return { status: response.status, id };
}

async function hasPython(): Promise<boolean> {
  try {
    await run('python3', ['--version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

const programs = [
  {
    name: 'JavaScript (node)',
    file: 'receiver.mjs',
    code: javascriptWebhookExample({ secret }),
    start: (file: string) => startReceiver(process.execPath, [file]),
  },
  {
    name: 'Python (standard library only)',
    file: 'receiver.py',
    code: pythonWebhookExample({ secret }),
    // -I: isolated mode, so no site-packages can help it along.
    start: (file: string) => startReceiver('python3', ['-I', file]),
  },
];

describe.each(programs)('the webhook receiver of the API docs in $name', (program) => {
  let dir: string;
  let receiver: Receiver;

  beforeAll(async () => {
    if (program.file.endsWith('.py') && !(await hasPython())) {
      throw new Error('python3 is not installed: the Python webhook example of the API docs runs with it');
    }
    dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-webhook-examples-'));
    const file = path.join(dir, program.file);
    await writeFile(file, program.code);
    receiver = await program.start(file);
  }, 30_000);
  afterAll(async () => {
    receiver?.process.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('accepts a delivery signed by the server and prints its event', async () => {
    const { status, id } = await deliver(receiver);
    expect(status, receiver.errors()).toBe(204);
    await waitForOutput(receiver, `${id} generation.succeeded`);
  });

  it('accepts a delivery signed with the new and the old secret during a rotation', async () => {
    expect((await deliver(receiver, { keys: [otherSecret, secret] })).status).toBe(204);
    expect((await deliver(receiver, { keys: [secret, otherSecret] })).status).toBe(204);
  });

  it('accepts non-ASCII payloads (the signature covers the raw bytes)', async () => {
    const body = JSON.stringify({ type: 'generation.failed', data: { message: 'Échec — 生成失败' } });
    const { status, id } = await deliver(receiver, { body });
    expect(status).toBe(204);
    await waitForOutput(receiver, `${id} generation.failed`);
  });

  it('refuses a tampered body, a foreign secret, a stale timestamp and missing headers', async () => {
    const body = JSON.stringify({ type: 'generation.succeeded', data: { credits: 1 } });
    expect((await deliver(receiver, { body, sentBody: body.replace('1', '9') })).status).toBe(400);
    expect((await deliver(receiver, { keys: [otherSecret] })).status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    expect((await deliver(receiver, { timestamp: stale })).status).toBe(400);
    const unsigned = await fetch(receiver.url, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);
    expect(receiver.errors()).toContain('Refused: Invalid signature');
  });
});
