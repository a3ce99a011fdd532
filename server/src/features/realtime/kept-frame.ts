import type { FileStore } from '../../platform/storage/file-store.js';
import { type GenerationOutput, ProviderError } from '../../providers/provider.js';
import type { GenerationRow } from '../generations/generations.repository.js';

/**
 * The output of a Realtime "Keep" job: the frame the person saw, stored as a PNG when they kept it.
 * The engine does the rest (the mark when due, files, asset, charge, lineage).
 */
export async function readKeptFrame(
  store: FileStore,
  row: GenerationRow,
  frameKey: string,
): Promise<GenerationOutput> {
  const object = await store.read(frameKey);
  if (!object) throw new ProviderError('output_expired', 'the kept frame is gone');
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(Buffer.from(chunk));
  return {
    data: Buffer.concat(chunks),
    contentType: 'image/png',
    width: row.options.width,
    height: row.options.height,
    seed: row.seed,
    model: row.model,
    details: { renderer: 'Realtime preview, kept as shown' },
  };
}
