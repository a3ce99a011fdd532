import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { mockServer, renderApp } from '../../test/render-app';

/**
 * The passkey offer in the e-mail field's suggestions (conditional UI) waits in the background from the
 * moment /auth opens. The browser library is replaced here as a whole (a browser whose autofill works),
 * and the sign-in call stands for the ceremony: it fails before or after a passkey is picked.
 */
const library = {
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: async () => true,
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
};
type SignIn = (options: { autofill?: boolean; picked?: () => void }) => Promise<never>;
const signIn = vi.fn<SignIn>();
vi.mock('./two-factor-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./two-factor-api')>()),
  webAuthn: async () => library,
  signInWithPasskey: (_queryClient: unknown, options: Parameters<SignIn>[0]) => signIn(options),
}));

const FAILED = 'Signing in with a passkey did not work. Please try again or use your password.';

afterEach(() => {
  signIn.mockReset();
});

describe('the passkey offer in the e-mail field', () => {
  it.each([
    ['the browser refuses it', new DOMException('Not allowed here.', 'SecurityError')],
    ['no field offers passkeys', new Error('No <input> with "webauthn" as the only or last value')],
    [
      'the options do not arrive',
      new ApiError('Server error', { status: 500, code: 'INTERNAL', serverMessage: 'Something went wrong' }),
    ],
  ])('fails silently when %s before anyone picked a passkey', async (_why, failure) => {
    signIn.mockRejectedValue(failure);
    mockServer({});
    renderApp('/auth');
    await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(expect.objectContaining({ autofill: true })));
    // Let the rejection be handled before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a passkey picked from the suggestions was refused', async () => {
    const unknown = 'This passkey is not registered with Kaleido.';
    signIn.mockImplementation(async (options) => {
      options.picked?.();
      throw new ApiError(unknown, { status: 401, code: 'PASSKEY_UNKNOWN', serverMessage: unknown });
    });
    mockServer({});
    renderApp('/auth');
    expect(await screen.findByRole('alert')).toHaveTextContent(unknown);
  });

  it('says so when an attempt started with the button fails the same way', async () => {
    signIn.mockImplementation(async (options) => {
      if (options.autofill) return new Promise<never>(() => undefined);
      throw new DOMException('Not allowed here.', 'SecurityError');
    });
    mockServer({});
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
  });
});
