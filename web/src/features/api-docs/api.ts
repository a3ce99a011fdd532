import type { TCreditPrices, TModel } from '@kaleido/common';
import { CREDIT_PRICES } from '@kaleido/common/browser';
import { queryOptions } from '@tanstack/react-query';
import { translate } from '../../i18n/locale-state';
import { ApiError } from '../../lib/api-client';
import { isOpenApiDocument, type OpenApiDocument } from './openapi';

const API_DOCS_PATHS = {
  openapi: '/api/v1/openapi.json',
} as const;

const apiDocsKeys = {
  all: ['api-docs'] as const,
  openapi: () => [...apiDocsKeys.all, 'openapi'] as const,
};

/** The OpenAPI document is a plain JSON document, not an envelope, so it is fetched directly. */
async function fetchOpenApi(signal: AbortSignal): Promise<OpenApiDocument> {
  let response: Response;
  try {
    response = await fetch(API_DOCS_PATHS.openapi, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(translate('app.error.unknown'), { status: 0, code: 'NETWORK_ERROR', cause: error });
  }
  if (!response.ok) {
    throw new ApiError(translate('app.error.httpStatus', { status: response.status }), {
      status: response.status,
    });
  }
  const document: unknown = await response.json().catch(() => undefined);
  if (!isOpenApiDocument(document)) {
    throw new ApiError(translate('apiDocs.endpoints.unreadable'), { status: response.status });
  }
  return document;
}

export function openApiQueryOptions() {
  return queryOptions({
    queryKey: apiDocsKeys.openapi(),
    queryFn: ({ signal }) => fetchOpenApi(signal),
    staleTime: 5 * 60_000,
  });
}

/** The prices this server charges (operators may configure them), else the contract's. */
export function pricesOf(models: readonly TModel[] | undefined): TCreditPrices {
  return models?.find((model) => model.prices)?.prices ?? CREDIT_PRICES;
}
