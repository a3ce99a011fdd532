import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStore } from './file-store.js';

export interface S3StoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. 'kaleido/'. */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * `STORAGE_URL=s3://bucket/prefix?endpoint=https://…&region=…&forcePathStyle=true`: any S3-compatible
 * store (AWS S3, MinIO, Garage, R2, …). Credentials from the URL's user info or the SDK's usual chain.
 */
export function parseS3Url(raw: string): S3StoreOptions {
  const url = new URL(raw);
  if (url.protocol !== 's3:' || !url.hostname)
    throw new Error('STORAGE_URL must look like s3://bucket/prefix?…');
  const prefix = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
  return {
    bucket: url.hostname,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    endpoint: url.searchParams.get('endpoint') ?? undefined,
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: url.searchParams.get('forcePathStyle') === 'true',
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function createS3Store(options: S3StoreOptions): FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  });
  const full = (key: string) => options.prefix + assertSafeKey(key);
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: full(key),
          Body: data,
          ContentType: contentType,
        }),
      );
    },
    async putFile(key, file, contentType) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: full(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: full(key) }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      try {
        const head = range
          ? await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: full(key) }))
          : null;
        const object = await client.send(
          new GetObjectCommand({
            Bucket: options.bucket,
            Key: full(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return {
          stream: object.Body as Readable,
          size: head?.ContentLength ?? object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: full(key) }));
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('prefix must end with /');
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: full(prefix),
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length) {
          await client.send(
            new DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async close() {
      client.destroy();
    },
  };
}
