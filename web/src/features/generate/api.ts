import type {
  TGeneration,
  TGenerationType,
  TImageGenerationRequest,
  TModel,
  TVideoGenerationRequest,
} from '@kaleido/common';
import { CREDIT_PRICES } from '@kaleido/common/browser';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { trackFeature } from '../analytics/analytics-client';
import { useUser } from '../auth/auth-provider';
import { GENERATION_PATHS, generateKeys } from './jobs-api';

export {
  activeJobsQueryOptions,
  fetchGeneration,
  GENERATION_PATHS,
  generateKeys,
  isFinished,
  TERMINAL_STATUSES,
} from './jobs-api';

export const GENERATE_PATHS = {
  image: '/api/generate-image',
  video: '/api/generate-video',
  models: '/api/models',
} as const;

/** `POST /api/generate-*?wait=false`: the job accepted (202), or already finished (200, with the asset). */
export interface GenerationAccepted {
  id: string;
  generation: TGeneration;
}

export type GenerationRequest<T extends TGenerationType> = T extends 'image'
  ? TImageGenerationRequest
  : TVideoGenerationRequest;

/**
 * GET /api/models: the configured models and their prices (the generators, the library and the API docs
 * share it). Signed in, the server lists only the models the account's plan may use (site settings), so
 * the generators key it by account and plan: signing in or a plan change reads the list again.
 */
export function modelsQueryOptions(account?: { id: string; plan: string } | null) {
  return queryOptions({
    queryKey: account ? [...generateKeys.models(), account.id, account.plan] : generateKeys.models(),
    queryFn: ({ signal }) => api.get<TModel[]>(GENERATE_PATHS.models, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** The models that can make `type`, and the price of one generation (from the server, else the contract). */
export function useModels(type: TGenerationType): {
  models: TModel[];
  price: number;
  isLoading: boolean;
} {
  const { user } = useUser();
  const query = useQuery(modelsQueryOptions(user));
  const models = (query.data ?? []).filter((model) => model.types.includes(type));
  // The default model's price (the form shows the chosen model's).
  const chosen = models.find((model) => model.default?.[type]) ?? models[0];
  const price = chosen?.prices?.[type] ?? CREDIT_PRICES[type];
  return { models, price, isLoading: query.isPending };
}

/** Starts a generation without waiting for it: the answer is the job, followed through its events. */
export function useSubmitGeneration<T extends TGenerationType>(type: T) {
  return useMutation({
    // Offline it fails at once (not paused), so the page can put it in the offline queue.
    networkMode: 'always',
    mutationFn: (request: GenerationRequest<T>) =>
      api.post<GenerationAccepted>(`${GENERATE_PATHS[type]}?wait=false`, request),
    onSuccess: () => trackFeature(type === 'image' ? 'generate_image' : 'generate_video', type),
  });
}

export function cancelGeneration(id: string): Promise<TGeneration> {
  return api.post<TGeneration>(GENERATION_PATHS.cancel(id));
}
