import type {
  TAsset,
  TGeneration,
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

  return {
    /** 200: the finished generation and its file. */
    result(row: GenerationRow, asset: TAsset, meta: PublicAnswerMeta): TPublicGenerationResult {
      return {
        success: true,
        data: {
          id: row.id,
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
        },
        metadata: meta,
      };
    },

    /** `GET /api/v1/generations/:id`. */
    status(row: GenerationRow, generation: TGeneration): TPublicGenerationStatus {
      return {
        success: true,
        data: {
          id: row.id,
          type: row.kind,
          status: row.status,
          progress: row.progress,
          url: generation.asset ? absolute(generation.asset.url) : null,
          error: row.error,
          metadata: { prompt: row.prompt, timestamp: row.finished_at ?? row.created_at, model: row.model },
        },
      };
    },
  };
}

export type PublicApiPresenter = ReturnType<typeof createPublicApiPresenter>;
