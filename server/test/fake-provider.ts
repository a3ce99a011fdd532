import sharp from 'sharp';
import type {
  GenerationContext,
  GenerationOutput,
  GenerationProvider,
  GenerationRequest,
} from '../src/providers/provider.js';
import { ProviderError } from '../src/providers/provider.js';
import { watermarkImage } from '../src/providers/watermark.js';

export type FakeBehaviour =
  | { kind: 'succeed'; delayMs?: number }
  | { kind: 'fail'; error?: ProviderError | Error }
  /** Runs until released (or aborted), reporting progress meanwhile. */
  | { kind: 'hold' };

/**
 * A real GenerationProvider for tests, at the provider boundary: it renders a small solid PNG (or a
 * stand-in MP4 payload with a PNG poster), reports progress with a preview, and can fail, hang or be
 * cancelled on demand.
 */
export function createFakeProvider(initial: FakeBehaviour = { kind: 'succeed' }) {
  let behaviour: FakeBehaviour = initial;
  const held = new Set<() => void>();
  const calls: GenerationRequest[] = [];
  let active = 0;
  let maxActive = 0;

  async function png(request: GenerationRequest): Promise<Buffer> {
    const hue = [...request.prompt].reduce((sum, c) => sum + c.charCodeAt(0), request.seed) % 255;
    return sharp({
      create: {
        width: request.width,
        height: request.height,
        channels: 3,
        background: { r: hue, g: 80, b: 160 },
      },
    })
      .png()
      .toBuffer();
  }

  const provider: GenerationProvider = {
    id: 'fake',
    capabilities: () => ({
      providerId: 'fake',
      providerName: 'Fake',
      models: [
        {
          id: 'fake-1',
          name: 'Fake',
          kinds: ['image', 'video'],
          description: 'Test provider',
          supportsSeed: true,
          supportsNegativePrompt: false,
          maxWidth: 2048,
          maxHeight: 2048,
          videoDurations: [3, 5, 8],
          videoFrameRates: [24],
        },
      ],
    }),
    async generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationOutput> {
      calls.push(request);
      active += 1;
      maxActive = Math.max(maxActive, active);
      try {
        const current = behaviour;
        context.report({ progress: 10, stage: 'Starting' });
        if (current.kind === 'fail') throw current.error ?? new ProviderError('internal', 'fake failure');
        if (current.kind === 'hold') {
          context.report({
            progress: 40,
            stage: 'Rendering',
            preview: {
              data: await sharp(await png(request))
                .resize(32)
                .webp()
                .toBuffer(),
              contentType: 'image/webp',
            },
          });
          await new Promise<void>((resolve, reject) => {
            const release = () => resolve();
            held.add(release);
            context.signal.addEventListener('abort', () => {
              held.delete(release);
              reject(context.signal.reason);
            });
          });
        } else if (current.delayMs) {
          await new Promise((resolve) => setTimeout(resolve, current.delayMs));
        }
        const image = await png(request);
        return request.kind === 'image'
          ? {
              data: image,
              contentType: 'image/png',
              width: request.width,
              height: request.height,
              seed: request.seed,
              model: 'fake-1',
            }
          : await fakeVideo(request, image);
      } finally {
        active -= 1;
      }
    },
  };

  /**
   * A stand-in MP4 payload (its one "frame" is a PNG) with that PNG as poster. No decoder can read it,
   * so when the job asks for the visible mark the fake draws it itself, as Sketch does, and says so.
   */
  async function fakeVideo(request: GenerationRequest, still: Buffer): Promise<GenerationOutput> {
    if (request.kind !== 'video') throw new Error('not a video request');
    const image = request.watermark ? await watermarkImage(still, 'image/png') : still;
    return {
      data: Buffer.concat([Buffer.from('fake-mp4:'), image]),
      contentType: 'video/mp4',
      width: request.width,
      height: request.height,
      durationSeconds: request.durationSeconds,
      fps: request.fps,
      poster: image,
      seed: request.seed,
      model: 'fake-1',
      watermarked: request.watermark === true,
    };
  }

  return {
    provider,
    calls,
    set(next: FakeBehaviour) {
      behaviour = next;
    },
    /** Lets every held job finish. */
    releaseAll() {
      for (const release of held) release();
      held.clear();
    },
    heldCount: () => held.size,
    maxConcurrent: () => maxActive,
  };
}
