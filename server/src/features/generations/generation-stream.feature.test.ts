import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import type { GenerationProvider } from '../../providers/provider.js';

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StreamEvent {
  type: string;
  data: { type: string; generation: { status: string; progress: number; asset: { url: string } | null } };
}

describe('the event stream of a job', () => {
  let ctx: TestContext;
  let fake: ReturnType<typeof createFakeProvider>;
  let person: SignedIn;

  beforeEach(async () => {
    fake = createFakeProvider({ kind: 'hold' });
    // The fake, reporting progress every 50 ms while it holds the job (a long render).
    const ticking: GenerationProvider = {
      ...fake.provider,
      async generate(request, context) {
        let progress = 40;
        const ticker = setInterval(() => {
          progress = Math.min(98, progress + 1);
          context.report({ progress, stage: 'Rendering' });
        }, 50);
        try {
          return await fake.provider.generate(request, context);
        } finally {
          clearInterval(ticker);
        }
      },
    };
    ctx = await createTestContext({ providers: [ticking], runnerOptions: { progressWriteMs: 100 } });
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    fake.releaseAll();
    await ctx.close();
  });

  it('carries progress from the runner without reading the job each time, and reads it once at the end', async () => {
    const caller = browser(ctx.app, person);
    const job = (await caller.post('/api/generate-image?wait=false', { prompt: 'a long render' })).json()
      .data;
    await until(() => fake.heldCount() === 1);

    // Every read of a job goes through selectFrom('generations') on the app's database; the stream's
    // own are those made from the stream's code (the runner, notifications and webhooks read too, at
    // moments that vary with the machine's load).
    const realSelect = ctx.database.kysely.selectFrom.bind(ctx.database.kysely);
    let streamReads = 0;
    const selectFrom = vi.spyOn(ctx.database.kysely, 'selectFrom').mockImplementation(((
      table: 'generations',
    ) => {
      const stack = new Error().stack ?? '';
      if (table === 'generations' && /generation-stream\.ts|generations\.routes\.ts/.test(stack))
        streamReads++;
      return realSelect(table);
    }) as typeof realSelect);
    const jobReads = () => streamReads;
    const stream = caller.get(`/api/generations/${job.id}/events`);
    // Open for 3.5 s with progress every 100 ms: a once-a-second poll would read it 3 times more.
    await sleep(3500);
    const readsWhileOpen = jobReads();
    fake.releaseAll();
    const response = await stream;
    const readsAtEnd = jobReads();
    selectFrom.mockRestore();

    const events: StreamEvent[] = response.body
      .split('\n\n')
      .filter((block) => block.startsWith('event:'))
      .map((block) => ({
        type: block.split('\n')[0]?.slice(7) ?? '',
        data: JSON.parse(block.split('\n')[1]?.slice(6) ?? '{}'),
      }));
    const progress = events
      .filter((event) => event.type === 'preview')
      .map((e) => e.data.generation.progress);
    // The stream was live: many progress messages, rising, each the one the runner wrote.
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.at(-1)?.type).toBe('done');
    expect(events.at(-1)?.data.generation.asset?.url).toMatch(/original\.png/);
    // Opening: the ownership check and the first state, plus at most one catch-up read when progress arrives
    // while that first read is under way (a slow machine). Then nothing until the end (one read). A poll once a
    // second would add three or more.
    expect(readsWhileOpen).toBeLessThanOrEqual(3);
    expect(readsAtEnd - readsWhileOpen).toBeLessThanOrEqual(2);
  });
});
