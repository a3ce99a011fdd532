import { randomInt, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  IMAGE_DEFAULTS,
  REALTIME_LIMITS,
  REALTIME_SIZE,
  REALTIME_STYLES,
  type TRealtimeClientMessage,
  type TRealtimeServerMessage,
} from '@kaleido/common';
import sharp from 'sharp';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { ProviderError } from '../../providers/provider.js';
import type { RealtimeRenderer, RealtimeRenderRequest } from '../../providers/realtime-renderer.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import type { GenerationsService } from '../generations/generations.service.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import type { UploadsService } from '../uploads/uploads.service.js';

/** A frame a socket was sent, kept a while so "Keep" can save it. */
interface SentFrame {
  userId: string;
  image: Buffer;
  drawing: Buffer;
  prompt: string;
  style: string;
  seed: number;
  renderer: RealtimeRenderer;
  /** A reduced-size draft: Keep renders the full frame of it first. */
  draft: boolean;
  at: number;
}

/** Frames kept per person (the newest), and for how long. */
const FRAMES_PER_PERSON = 4;
const FRAME_TTL_MS = 15 * 60_000;

/**
 * A full frame slower than this (render time) has a draft sent before it on the next request of the
 * same prompt and style too, so the first frame after any change stays near the 300 ms goal.
 */
const DRAFT_WHEN_SLOWER_MS = 150;

/** The parts of a socket the service talks to. */
export interface RealtimeSocket {
  send(message: TRealtimeServerMessage): void;
  readonly open: boolean;
}

type PreviewMessage = Extract<TRealtimeClientMessage, { type: 'preview' }>;
type RenderedFrame = Awaited<ReturnType<RealtimeRenderer['render']>>;

/**
 * Realtime previews (issue 21): a token bucket per person, a latest-wins render loop per socket
 * (a render in flight finishes; of the requests that came meanwhile only the newest is rendered),
 * progressive frames (a quick draft first after a new scene or where full frames are slow, then the
 * full frame unless a newer request came meanwhile),
 * the frames sent (in this process's memory, for "Keep"), and Keep itself: the frame becomes a job
 * of the generations engine (tool `realtime`, the image price, the drawing as its source upload).
 */
export type { RealtimeRenderer };

export function createRealtimeService(deps: {
  clock: Clock;
  renderers: () => readonly RealtimeRenderer[];
  generations: GenerationsService;
  uploads: UploadsService;
  assets: AssetsRepository;
  store: FileStore;
  imagePrice: () => number;
  limits?: { burst: number; perSecond: number };
}) {
  const limits = deps.limits ?? { burst: REALTIME_LIMITS.burst, perSecond: REALTIME_LIMITS.perSecond };
  const buckets = new Map<string, { tokens: number; at: number }>();
  const frames = new Map<string, SentFrame>();

  /** Takes one token of the person's bucket; answers how long until one is free when empty. */
  function take(userId: string): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = deps.clock.now().getTime();
    const bucket = buckets.get(userId) ?? { tokens: limits.burst, at: now };
    bucket.tokens = Math.min(limits.burst, bucket.tokens + ((now - bucket.at) / 1000) * limits.perSecond);
    bucket.at = now;
    buckets.set(userId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.ceil(((1 - bucket.tokens) / limits.perSecond) * 1000) };
  }

  /** Drops frames past their time, and a person's oldest beyond the few kept. */
  function remember(frameId: string, frame: SentFrame): void {
    const now = frame.at;
    let mine = 0;
    for (const [id, kept] of [...frames].reverse()) {
      if (now - kept.at > FRAME_TTL_MS) frames.delete(id);
      else if (kept.userId === frame.userId && ++mine >= FRAMES_PER_PERSON) frames.delete(id);
    }
    frames.set(frameId, frame);
  }

  function rendererFor(modelId: string | undefined): RealtimeRenderer | undefined {
    const all = deps.renderers();
    return modelId ? all.find((renderer) => renderer.model.id === modelId) : all[0];
  }

  return {
    limits,

    /** The first message of a socket. */
    hello(): TRealtimeServerMessage {
      return {
        type: 'ready',
        models: deps.renderers().map((renderer) => renderer.model),
        styles: [...REALTIME_STYLES],
        limits: { ...limits, maxDrawingChars: REALTIME_LIMITS.maxDrawingChars },
        keepPrice: deps.imagePrice(),
      };
    },

    /** The render loop of one socket: `receive` each valid message; `close` when the socket ends. */
    session(userId: string, socket: RealtimeSocket) {
      // One seed per socket: the scene stays put while the person draws and types.
      const seed = randomInt(0, 2 ** 31 - 1);
      const controller = new AbortController();
      let pending: { message: PreviewMessage; arrived: number } | null = null;
      let busy = false;
      // The scene of the last full frame rendered (model, style, prompt) and how long it took.
      let lastFull: { key: string; ms: number } | null = null;

      function sendFrame(
        message: PreviewMessage,
        arrived: number,
        request: RealtimeRenderRequest,
        renderer: RealtimeRenderer,
        frame: RenderedFrame,
        draft: boolean,
      ): void {
        const frameId = randomUUID();
        remember(frameId, { ...request, userId, image: frame.data, renderer, draft, at: Date.now() });
        socket.send({
          type: 'frame',
          id: message.id,
          frameId,
          image: `data:${frame.contentType};base64,${frame.data.toString('base64')}`,
          width: frame.width,
          height: frame.height,
          draft,
          renderMs: Math.round(performance.now() - arrived),
          model: renderer.model.id,
        });
      }

      async function render(message: PreviewMessage, arrived: number): Promise<void> {
        const renderer = rendererFor(message.model);
        if (!renderer) {
          socket.send({
            type: 'error',
            id: message.id,
            code: 'unknown_model',
            message: `No realtime model "${message.model}"`,
          });
          return;
        }
        const drawing = Buffer.from(message.drawing.slice(message.drawing.indexOf(',') + 1), 'base64');
        const meta = await sharp(drawing)
          .metadata()
          .catch(() => null);
        if (!meta || (meta.format !== 'png' && meta.format !== 'webp') || !meta.width || !meta.height) {
          socket.send({
            type: 'error',
            id: message.id,
            code: 'drawing_invalid',
            message: 'Not a PNG or WebP',
          });
          return;
        }
        if (meta.width > REALTIME_SIZE * 2 || meta.height > REALTIME_SIZE * 2) {
          socket.send({
            type: 'error',
            id: message.id,
            code: 'drawing_invalid',
            message: `The drawing is larger than ${REALTIME_SIZE * 2}²`,
          });
          return;
        }
        const request = { prompt: message.prompt, style: message.style, drawing, seed };
        const key = `${renderer.model.id}\n${message.style}\n${message.prompt}`;
        const wantDraft =
          renderer.drafts === true &&
          (lastFull === null || lastFull.key !== key || lastFull.ms > DRAFT_WHEN_SLOWER_MS);
        try {
          if (wantDraft) {
            const draft = await renderer.render({ ...request, draft: true }, controller.signal);
            if (!socket.open) return;
            sendFrame(message, arrived, request, renderer, draft, true);
            // Superseded: the newer request is rendered instead of this one's full frame.
            if (pending) return;
          }
          const started = performance.now();
          const frame = await renderer.render(request, controller.signal);
          lastFull = { key, ms: performance.now() - started };
          if (!socket.open || (wantDraft && pending)) return;
          sendFrame(message, arrived, request, renderer, frame, false);
        } catch (error) {
          if (controller.signal.aborted) return;
          const unavailable = error instanceof ProviderError && error.kind === 'unavailable';
          socket.send({
            type: 'error',
            id: message.id,
            code: unavailable ? 'provider_unavailable' : 'render_failed',
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }

      async function drain(): Promise<void> {
        busy = true;
        try {
          while (pending && socket.open) {
            const next = pending;
            pending = null;
            await render(next.message, next.arrived);
          }
        } finally {
          busy = false;
        }
      }

      return {
        /** A preview request: rate limited, then rendered now or after the render in flight. */
        receive(message: TRealtimeClientMessage): void {
          const allowed = take(userId);
          if (!allowed.ok) {
            socket.send({
              type: 'rate_limited',
              id: message.id,
              retryAfterMs: allowed.retryAfterMs,
              burst: limits.burst,
              perSecond: limits.perSecond,
            });
            return;
          }
          // A newer request replaces one still waiting: stale previews are never rendered.
          pending = { message, arrived: performance.now() };
          if (!busy) void drain();
        },
        close(): void {
          pending = null;
          controller.abort();
        },
      };
    },

    /**
     * "Keep": the frame (sent to this person, still held) becomes an asset at the image price. The
     * drawing is stored as an upload and named as the job's source, so the library shows the lineage.
     */
    async keep(userId: string, frameId: string): Promise<GenerationRow> {
      const frame = frames.get(frameId);
      if (!frame || frame.userId !== userId) throw new AppError('NOT_FOUND', 'api.realtime.frameGone');
      // Taken out at once: a second Keep of the same frame cannot charge again.
      frames.delete(frameId);
      // A draft is never saved as such: its full-quality frame (same drawing, prompt, style, seed) is.
      const image = frame.draft
        ? (
            await frame.renderer
              .render(
                { prompt: frame.prompt, style: frame.style, drawing: frame.drawing, seed: frame.seed },
                new AbortController().signal,
              )
              .catch((error: unknown) => {
                frames.set(frameId, frame);
                throw error;
              })
          ).data
        : frame.image;
      const png = await sharp(image).png().toBuffer({ resolveWithObject: true });
      const frameKey = `users/${userId}/realtime/${randomUUID()}.png`;
      let sourceId: string | undefined;
      try {
        const drawing = await deps.uploads.upload(userId, {
          stream: Readable.from([await sharp(frame.drawing).png().toBuffer()]),
          filename: 'Realtime drawing.png',
        });
        sourceId = drawing.id;
        await deps.store.put(frameKey, png.data, 'image/png');
        const { width, height } = png.info;
        return await deps.generations.accept(userId, {
          kind: 'image',
          prompt: frame.prompt,
          options: {
            kind: 'image',
            style: frame.style,
            aspectRatio: '1:1',
            resolution: `${width}x${height}`,
            imageStyle: IMAGE_DEFAULTS.imageStyle,
            quality: IMAGE_DEFAULTS.quality,
            width,
            height,
          },
          provider: frame.renderer.model.provider,
          model: frame.renderer.model.id,
          seed: frame.seed,
          cost: deps.imagePrice(),
          tool: 'realtime',
          sourceAssetIds: [drawing.id],
          toolOptions: { tool: 'realtime', frameKey, style: frame.style },
        });
      } catch (error) {
        // Nothing kept half-way: the frame can be kept again (after a top-up, say).
        frames.set(frameId, frame);
        await deps.store.delete(frameKey).catch(() => undefined);
        if (sourceId) {
          const row = await deps.assets.findOwned(sourceId, userId);
          if (row && (await deps.assets.delete(sourceId, userId))) {
            await deps.store.delete(row.file_key).catch(() => undefined);
            if (row.thumbnail_key) await deps.store.delete(row.thumbnail_key).catch(() => undefined);
          }
        }
        throw error;
      }
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
