import type { TGeneration, TGenerationEvent } from '@kaleido/common';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { AssetRow } from '../library/assets.repository.js';
import { presentAsset, readIdList } from '../library/library.presenter.js';
import type { GenerationRow } from './generations.repository.js';

export function presentGeneration(
  row: GenerationRow,
  asset: AssetRow | null | undefined,
  signer: UrlSigner,
): TGeneration {
  return {
    id: row.id,
    type: row.kind,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    prompt: row.prompt,
    negativePrompt: row.negative_prompt,
    settings: row.options,
    seed: row.seed,
    cost: row.cost,
    provider: row.provider,
    model: row.model,
    error: row.error,
    previewUrl: row.preview_key && row.status === 'running' ? signer.url(row.preview_key) : null,
    asset: asset ? presentAsset(asset, signer) : null,
    resultExpiredAt: row.result_expired_at,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    tool: row.tool,
    sourceAssetIds: readIdList(row.source_asset_ids),
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    statusUrl: `/api/generations/${row.id}`,
    eventsUrl: `/api/generations/${row.id}/events`,
  };
}

/** The event-stream message of a job's state: its end, a preview, or progress. */
export function generationEvent(generation: TGeneration): TGenerationEvent {
  const type =
    generation.status === 'succeeded'
      ? 'done'
      : generation.status === 'failed'
        ? 'failed'
        : generation.status === 'cancelled'
          ? 'cancelled'
          : generation.previewUrl
            ? 'preview'
            : 'progress';
  return { type, generation };
}
