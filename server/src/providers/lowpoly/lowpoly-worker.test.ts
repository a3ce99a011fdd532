import { existsSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GenerationContext, Model3dRequest, ProgressUpdate } from '../provider.js';
import { ProviderError } from '../provider.js';
import { createSketchProvider, type SketchProvider } from '../sketch/provider.js';
import { buildLowPoly } from './lowpoly.js';
import { LOWPOLY_MODEL_ID } from './provider-3d.js';
import { LowPolyWorkerPool, resolveLowPolyWorkerEntry } from './worker-pool.js';

function context(controller = new AbortController(), updates: ProgressUpdate[] = []): GenerationContext {
  return { signal: controller.signal, report: (update) => updates.push(update), checkpoint: async () => {} };
}

/** The Sketch provider's 3D entry point (it always has one). */
function model3d(provider: SketchProvider, job: Model3dRequest, ctx: GenerationContext) {
  if (!provider.generate3d) throw new Error('the Sketch provider offers no 3D');
  return provider.generate3d(job, ctx);
}

function request(prompt: string, seed: number): Model3dRequest {
  return { prompt, seed, model: LOWPOLY_MODEL_ID };
}

describe('the 3D modeller in a worker thread', () => {
  const pool = new LowPolyWorkerPool({ size: 1, cancelGraceMs: 5_000 });
  afterAll(() => pool.close());

  it('builds byte for byte what the in-process modeller builds, and reports its steps', async () => {
    for (const [prompt, seed] of [
      ['a red car', 42],
      ['snowy mountains with a forest and a lighthouse', 7],
    ] as const) {
      const updates: ProgressUpdate[] = [];
      const inWorker = await pool.run({ prompt, seed, posterSize: 128 }, context(undefined, updates));
      const inProcess = await buildLowPoly(prompt, seed, 128);
      expect(Buffer.isBuffer(inWorker.glb)).toBe(true);
      expect(inWorker.glb.equals(inProcess.glb)).toBe(true);
      expect(inWorker.poster.equals(inProcess.poster)).toBe(true);
      expect({ ...inWorker, glb: null, poster: null }).toEqual({ ...inProcess, glb: null, poster: null });
      expect(updates.map((update) => update.stage)).toEqual(['Generating', 'Encoding', 'Rendering']);
    }
    expect(pool.threads).toBe(1);
  });

  it('does not start a job that is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await pool
      .run({ prompt: 'a cup', seed: 1, posterSize: 64 }, context(controller))
      .catch((e) => e);
    expect((error as Error).name).toBe('AbortError');
  });

  it('refuses work once closed', async () => {
    const closing = new LowPolyWorkerPool({ size: 1, cancelGraceMs: 1_000 });
    await closing.close();
    const error = await closing.run({ prompt: 'a cup', seed: 1, posterSize: 64 }, context()).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('unavailable');
  });
});

describe('cancelling a 3D build', () => {
  it('stops the in-process modeller between its steps', async () => {
    const controller = new AbortController();
    const stages: string[] = [];
    const outcome = buildLowPoly('a castle on an island', 5, 64, {
      signal: controller.signal,
      report: ({ stage }) => {
        stages.push(stage);
        controller.abort();
      },
    }).catch((error: unknown) => error);
    expect(((await outcome) as Error).name).toBe('AbortError');
    expect(stages).toEqual(['Generating']);
  });

  it('rejects a job cancelled in the worker, which then takes the next job', async () => {
    const provider = createSketchProvider();
    try {
      const controller = new AbortController();
      const cancelled = await model3d(provider, request('a dragon and a castle on snowy mountains', 9), {
        ...context(controller),
        report: () => controller.abort(),
      }).catch((error: unknown) => error);
      expect((cancelled as Error).name).toBe('AbortError');
      const next = await model3d(provider, request('a blue vase', 3), context());
      const inline = await model3d(
        createSketchProvider({ poolSize: 0 }),
        request('a blue vase', 3),
        context(),
      );
      expect(next.contentType).toBe('model/gltf-binary');
      expect(next.data.equals(inline.data)).toBe(true);
      expect(next.poster?.equals(inline.poster ?? Buffer.alloc(0))).toBe(true);
    } finally {
      await provider.close();
    }
    const error = await model3d(provider, request('a cup', 1), context()).catch((e: unknown) => e);
    expect((error as ProviderError).kind).toBe('unavailable');
  });

  it('replaces a crashed worker and fails only the job it was running', async () => {
    const flag = path.join(tmpdir(), `kaleido-lowpoly-crash-${process.pid}`);
    if (existsSync(flag)) unlinkSync(flag);
    const real = resolveLowPolyWorkerEntry();
    const code = `
      import { existsSync, writeFileSync } from 'node:fs';
      import { parentPort } from 'node:worker_threads';
      if (!existsSync(${JSON.stringify(flag)})) {
        writeFileSync(${JSON.stringify(flag)}, '1');
        parentPort.on('message', () => process.exit(3));
      } else {
        await import(${JSON.stringify(real.url.href)});
      }`;
    const crashing = createSketchProvider({
      lowPolyWorkerEntry: {
        url: new URL(`data:text/javascript,${encodeURIComponent(code)}`),
        fromSource: true,
      },
    });
    try {
      const first = await model3d(crashing, request('a cup', 1), context()).catch((error: unknown) => error);
      expect(first).toBeInstanceOf(ProviderError);
      expect((first as ProviderError).kind).toBe('internal');
      const second = await model3d(crashing, request('a cup', 1), context());
      expect(second.contentType).toBe('model/gltf-binary');
    } finally {
      await crashing.close();
      if (existsSync(flag)) unlinkSync(flag);
    }
  });
});
