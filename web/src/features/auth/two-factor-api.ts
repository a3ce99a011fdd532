import type {
  TAuthResult,
  TPasskey,
  TPasskeyAuthenticationResponse,
  TPasskeyCreationOptions,
  TPasskeyRegistrationResponse,
  TPasskeyRequestOptions,
  TPasskeyResult,
  TRecoveryCodes,
  TRecoveryCodesRequest,
  TTotpDisableRequest,
  TTotpSetup,
  TTwoFactorChallenge,
  TTwoFactorStatus,
  TTwoFactorVerifyRequest,
} from '@kaleido/common';
import { type TTwoFactorMethod, TWO_FACTOR_METHODS } from '@kaleido/common/browser';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { settingsKeys } from '../settings/api';
import { authKeys } from './api';

/** What `POST /api/auth/login` answers: a session, or the second step on an account that has one. */
export type SignInAnswer = TAuthResult | TTwoFactorChallenge;

export function isTwoFactorChallenge(answer: SignInAnswer | null | undefined): answer is TTwoFactorChallenge {
  return answer !== null && answer !== undefined && 'twoFactorRequired' in answer && answer.twoFactorRequired;
}

/** The methods named in a list from the server (a popup message, an address), unknown names dropped. */
export function twoFactorMethods(value: unknown): TTwoFactorMethod[] {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return TWO_FACTOR_METHODS.filter((method) => list.includes(method));
}

const PATHS = {
  status: '/api/auth/2fa',
  totpSetup: '/api/auth/2fa/totp/setup',
  totpEnable: '/api/auth/2fa/totp/enable',
  totpDisable: '/api/auth/2fa/totp/disable',
  recoveryCodes: '/api/auth/2fa/recovery-codes',
  verify: '/api/auth/2fa/verify',
  secondFactorOptions: '/api/auth/2fa/passkey/options',
  secondFactorVerify: '/api/auth/2fa/passkey/verify',
  registerOptions: '/api/auth/passkeys/register/options',
  registerVerify: '/api/auth/passkeys/register/verify',
  loginOptions: '/api/auth/passkeys/login/options',
  loginVerify: '/api/auth/passkeys/login/verify',
  passkey: (id: string) => `/api/auth/passkeys/${encodeURIComponent(id)}`,
} as const;

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type Transport = (typeof TRANSPORTS)[number];

/** The transports the contract knows (browsers may name newer ones; the server would refuse those). */
function knownTransports(list: readonly string[] | undefined): Transport[] | undefined {
  return list?.filter((name): name is Transport => (TRANSPORTS as readonly string[]).includes(name));
}

/** Under the account's keys, so signing out forgets them. */
export const twoFactorKeys = {
  status: () => [...authKeys.all, 'two-factor'] as const,
};

/** The account's second factors (TOTP, recovery codes left, passkeys) and whether this browser is trusted. */
export function twoFactorQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: ({ signal }) => api.get<TTwoFactorStatus>(PATHS.status, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The WebAuthn browser library, loaded on first use: only the sign-in page and Settings need it, and only
 * when passkeys come into play.
 */
export const webAuthn = () => import('@simplewebauthn/browser');

/** True when this browser can create and use passkeys at all. */
export async function passkeysSupported(): Promise<boolean> {
  return (await webAuthn()).browserSupportsWebAuthn();
}

/**
 * True when the person stopped the browser's passkey dialog (or it timed out): nothing to report then,
 * the page just stays as it was.
 */
export function isPasskeyCancel(error: unknown): boolean {
  // A DOMException, or the library's WebAuthnError with its `code` (not always an Error subclass).
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'NotAllowedError' ||
    name === 'AbortError' ||
    code === 'ERROR_CEREMONY_ABORTED' ||
    code === 'ERROR_PASSKEY_AUTOFILL_ABORTED'
  );
}

/** A session started: the account goes straight into the me-query, as after a password sign-in. */
function signedIn(queryClient: QueryClient, result: TAuthResult): TAuthResult {
  queryClient.setQueryData(authKeys.me(), result.user);
  return result;
}

/** The second step with a code: a TOTP code or a recovery code, and "trust this device". */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TTwoFactorVerifyRequest) =>
      signedIn(queryClient, await api.post<TAuthResult>(PATHS.verify, request)),
  });
}

/** The second step with a passkey of this account (the challenge cookie names the account). */
export function usePasskeySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ trustDevice }: { trustDevice: boolean }) => {
      const options = await api.post<TPasskeyRequestOptions>(PATHS.secondFactorOptions);
      const { startAuthentication } = await webAuthn();
      const response: TPasskeyAuthenticationResponse = await startAuthentication({ optionsJSON: options });
      return signedIn(
        queryClient,
        await api.post<TAuthResult>(PATHS.secondFactorVerify, { response, trustDevice }),
      );
    },
  });
}

/**
 * Sign-in with a passkey alone (a discoverable credential: the authenticator picks the account). With
 * `autofill`, the browser offers the passkeys in the e-mail field's suggestions (conditional UI) and the
 * promise waits until one is picked; a later click on the button aborts that wait (the library does).
 */
export async function signInWithPasskey(
  queryClient: QueryClient,
  options: {
    autofill?: boolean;
    /** "Remember me" as it is when the passkey is picked (autofill may wait a long time). */
    remember?: () => boolean;
    stopped?: () => boolean;
    /** Told once the person has picked a passkey, before the server checks it. */
    picked?: () => void;
  } = {},
): Promise<TAuthResult> {
  const requestOptions = await api.post<TPasskeyRequestOptions>(PATHS.loginOptions);
  const { startAuthentication } = await webAuthn();
  // A click on the button while the autofill's options were on their way: the button's ceremony wins.
  if (options.stopped?.()) throw new DOMException('Stopped', 'AbortError');
  const response: TPasskeyAuthenticationResponse = await startAuthentication({
    optionsJSON: requestOptions,
    useBrowserAutofill: options.autofill ?? false,
  });
  options.picked?.();
  return signedIn(
    queryClient,
    await api.post<TAuthResult>(PATHS.loginVerify, { response, remember: options.remember?.() ?? false }),
  );
}

/** Starts (or restarts) the authenticator app setup: a new pending secret. */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => api.post<TTotpSetup>(PATHS.totpSetup) });
}

/** Re-reads the status and the settings (their `twoFactorEnabled` flag follows it). */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() }),
    queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  ]);
}

export function useTotpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TRecoveryCodes>(PATHS.totpEnable, { code }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TTotpDisableRequest) => api.post<unknown>(PATHS.totpDisable, request),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TRecoveryCodesRequest) => api.post<TRecoveryCodes>(PATHS.recoveryCodes, request),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Adds a passkey: the server's creation options, the browser's (and authenticator's) dialog, then the check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await api.post<TPasskeyCreationOptions>(PATHS.registerOptions);
      const { startRegistration } = await webAuthn();
      const raw = await startRegistration({ optionsJSON: options });
      const response: TPasskeyRegistrationResponse = {
        ...raw,
        response: { ...raw.response, transports: knownTransports(raw.response.transports) },
      };
      return api.post<TPasskeyResult>(PATHS.registerVerify, { name, response });
    },
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.post<TPasskeyResult>(`${PATHS.passkey(id)}/rename`, { name }),
    onSuccess: ({ passkey }) => {
      queryClient.setQueryData<TTwoFactorStatus>(twoFactorKeys.status(), (status) =>
        status
          ? { ...status, passkeys: status.passkeys.map((p) => (p.id === passkey.id ? passkey : p)) }
          : status,
      );
    },
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkey: TPasskey) => api.delete<unknown>(PATHS.passkey(passkey.id)),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
