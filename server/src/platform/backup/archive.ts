import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** SHA-256 of a file, streamed. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Writes a zip of `entries` (name in the archive → file on disk, or bytes) to `out`. */
export async function writeZip(
  out: string,
  entries: readonly { name: string; file?: string; data?: Buffer }[],
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.file) zip.addFile(entry.file, entry.name);
    else zip.addBuffer(entry.data ?? Buffer.alloc(0), entry.name);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(out, { mode: 0o600 }));
}

/** An archive opened for reading: its entry names, and each entry's bytes as a stream. */
export interface ZipReader {
  names: readonly string[];
  /** Streams one entry into `file`, answering its SHA-256. */
  extract(name: string, file: string): Promise<string>;
  read(name: string): Promise<Buffer>;
  close(): void;
}

export async function openZip(file: string): Promise<ZipReader> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  const stream = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new Error(`the archive has no ${name}`);
    return new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      zip.openReadStream(entry, (error, readable) => (error ? reject(error) : resolve(readable))),
    );
  };
  return {
    names: [...entries.keys()],
    async extract(name, target) {
      const hash = createHash('sha256');
      const readable = await stream(name);
      readable.on('data', (chunk: Buffer) => hash.update(chunk));
      await pipeline(readable, createWriteStream(target, { mode: 0o600 }));
      return hash.digest('hex');
    },
    async read(name) {
      const chunks: Buffer[] = [];
      for await (const chunk of await stream(name)) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
