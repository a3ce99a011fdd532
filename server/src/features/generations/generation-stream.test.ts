import type { TGenerationEvent } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUrlSigner } from '../../platform/storage/signed-urls.js';
import { createGenerationEvents } from './generation-events.js';
import { followGeneration } from './generation-stream.js';
import type { GenerationRow } from './generations.repository.js';

const job: GenerationRow = {
  id: 'job-1',
  user_id: 'user-1',
  kind: 'image',
  status: 'queued',
  progress: 0,
  stage: 'Queued',
  prompt: 'a lighthouse',
  negative_prompt: null,
  options: {
    kind: 'image',
    style: 'realistic',
    aspectRatio: '1:1',
    resolution: '1024x1024',
    imageStyle: 'default',
    quality: 'standard',
    width: 1024,
    height: 1024,
  },
  provider: 'fake',
  model: 'fake-1',
  seed: 1,
  cost: 1,
  reserved_monthly: 1,
  reserved_purchased: 0,
  credit_state: 'reserved',
  attempts: 0,
  lease_until: null,
  cancel_requested: 0,
  provider_state: null,
  preview_key: null,
  asset_id: null,
  error: null,
  error_code: null,
  details: null,
  api_key_id: null,
  created_at: '2026-05-01T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  updated_at: '2026-05-01T10:00:00.000Z',
  watched_at: null,
  diagnostics: null,
  watermark: 0,
  tool: 'generate',
  source_asset_ids: '[]',
  tool_options: null,
  result_expired_at: null,
  webhook_url: null,
  webhook_events: null,
};

describe('following a job for its event stream', () => {
  let stored: GenerationRow;
  let events: ReturnType<typeof createGenerationEvents>;
  let sent: TGenerationEvent[];
  let ended: number;
  const find = vi.fn(async (_id: string) => stored);
  const follow = () =>
    followGeneration(
      {
        generations: { find },
        assets: { find: async () => undefined },
        events,
        signer: createUrlSigner(Buffer.alloc(32)),
      },
      job,
      { send: (event) => sent.push(event), end: () => (ended += 1) },
    );
  const flush = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    stored = { ...job };
    events = createGenerationEvents();
    sent = [];
    ended = 0;
    find.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the job once, then applies the messages that carry its state, polling every 15 s', async () => {
    const stop = follow();
    await flush();
    expect(find).toHaveBeenCalledTimes(1);
    expect(sent.at(-1)).toMatchObject({ type: 'progress', generation: { status: 'queued' } });

    stored = { ...stored, status: 'running', started_at: '2026-05-01T10:00:01.000Z' };
    events.changed(job.id, stored);
    stored = { ...stored, progress: 40, stage: 'Rendering', preview_key: 'users/u/previews/job-1.webp' };
    events.changed(job.id, { progress: 40, stage: 'Rendering', preview_key: stored.preview_key });
    expect(sent.map((event) => event.type)).toEqual(['progress', 'progress', 'preview']);
    expect(sent.at(-1)?.generation).toMatchObject({ status: 'running', progress: 40, stage: 'Rendering' });
    expect(sent.at(-1)?.generation.previewUrl).toMatch(/previews/);

    await vi.advanceTimersByTimeAsync(14_000);
    expect(find).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(find).toHaveBeenCalledTimes(2);
    stop();
  });

  it('reads the job when a message carries no state (it ended) and stops there', async () => {
    follow();
    await flush();
    stored = { ...stored, status: 'failed', error: 'nope', finished_at: '2026-05-01T10:00:05.000Z' };
    events.changed(job.id);
    await flush();
    expect(find).toHaveBeenCalledTimes(2);
    expect(sent.at(-1)).toMatchObject({ type: 'failed', generation: { status: 'failed', error: 'nope' } });
    expect(ended).toBe(1);
    events.changed(job.id);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('polls faster once a poll shows changes no message told of (another process runs the job)', async () => {
    const stop = follow();
    await flush();
    stored = { ...stored, status: 'running', progress: 10 };
    await vi.advanceTimersByTimeAsync(15_000);
    expect(find).toHaveBeenCalledTimes(2);
    expect(sent.at(-1)?.generation).toMatchObject({ status: 'running', progress: 10 });
    stored = { ...stored, progress: 20 };
    await vi.advanceTimersByTimeAsync(2_000);
    expect(find).toHaveBeenCalledTimes(3);
    expect(sent.at(-1)?.generation.progress).toBe(20);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(find).toHaveBeenCalledTimes(3);
  });

  it('reads again after a read that a message overtook (the read may predate the change)', async () => {
    let release = () => {};
    find.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          const before = { ...stored };
          release = () => resolve(before);
        }),
    );
    const stop = follow();
    stored = { ...stored, status: 'running', progress: 30 };
    events.changed(job.id, { status: 'running', progress: 30 });
    release();
    await flush();
    expect(find).toHaveBeenCalledTimes(2);
    expect(sent.at(-1)?.generation).toMatchObject({ status: 'running', progress: 30 });
    stop();
  });
});
