import type { TAsset } from '@kaleido/common';
import { extensionForContentType } from '../../platform/storage/file-store.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { AssetRow } from './assets.repository.js';

/** A readable download name from the prompt: "golden-sunset-over-the-sea.png". */
export function downloadName(prompt: string, contentType: string, id: string): string {
  const slug = prompt
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .split(/\s+/)
    .slice(0, 8)
    .join('-')
    .slice(0, 60);
  return `${slug || `kaleido-${id.slice(0, 8)}`}.${extensionForContentType(contentType)}`;
}

/** A JSON array of ids as stored (`source_asset_ids`); anything else reads as none. */
export function readIdList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function presentAsset(row: AssetRow, signer: UrlSigner): TAsset {
  const filename = downloadName(row.prompt, row.content_type, row.id);
  return {
    id: row.id,
    type: row.kind,
    url: signer.url(row.file_key),
    thumbnailUrl: row.thumbnail_key ? signer.url(row.thumbnail_key) : null,
    downloadUrl: signer.url(row.file_key, { download: filename }),
    prompt: row.prompt,
    settings: row.settings,
    metadata: {
      size: row.size_bytes,
      timestamp: row.created_at,
      filename,
      contentType: row.content_type,
      width: row.width,
      height: row.height,
      durationSeconds: row.duration_seconds,
      fps: row.fps,
      seed: row.seed,
      model: row.model,
      provider: row.provider,
    },
    generationId: row.generation_id,
    shared: row.shared === 1,
    saved: row.saved === 1,
    origin: row.origin,
    tool: row.tool,
    sourceAssetIds: readIdList(row.source_asset_ids),
    createdAt: row.created_at,
  };
}
