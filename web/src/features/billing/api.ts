import type {
  TAddCardRequest,
  TBillingAddress,
  TBillingAddressInput,
  TBillingSummary,
  TInvoice,
  TPaymentMethod,
  TPlanChangeResult,
  TPlanId,
  TPurchase,
  TPurchaseResult,
} from '@kaleido/common';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth/api';

const BILLING_PATHS = {
  summary: '/api/billing',
  paymentMethods: '/api/billing/payment-methods',
  paymentMethod: (id: string) => `/api/billing/payment-methods/${encodeURIComponent(id)}`,
  defaultPaymentMethod: (id: string) => `/api/billing/payment-methods/${encodeURIComponent(id)}/default`,
  address: '/api/billing/address',
  purchases: '/api/billing/purchases',
  invoices: '/api/billing/invoices',
  plan: '/api/billing/plan',
} as const;

/** Query keys of billing (under the account, so signing out forgets them). */
const billingKeys = {
  all: [...authKeys.all, 'billing'] as const,
  summary: () => [...billingKeys.all, 'summary'] as const,
  paymentMethods: () => [...billingKeys.all, 'payment-methods'] as const,
  address: () => [...billingKeys.all, 'address'] as const,
  purchases: () => [...billingKeys.all, 'purchases'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
};

export const billingSummaryQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.summary(),
    queryFn: ({ signal }) => api.get<TBillingSummary>(BILLING_PATHS.summary, { signal }),
  });

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.paymentMethods(),
    queryFn: ({ signal }) => api.get<TPaymentMethod[]>(BILLING_PATHS.paymentMethods, { signal }),
  });

export const billingAddressQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.address(),
    queryFn: ({ signal }) => api.get<TBillingAddress | null>(BILLING_PATHS.address, { signal }),
  });

export const purchasesQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.purchases(),
    queryFn: ({ signal }) => api.get<TPurchase[]>(BILLING_PATHS.purchases, { signal }),
  });

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.invoices(),
    queryFn: ({ signal }) => api.get<TInvoice[]>(BILLING_PATHS.invoices, { signal }),
  });

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAddCardRequest) => api.post<TPaymentMethod>(BILLING_PATHS.paymentMethods, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
  });
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<TPaymentMethod[]>(BILLING_PATHS.defaultPaymentMethod(id)),
    onSuccess: (methods) => queryClient.setQueryData(billingKeys.paymentMethods(), methods),
  });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<TPaymentMethod[]>(BILLING_PATHS.paymentMethod(id)),
    onSuccess: (methods) => queryClient.setQueryData(billingKeys.paymentMethods(), methods),
  });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TBillingAddressInput) => api.put<TBillingAddress>(BILLING_PATHS.address, input),
    onSuccess: (address) => queryClient.setQueryData(billingKeys.address(), address),
  });
}

/** After money moved (or was refused): the balance in the nav, the plan and the history are read again. */
function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    ]);
}

export function useBuyPack() {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: (input: { packId: string; paymentMethodId?: string; idempotencyKey: string }) =>
      api.post<TPurchaseResult>(BILLING_PATHS.purchases, input),
    onSettled: refresh,
  });
}

export function useChangePlan() {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: (input: { plan: TPlanId; paymentMethodId?: string; idempotencyKey: string }) =>
      api.post<TPlanChangeResult>(BILLING_PATHS.plan, input),
    onSettled: refresh,
  });
}

/** A fresh idempotency key for one purchase attempt (kept while its dialog is open). */
export function newPurchaseKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
