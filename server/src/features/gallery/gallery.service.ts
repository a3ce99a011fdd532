import { randomUUID } from 'node:crypto';
import { LIMITS, type TGalleryItem, type TGenerationType } from '@kaleido/common';
import sharp from 'sharp';
import type { Clock } from '../../platform/clock.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { GenerationProvider } from '../../providers/provider.js';
import { downloadName } from '../library/library.presenter.js';
import { presentSharedItem } from '../sharing/sharing.presenter.js';
import type { SharingRepository } from '../sharing/sharing.repository.js';
import type { Viewer } from '../sharing/visibility.js';
import type { GalleryRepository } from './gallery.repository.js';
import { SAMPLE_PROMPTS } from './gallery-samples.js';

interface SampleRecord {
  id: string;
  kind: TGenerationType;
  prompt: string;
  fileKey: string;
  posterKey: string;
  contentType: string;
  width: number;
  height: number;
}

/** A claim older than this is taken to be from a process that died while rendering. */
const STALE_CLAIM_MS = 15 * 60_000;
const CLAIM_PREFIX = 'rendering:';

/**
 * The home gallery: shared creations as profile visibility lets the viewer see them, topped up with
 * samples the built-in renderer makes once at first start and keeps in the file store like any asset.
 */
export function createGalleryService(deps: {
  gallery: GalleryRepository;
  sharing: SharingRepository;
  store: FileStore;
  signer: UrlSigner;
  clock: Clock;
  /** The built-in renderer, when configured; without it no samples are made. */
  renderer: GenerationProvider | null;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  async function readSamples(): Promise<SampleRecord[]> {
    const value = await deps.gallery.samples();
    if (!value || value.startsWith(CLAIM_PREFIX)) return [];
    return JSON.parse(value) as SampleRecord[];
  }

  async function renderSamples(signal: AbortSignal): Promise<SampleRecord[]> {
    const renderer = deps.renderer;
    if (!renderer) return [];
    const model = renderer.capabilities().models[0]?.id ?? 'sketch-1';
    const records: SampleRecord[] = [];
    for (const [index, sample] of SAMPLE_PROMPTS.entries()) {
      const seed = 1009 + index * 7919;
      const base = {
        prompt: sample.prompt,
        model,
        seed,
        width: sample.width,
        height: sample.height,
        aspectRatio: `${sample.width}:${sample.height}`,
        style: sample.style,
      };
      if (signal.aborted) throw new Error('gallery sample rendering stopped');
      const context = { signal, report: () => undefined, checkpoint: async () => undefined };
      const output =
        sample.kind === 'image'
          ? await renderer.generate(
              { ...base, kind: 'image', imageStyle: 'default', quality: 'standard' },
              context,
            )
          : await renderer.generate({ ...base, kind: 'video', durationSeconds: 3, fps: 24 }, context);
      const id = `sample-${String(index + 1).padStart(2, '0')}`;
      const still = sample.kind === 'image' ? output.data : output.poster;
      if (!still) continue;
      const poster = await sharp(still).webp({ quality: 80 }).toBuffer();
      const posterKey = `gallery/samples/${id}-${seed}.webp`;
      await deps.store.put(posterKey, poster, 'image/webp');
      let fileKey = posterKey;
      if (sample.kind === 'video') {
        fileKey = `gallery/samples/${id}-${seed}.mp4`;
        await deps.store.put(fileKey, output.data, output.contentType);
      }
      records.push({
        id,
        kind: sample.kind,
        prompt: sample.prompt,
        fileKey,
        posterKey,
        contentType: sample.kind === 'image' ? 'image/webp' : output.contentType,
        width: output.width,
        height: output.height,
      });
    }
    return records;
  }

  function present(
    item: Omit<SampleRecord, 'id'> & { id: string; source: TGalleryItem['source'] },
  ): TGalleryItem {
    return {
      id: item.id,
      type: item.kind,
      url: deps.signer.url(item.posterKey),
      videoUrl: item.kind === 'video' ? deps.signer.url(item.fileKey) : null,
      downloadUrl: deps.signer.url(item.fileKey, {
        download: downloadName(item.prompt, item.contentType, item.id),
      }),
      prompt: item.prompt,
      settings: null,
      width: item.width,
      height: item.height,
      source: item.source,
      author: null,
      createdAt: null,
    };
  }

  return {
    /**
     * Renders the samples once per installation: one process claims the work (a unique row), renders,
     * stores the files and records them. A claim left by a process that died is taken over later.
     */
    async ensureSamples(
      signal: AbortSignal = new AbortController().signal,
    ): Promise<'ready' | 'rendered' | 'busy' | 'unavailable'> {
      if (!deps.renderer) return 'unavailable';
      const current = await deps.gallery.samples();
      const now = deps.clock.now();
      if (current && !current.startsWith(CLAIM_PREFIX)) return 'ready';
      const stale =
        current && now.getTime() - Number(current.slice(CLAIM_PREFIX.length).split(':')[0]) > STALE_CLAIM_MS
          ? current
          : null;
      if (current && !stale) return 'busy';
      const claim = `${CLAIM_PREFIX}${now.getTime()}:${randomUUID()}`;
      if (!(await deps.gallery.claimSamples(claim, now.toISOString(), stale))) return 'busy';
      const started = Date.now();
      let records: SampleRecord[];
      try {
        records = await renderSamples(signal);
      } catch (error) {
        // Let another start (or this one, later) try again at once instead of waiting for the claim to go stale.
        await deps.gallery.releaseClaim(claim);
        throw error;
      }
      await deps.gallery.saveSamples(claim, JSON.stringify(records), deps.clock.now().toISOString());
      deps.log.info({ samples: records.length, ms: Date.now() - started }, 'gallery samples rendered');
      return 'rendered';
    },

    /**
     * Shared creations the viewer may see (visibility.ts), newest first, topped up with samples to
     * `limit` items.
     */
    async list(
      limit: number = LIMITS.galleryItems,
      offset = 0,
      viewer: Viewer = null,
    ): Promise<TGalleryItem[]> {
      const community = await deps.sharing.page({ viewer, limit, offset });
      const items: TGalleryItem[] = community.map((row) => presentSharedItem(row, deps.signer));
      if (items.length < limit) {
        const sampleOffset = Math.max(0, offset - (await deps.sharing.count(viewer)));
        const samples = await readSamples();
        for (const sample of samples.slice(sampleOffset, sampleOffset + limit - items.length))
          items.push(present({ ...sample, source: 'sample' }));
      }
      return items;
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
