import path from 'node:path';
import { createDiskStore } from './disk-store.js';
import type { FileStore } from './file-store.js';
import { createS3Store, parseS3Url } from './s3-store.js';

export type { FileStore } from './file-store.js';

/** The configured store: S3 for `s3://…`, else a folder (STORAGE_URL=file:///path, default DATA_DIR/files). */
export function createFileStore(config: { dataDir: string; storageUrl: string | null }): FileStore {
  if (config.storageUrl?.startsWith('s3://')) return createS3Store(parseS3Url(config.storageUrl));
  if (config.storageUrl?.startsWith('file://')) return createDiskStore(new URL(config.storageUrl).pathname);
  return createDiskStore(path.join(config.dataDir, 'files'));
}
