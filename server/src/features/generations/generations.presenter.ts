import type { TGeneration } from '@kaleido/common';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { AssetRow } from '../library/assets.repository.js';
import { presentAsset } from '../library/library.presenter.js';
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
    settings: JSON.parse(row.options) as Record<string, unknown>,
    seed: row.seed,
    cost: row.cost,
    provider: row.provider,
    model: row.model,
    error: row.error,
    previewUrl: row.preview_key && row.status === 'running' ? signer.url(row.preview_key) : null,
    asset: asset ? presentAsset(asset, signer) : null,
    resultExpiredAt: row.result_expired_at,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    statusUrl: `/api/generations/${row.id}`,
    eventsUrl: `/api/generations/${row.id}/events`,
  };
}
