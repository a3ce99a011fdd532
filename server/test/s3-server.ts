import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { freePort } from './postgres-server.js';

export interface TestS3Server {
  /** A STORAGE_URL for the bucket on this server. */
  storageUrl: string;
  stop(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a loopback port with one bucket, for storage tests. */
export async function startS3Server(bucket = 'kaleido'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kaleido-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    storageUrl: `s3://S3RVER:S3RVER@${bucket}/kaleido?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&forcePathStyle=true&region=us-east-1`,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
