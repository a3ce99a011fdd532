import type { TAsset, TGeneration, TGenerationType, TModel, TStoredGenerationOptions } from '@kaleido/common';
import { imageDimensions, videoDimensions } from '@kaleido/common/browser';
import { settingsFrom } from '../features/generate/options';

let counter = 0;

/**
 * A job's settings as the server stores and answers them (the kind and the output size added), from
 * a request's settings or a test's few: what the generator's options allow, the defaults for the rest.
 */
export function storedSettings(type: TGenerationType, raw: unknown = {}): TStoredGenerationOptions {
  if (type === 'image') {
    const settings = settingsFrom('image', raw);
    return { kind: 'image', ...settings, ...imageDimensions(settings) };
  }
  const settings = settingsFrom('video', raw);
  return {
    kind: 'video',
    ...settings,
    ...videoDimensions(settings),
    durationSeconds: settings.duration,
    fps: settings.frameRate,
  };
}

export function makeAsset(overrides: Partial<TAsset> & { type?: TGenerationType } = {}): TAsset {
  counter += 1;
  const type = overrides.type ?? 'image';
  const id = overrides.id ?? `asset-${counter}`;
  return {
    id,
    type,
    url: `/files/${id}.${type === 'image' ? 'png' : 'mp4'}?sig=1`,
    thumbnailUrl: `/files/${id}-thumb.webp?sig=1`,
    downloadUrl: `/files/${id}.${type === 'image' ? 'png' : 'mp4'}?sig=1&download=1`,
    prompt: `A misty mountain landscape number ${counter}`,
    settings: storedSettings(type),
    metadata: {
      size: 1_234_567,
      timestamp: '2026-03-04T09:30:00.000Z',
      filename: `${id}.${type === 'image' ? 'png' : 'mp4'}`,
      contentType: type === 'image' ? 'image/png' : 'video/mp4',
      width: type === 'image' ? 1024 : 1280,
      height: type === 'image' ? 1024 : 720,
      durationSeconds: type === 'image' ? null : 5,
      fps: type === 'image' ? null : 24,
      seed: 4242,
      model: 'sketch-1',
      provider: 'sketch',
    },
    generationId: `gen-of-${id}`,
    saved: true,
    shared: false,
    origin: 'generated',
    tool: 'generate',
    sourceAssetIds: [],
    createdAt: '2026-03-04T09:30:00.000Z',
    ...overrides,
  };
}

export function makeGeneration(overrides: Partial<TGeneration> = {}): TGeneration {
  counter += 1;
  const id = overrides.id ?? `gen-${counter}`;
  const type = overrides.type ?? 'image';
  return {
    id,
    type,
    status: 'queued',
    progress: 0,
    stage: 'Queued',
    prompt: 'A misty mountain landscape',
    negativePrompt: null,
    settings:
      type === 'model' ? { kind: 'model', format: 'glb', width: 512, height: 512 } : storedSettings(type),
    seed: 7,
    cost: type === 'image' ? 1 : 3,
    provider: 'sketch',
    model: 'sketch-1',
    error: null,
    previewUrl: null,
    asset: null,
    resultExpiredAt: null,
    details: null,
    tool: 'generate',
    sourceAssetIds: [],
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    statusUrl: `/api/generations/${id}`,
    eventsUrl: `/api/generations/${id}/events`,
    ...overrides,
  };
}

export const SKETCH_MODEL: TModel = {
  id: 'sketch-1',
  name: 'Sketch (offline)',
  description: 'Offline procedural sketch renderer — not an AI model',
  provider: 'sketch',
  providerName: 'Sketch (built-in, offline)',
  types: ['image', 'video'],
  supportsSeed: true,
  supportsNegativePrompt: true,
  maxWidth: 2048,
  maxHeight: 2048,
  aspectRatios: null,
  videoDurations: [3, 5, 8, 10],
  videoFrameRates: [24, 30, 60],
  prices: { image: 1, video: 3 },
  available: true,
  default: { image: false, video: false },
};

/**
 * A controllable EventSource: `FakeEventSource.last(url)` finds the stream a page opened and
 * `emit(type, generation)` delivers a server-sent event to it.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly url: string;
  readyState = 1;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  static last(url?: string): FakeEventSource | undefined {
    return [...FakeEventSource.instances].reverse().find((source) => !url || source.url === url);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = 2;
  }

  emit(type: 'progress' | 'preview' | 'done' | 'failed' | 'cancelled', generation: TGeneration): void {
    const event = new MessageEvent<string>(type, { data: JSON.stringify({ type, generation }) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
