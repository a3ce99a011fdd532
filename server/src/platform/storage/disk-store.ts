import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, contentTypeForKey, type FileStore } from './file-store.js';

/** Files under one folder (DATA_DIR/files by default). Writes are atomic (temp file + rename). */
export function createDiskStore(root: string): FileStore {
  const resolved = path.resolve(root);
  const pathOf = (key: string) => {
    const full = path.resolve(resolved, assertSafeKey(key));
    if (full !== resolved && !full.startsWith(resolved + path.sep))
      throw new Error('storage key escapes the store');
    return full;
  };
  return {
    kind: 'disk',
    async put(key, data) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async putFile(key, source) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await copyFile(source, temporary);
      await rename(temporary, file);
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, contentType: contentTypeForKey(key) } : null;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      const file = pathOf(key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        size = info.size;
      } catch {
        return null;
      }
      return {
        stream: createReadStream(file, range ? { start: range.start, end: range.end } : {}),
        size,
        contentType: contentTypeForKey(key),
      };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('prefix must end with /');
      await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
  };
}
