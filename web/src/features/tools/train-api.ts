import type { TTraining, TTrainingRequest, TTrainingsInfo } from '@kaleido/common';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/api';

/** The HTTP side of Train (contracts in common/src/trainings.ts). */
export const TRAIN_PATHS = {
  trainings: '/api/trainings',
  training: (id: string) => `/api/trainings/${encodeURIComponent(id)}`,
  cancel: (id: string) => `/api/trainings/${encodeURIComponent(id)}/cancel`,
} as const;

export const trainKeys = {
  /** The account's trainings (cleared with the account's queries on sign-out). */
  all: () => [...authKeys.all, 'trainings'] as const,
};

/** While a training runs, the list is read again this often (its progress). */
export const TRAINING_POLL_MS = 4000;

export function trainingsQueryOptions() {
  return queryOptions({
    queryKey: trainKeys.all(),
    queryFn: ({ signal }) => api.get<TTrainingsInfo>(TRAIN_PATHS.trainings, { signal }),
    refetchInterval: (query) =>
      query.state.data?.trainings.some((training) => isActive(training)) ? TRAINING_POLL_MS : false,
  });
}

export function isActive(training: Pick<TTraining, 'status'>): boolean {
  return training.status === 'queued' || training.status === 'running';
}

export function startTraining(request: TTrainingRequest): Promise<TTraining> {
  return api.post<TTraining>(TRAIN_PATHS.trainings, request);
}

export function cancelTraining(id: string): Promise<TTraining> {
  return api.post<TTraining>(TRAIN_PATHS.cancel(id));
}

export function deleteTraining(id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(TRAIN_PATHS.training(id));
}
