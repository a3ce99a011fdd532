import { readStoredGenerationOptions, type TGalleryItem } from '@kaleido/common';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import { downloadName } from '../library/library.presenter.js';
import { jsonFlag, type SharedRow } from './sharing.repository.js';

/**
 * A shared creation as the gallery and the profile page show it. Its prompt and settings are there
 * only when the owner shares usage data; otherwise nothing in the answer carries the prompt (the
 * download name included).
 */
export function presentSharedItem(row: SharedRow, signer: UrlSigner): TGalleryItem {
  const usage = jsonFlag(row.share_usage);
  return {
    id: row.id,
    type: row.kind,
    url: signer.url(row.thumbnail_key ?? row.file_key),
    videoUrl: row.kind === 'video' ? signer.url(row.file_key) : null,
    downloadUrl: signer.url(row.file_key, {
      download: downloadName(usage ? row.prompt : '', row.content_type, row.id),
    }),
    prompt: usage ? row.prompt : null,
    settings: usage ? readStoredGenerationOptions(row.kind, row.settings) : null,
    width: row.width,
    height: row.height,
    source: 'community',
    author: row.handle ? { handle: row.handle, displayName: row.display_name } : null,
    createdAt: row.created_at,
  };
}
