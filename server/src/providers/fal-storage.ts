import type { FalProviderConfig } from './fal.js';
import { readJson, safeText, send } from './http.js';
import { ProviderError } from './provider.js';

/** A provider error from fal's answer `response` to `what` (400/422: the input; else unavailable). */
export async function falFailure(provider: string, response: Response, what: string): Promise<ProviderError> {
  const text = (await safeText(response)).slice(0, 300);
  return new ProviderError(
    response.status === 422 || response.status === 400 ? 'invalid_input' : 'unavailable',
    `${provider} ${what} answered ${response.status}: ${text}`,
  );
}

/**
 * Uploads a file to fal's storage and answers its URL, for inputs too large to travel inside the
 * request as a `data:` URI (a training's archive, a lipsync's video and audio): `POST
 * {storage}/storage/upload/initiate` with the key answers `upload_url` + `file_url`, then `PUT
 * upload_url` (pre-signed: no key goes with it) stores the bytes.
 */
export async function uploadToFalStorage(
  config: Pick<FalProviderConfig, 'key' | 'name' | 'storageUrl' | 'fetch'>,
  file: { data: Buffer; contentType: string; fileName: string },
  signal: AbortSignal,
): Promise<string> {
  const storage = (config.storageUrl ?? 'https://rest.alpha.fal.ai').replace(/\/+$/, '');
  const provider = config.name;
  const initiated = await send(`${storage}/storage/upload/initiate?storage_type=fal-cdn-v3`, {
    method: 'POST',
    headers: { Authorization: `Key ${config.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content_type: file.contentType, file_name: file.fileName }),
    signal,
    retry: 'rate-limit',
    provider,
    fetch: config.fetch,
    timeoutMs: 30_000,
  });
  if (!initiated.ok) throw await falFailure(provider, initiated, 'storage upload');
  const target = await readJson<{ upload_url?: string; file_url?: string }>(initiated, provider);
  if (!target.upload_url || !target.file_url) {
    throw new ProviderError('unavailable', `${provider} storage gave no upload URL`);
  }
  const put = await (config.fetch ?? fetch)(target.upload_url, {
    method: 'PUT',
    headers: { 'Content-Type': file.contentType },
    body: new Uint8Array(file.data),
    signal: AbortSignal.any([signal, AbortSignal.timeout(300_000)]),
  });
  if (!put.ok) throw await falFailure(provider, put, 'storage upload');
  await put.body?.cancel();
  return target.file_url;
}
