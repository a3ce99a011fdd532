import type {
  TAsset,
  TAssetLineage,
  TEditRequest,
  TEnhanceRequest,
  TStorageUsage,
  TToolsInfo,
} from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { queryOptions } from '@tanstack/react-query';
import { currentLocale, translate } from '../../i18n/locale-state';
import { ApiError, api } from '../../lib/api-client';
import { authKeys } from '../auth/api';
import type { GenerationAccepted } from '../generate/api';
import { libraryKeys } from '../library/keys';

/** The HTTP side of uploads, the creative tools and lineage (contracts in common/src/tools.ts). */
export const TOOLS_PATHS = {
  info: '/api/tools',
  enhance: '/api/tools/enhance',
  edit: '/api/tools/edit',
  uploads: '/api/uploads',
  storage: '/api/storage',
  lineage: (id: string) => `/api/library/${encodeURIComponent(id)}/lineage`,
} as const;

/** Where "Open in Enhancer / Edit" lead for an asset (the tool page reads `?asset=`). */
export function toolLink(tool: 'enhance' | 'edit', assetId: string): string {
  return `${tool === 'enhance' ? APP_ROUTES.enhance : APP_ROUTES.edit}?asset=${encodeURIComponent(assetId)}`;
}

export const toolsKeys = {
  /** What the installation can do: the server's, not the account's. */
  info: () => ['tools', 'info'] as const,
  storage: () => [...authKeys.all, 'storage'] as const,
  lineage: (id: string) => [...libraryKeys.all, 'lineage', id] as const,
};

export function toolsInfoQueryOptions() {
  return queryOptions({
    queryKey: toolsKeys.info(),
    queryFn: ({ signal }) => api.get<TToolsInfo>(TOOLS_PATHS.info, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function storageQueryOptions() {
  return queryOptions({
    queryKey: toolsKeys.storage(),
    queryFn: ({ signal }) => api.get<TStorageUsage>(TOOLS_PATHS.storage, { signal }),
    staleTime: 30_000,
  });
}

export function lineageQueryOptions(assetId: string) {
  return queryOptions({
    queryKey: toolsKeys.lineage(assetId),
    queryFn: ({ signal }) => api.get<TAssetLineage>(TOOLS_PATHS.lineage(assetId), { signal }),
    staleTime: 60_000,
  });
}

/** Starts an enhance without waiting: the job, followed like a generation. */
export function submitEnhance(request: TEnhanceRequest): Promise<GenerationAccepted> {
  return api.post<GenerationAccepted>(`${TOOLS_PATHS.enhance}?wait=false`, request);
}

/** Starts an edit without waiting: the job, followed like a generation. */
export function submitEdit(request: TEditRequest): Promise<GenerationAccepted> {
  return api.post<GenerationAccepted>(`${TOOLS_PATHS.edit}?wait=false`, request);
}

export interface UploadOptions {
  /** Called with the sent fraction (0..1) while the file goes up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseEnvelope(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/uploads` (multipart, field `file`). XMLHttpRequest rather than fetch: fetch cannot report
 * how much of a large video has been sent. Failures are {@link ApiError}s like every other call.
 */
export function uploadFile(file: File, options: UploadOptions = {}): Promise<TAsset> {
  const { onProgress, signal } = options;
  return new Promise<TAsset>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', TOOLS_PATHS.uploads);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLocale());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    request.onerror = () =>
      reject(new ApiError(translate('app.error.unknown'), { status: 0, code: 'NETWORK_ERROR' }));
    request.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      const envelope = parseEnvelope(request.responseText);
      const errorText = typeof envelope?.error === 'string' && envelope.error ? envelope.error : undefined;
      const code = typeof envelope?.code === 'string' ? envelope.code : undefined;
      if (request.status >= 200 && request.status < 300 && envelope?.success === true) {
        resolve(envelope.data as TAsset);
        return;
      }
      reject(
        new ApiError(errorText ?? translate('app.error.httpStatus', { status: request.status }), {
          status: request.status,
          code,
          details: envelope?.details,
          serverMessage: errorText,
        }),
      );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
