import type {
  TAsset,
  TGeneration,
  TPublicAsset,
  TPublicGeneration,
  ZPublicGenerationAccepted,
  ZPublicGenerationResult,
  ZPublicGenerationStatus,
} from '@kaleido/common';
import type { z } from 'zod';
import type { GenerationRow } from '../generations/generations.repository.js';

export type TPublicGenerationResult = z.output<typeof ZPublicGenerationResult>;
export type TPublicGenerationAccepted = z.output<typeof ZPublicGenerationAccepted>;
export type TPublicGenerationStatus = z.output<typeof ZPublicGenerationStatus>;

/** The `metadata` of a generate answer: what it cost, the balance left, and how long it took. */
export interface PublicAnswerMeta {
  creditsUsed: number;
  remainingCredits: number;
  responseTime: number;
}

/** The public API's answers (server/openapi.json): URLs are absolute, on the installation's public URL. */
export function createPublicApiPresenter(publicUrl: string) {
  const absolute = (path: string) => `${publicUrl}${path}`;

  /** A job as the public API shows it (status, listing, events): the finished answer's fields once it succeeded. */
  function present(generation: TGeneration): TPublicGeneration {
    const asset = generation.asset;
    const ended = generation.status === 'failed' || generation.status === 'cancelled';
    return {
      id: generation.id,
      type: generation.type,
      status: generation.status,
      progress: generation.progress,
      url: asset ? absolute(asset.url) : null,
      error: generation.error,
      statusUrl: absolute(`/api/v1/generations/${generation.id}`),
      eventsUrl: absolute(`/api/v1/generations/${generation.id}/events`),
      createdAt: generation.createdAt,
      finishedAt: generation.finishedAt,
      metadata: {
        prompt: generation.prompt,
        timestamp: generation.finishedAt ?? generation.createdAt,
        model: generation.model,
        seed: generation.seed,
        creditsUsed: ended ? 0 : generation.cost,
        width: asset?.metadata.width ?? null,
        height: asset?.metadata.height ?? null,
        size: asset?.metadata.size ?? null,
        durationSeconds: asset?.metadata.durationSeconds ?? null,
        fps: asset?.metadata.fps ?? null,
        thumbnailUrl: asset?.thumbnailUrl ? absolute(asset.thumbnailUrl) : null,
      },
    };
  }

  return {
    /** 200: the finished generation and its file. */
    result(row: GenerationRow, asset: TAsset, meta: PublicAnswerMeta): TPublicGenerationResult {
      return {
        success: true,
        data: {
          id: row.id,
          status: 'succeeded',
          url: absolute(asset.url),
          metadata: {
            prompt: row.prompt,
            timestamp: asset.createdAt,
            model: row.model,
            width: asset.metadata.width,
            height: asset.metadata.height,
            seed: row.seed,
            ...(row.kind === 'video'
              ? { durationSeconds: asset.metadata.durationSeconds, fps: asset.metadata.fps }
              : {}),
            thumbnailUrl: asset.thumbnailUrl ? absolute(asset.thumbnailUrl) : null,
          },
        },
        metadata: meta,
      };
    },

    /** 202: still running after the wait; poll `statusUrl`. */
    accepted(
      row: GenerationRow & { status: 'queued' | 'running' },
      meta: PublicAnswerMeta,
    ): TPublicGenerationAccepted {
      return {
        success: true,
        data: {
          id: row.id,
          status: row.status,
          progress: row.progress,
          statusUrl: absolute(`/api/v1/generations/${row.id}`),
          eventsUrl: absolute(`/api/v1/generations/${row.id}/events`),
        },
        metadata: meta,
      };
    },

    generation: present,

    /** `GET /api/v1/generations/:id`. */
    status(generation: TGeneration): TPublicGenerationStatus {
      return { success: true, data: present(generation) };
    },

    /** An asset of the library, its URLs absolute. */
    asset({ settings: _settings, saved: _saved, ...asset }: TAsset): TPublicAsset {
      return {
        ...asset,
        url: absolute(asset.url),
        thumbnailUrl: asset.thumbnailUrl ? absolute(asset.thumbnailUrl) : null,
        downloadUrl: absolute(asset.downloadUrl),
      };
    },
  };
}

export type PublicApiPresenter = ReturnType<typeof createPublicApiPresenter>;
