import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type ApiExampleOptions,
  curlExample,
  IMAGE_REQUEST_EXAMPLE,
  javascriptExample,
  pythonExample,
} from '@kaleido/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { freePort } from '../../../test/postgres-server.js';

const exec = promisify(execFile);

/**
 * The code examples of the API docs (common/src/api-examples.ts) run for real with node, python3 and
 * bash + curl + jq against a listening server, on the paths a developer meets: the fast answer, a job
 * still running at the second status check (an image queued behind a video), and the terminal states
 * `failed` and `cancelled`, which must end the program with an error instead of a crash or a URL.
 */

type Language = 'javascript' | 'python' | 'curl';
const LANGUAGES: Language[] = ['javascript', 'python', 'curl'];

/** Where the run failed, if it did: exit code and what it printed. */
interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the API docs code examples, fast and slow', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let person: SignedIn;
  let apiKey: string;
  let baseUrl: string;
  let dir: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    fake = createFakeProvider();
    ctx = await createTestContext({ providers: [fake.provider], config: { publicUrl: baseUrl } });
    await ctx.app.listen({ host: '127.0.0.1', port });
    const admin = await signUp(ctx.app);
    person = await signUp(ctx.app);
    // A pro account and key: its credits and rate limit cover every run below.
    await browser(ctx.app, admin).post('/api/auth/update-plan', { plan: 'pro', userId: person.user.id });
    await browser(ctx.app, admin).post('/api/auth/update-credits', { credits: 500, userId: person.user.id });
    const created = await browser(ctx.app, person).post('/api/api-keys/create', {
      name: 'Docs',
      plan: 'pro',
    });
    expect(created.statusCode, created.body).toBe(201);
    apiKey = created.json().data.key;
    dir = await mkdtemp(path.join(os.tmpdir(), 'kaleido-api-examples-'));
  });
  afterAll(async () => {
    fake.releaseAll();
    await ctx?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.set({ kind: 'succeed' });
  });

  /** Runs one language's example; never throws, so a failing program can be asserted on. */
  async function runExample(language: Language, options: Partial<ApiExampleOptions> = {}): Promise<Run> {
    // The docs' programs poll every 2 s; the same programs poll every 0.2 s here.
    const example = { baseUrl: `${baseUrl}/api/v1`, apiKey, pollSeconds: 0.2, ...options };
    const runs: Record<Language, () => Promise<{ stdout: string; stderr: string }>> = {
      javascript: async () => {
        const file = path.join(dir, `example-${Date.now()}.mjs`);
        await writeFile(file, javascriptExample(example));
        return exec(process.execPath, [file], { timeout: 60_000 });
      },
      python: async () => {
        const file = path.join(dir, `example-${Date.now()}.py`);
        await writeFile(file, pythonExample(example));
        return exec('python3', ['-I', file], { timeout: 60_000 });
      },
      curl: () => exec('bash', ['-c', `set -o pipefail\n${curlExample(example)}`], { timeout: 60_000 }),
    };
    try {
      return { code: 0, ...(await runs[language]()) };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  }

  /** The program printed, last, a URL of this server that serves a PNG. */
  async function expectImage(run: Run): Promise<void> {
    expect(run.code, run.stderr).toBe(0);
    const url = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(url.startsWith(`${baseUrl}/api/files/`), url).toBe(true);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  }

  /** The person's newest job (what an example just submitted). */
  async function newestJob(): Promise<{ id: string; status: string } | undefined> {
    return ctx.database.kysely
      .selectFrom('generations')
      .select(['id', 'status'])
      .where('user_id', '=', person.user.id)
      .where('kind', '=', 'image')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** Polls until `check` holds (the example's job reached a state), for at most 20 s. */
  async function until(check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(await newestJob())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  for (const language of LANGUAGES) {
    describe(language, () => {
      it('prints the URL of the finished image (200 on the first answer)', async () => {
        await expectImage(await runExample(language));
      });

      it('waits for a job still running at the second status check (an image queued behind a video)', async () => {
        // Each job takes 1.2 s, six of the programs' 0.2 s polls: still running at the second check.
        fake.set({ kind: 'succeed', delayMs: 1200 });
        // The one worker is busy with this video, so the example's image waits in the queue first.
        const video = await browser(ctx.app, person).post('/api/generate-video', { prompt: 'the sea' });
        expect(video.statusCode, video.body).toBeLessThan(300);
        await expectImage(await runExample(language, { request: { ...IMAGE_REQUEST_EXAMPLE, wait: false } }));
      });

      it('ends with an error, not a URL, when the job fails', async () => {
        fake.set({ kind: 'fail' });
        const run = await runExample(language, { request: { ...IMAGE_REQUEST_EXAMPLE, wait: false } });
        expect(run.code).not.toBe(0);
        expect(run.stdout).not.toContain('http');
        expect(run.stderr).toContain('Generation failed');
      });

      it('ends with an error, not a URL, when the job is cancelled', async () => {
        fake.set({ kind: 'hold' });
        const before = (await newestJob())?.id;
        const running = runExample(language, { request: { ...IMAGE_REQUEST_EXAMPLE, wait: false } });
        // Held by the provider: the runner owns it, so the cancel aborts it at once.
        await until(async () => {
          const job = await newestJob();
          return Boolean(job && job.id !== before && fake.heldCount() === 1);
        });
        const job = await newestJob();
        const cancel = await browser(ctx.app, person).post(`/api/generations/${job?.id}/cancel`);
        expect(cancel.statusCode, cancel.body).toBe(200);
        const run = await running;
        expect(run.code).not.toBe(0);
        expect(run.stdout).not.toContain('http');
        expect(run.stderr).toContain('Generation cancelled');
      });
    });
  }

  it('fail loudly with a wrong key', async () => {
    for (const language of LANGUAGES) {
      const run = await runExample(language, { apiKey: 'kal_live_not_a_real_key' });
      expect(run.code, language).not.toBe(0);
      expect(run.stderr, language).toMatch(/HTTP 401|Invalid API key/);
    }
  });
});
