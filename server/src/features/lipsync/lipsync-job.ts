import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { englishOf } from '../../platform/i18n/api-messages.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { extensionForContentType } from '../../platform/storage/file-store.js';
import { type LipsyncRequest, ProviderError, type ToolSource } from '../../providers/provider.js';
import type { GenerationRow } from '../generations/generations.repository.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import { readIdList } from '../library/library.presenter.js';

/**
 * The provider request of a lipsync job (issue 21): the video the runner loaded as the job's first
 * source, and the audio (its second source) copied to the job's temporary folder.
 */
export async function lipsyncRequestOf(
  row: GenerationRow,
  base: { model: string; seed: number; watermark: boolean; resumeState: unknown; source: ToolSource },
  syncMode: LipsyncRequest['syncMode'],
  deps: { assets: AssetsRepository; store: FileStore; scratch: () => Promise<string> },
): Promise<LipsyncRequest> {
  const gone = (what: string) =>
    new ProviderError('invalid_input', `the ${what} of the lipsync is gone`, {
      userMessage: englishOf('api.tools.sourceNotFound'),
    });
  if (base.source.kind !== 'video') throw gone('video');
  const audioId = readIdList(row.source_asset_ids)[1];
  const audio = audioId ? await deps.assets.findOwned(audioId, row.user_id) : undefined;
  const object = audio?.kind === 'audio' ? await deps.store.read(audio.file_key) : null;
  if (!audio || !object) throw gone('audio');
  const file = join(await deps.scratch(), `audio.${extensionForContentType(audio.content_type)}`);
  await pipeline(object.stream, createWriteStream(file));
  return {
    model: base.model,
    seed: base.seed,
    watermark: base.watermark,
    resumeState: base.resumeState,
    syncMode,
    video: base.source,
    audio: { file, contentType: audio.content_type, durationSeconds: audio.duration_seconds ?? 0 },
  };
}
