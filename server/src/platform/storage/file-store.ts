import type { Readable } from 'node:stream';

/** A byte range of an object, inclusive (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** Size of the whole object. */
  size: number;
  contentType: string;
}

/**
 * Where generated files live: local disk (default) or any S3-compatible store. Keys are relative
 * paths like `users/<user>/<asset>/original.png`; they can never escape the store.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a file from local disk, streamed (uploads: never the whole file in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object (or one byte range of it), or null when it does not exist. */
  read(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size and type without the bytes, or null. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  close?(): Promise<void>;
}

const KEY_SHAPE = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*\/?$/;

/** Throws unless `key` is a plain relative path: no '..', no absolute paths, no backslashes. */
export function assertSafeKey(key: string): string {
  if (
    !KEY_SHAPE.test(key) ||
    key.split('/').some((part) => part === '..' || part === '.') ||
    key.length > 512
  ) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  json: 'application/json',
  zip: 'application/zip',
  glb: 'model/gltf-binary',
};

export function contentTypeForKey(key: string): string {
  return TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

export function extensionForContentType(contentType: string): string {
  const found = Object.entries(TYPES).find(([, type]) => type === contentType);
  return found ? found[0] : 'bin';
}
