import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer, renderApp, TEST_USER } from '../../test/render-app';

/** A browser with passkeys but without autofill; the authenticator answers with this assertion. */
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dXNlci0x' },
  clientExtensionResults: {},
  type: 'public-key',
};
const startAuthentication = vi.fn(async (_options: unknown) => ASSERTION);
const supportsWebAuthn = vi.fn(() => true);
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => supportsWebAuthn(),
  browserSupportsWebAuthnAutofill: async () => false,
  startAuthentication: (options: unknown) => startAuthentication(options),
  startRegistration: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));

const OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'preferred',
};
const SIGNED_IN = { success: true, data: { user: TEST_USER, token: 'kal_session_token' } };

const bodyOf = (fetchMock: ReturnType<typeof mockServer>, path: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === path)?.[1]?.body));

afterEach(() => {
  startAuthentication.mockReset();
  startAuthentication.mockImplementation(async () => ASSERTION);
  supportsWebAuthn.mockReturnValue(true);
});

const FAILED = 'Signing in with a passkey did not work. Please try again or use your password.';
const optionsOnly = (url: string) =>
  url === '/api/auth/passkeys/login/options' ? jsonResponse({ success: true, data: OPTIONS }) : undefined;

describe('passkeys on the sign-in page', () => {
  it('removes the passkey button in a browser without passkeys', async () => {
    supportsWebAuthn.mockReturnValue(false);
    mockServer({});
    renderApp('/auth');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument(),
    );
    expect(supportsWebAuthn).toHaveBeenCalled();
  });

  it('signs in with a passkey alone, remembered when "Remember me" is ticked', async () => {
    const fetchMock = mockServer({
      handler: (url) => {
        if (url === '/api/auth/passkeys/login/options') return jsonResponse({ success: true, data: OPTIONS });
        if (url === '/api/auth/passkeys/login/verify') return jsonResponse(SIGNED_IN);
        return undefined;
      },
    });
    const { user, router } = renderApp('/auth');
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: false });
    expect(bodyOf(fetchMock, '/api/auth/passkeys/login/verify')).toEqual({
      response: ASSERTION,
      remember: true,
    });
  });

  it('says why a passkey was refused, and stays quiet when the person closes the browser dialog', async () => {
    const unknown =
      'This passkey is not registered with Kaleido. Sign in with your password or use another passkey.';
    mockServer({
      handler: (url) => {
        if (url === '/api/auth/passkeys/login/options') return jsonResponse({ success: true, data: OPTIONS });
        if (url === '/api/auth/passkeys/login/verify')
          return jsonResponse({ success: false, error: unknown, code: 'PASSKEY_UNKNOWN' }, 401);
        return undefined;
      },
    });
    const { user } = renderApp('/auth');
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    startAuthentication.mockRejectedValueOnce(
      new DOMException('The operation was aborted.', 'NotAllowedError'),
    );
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(unknown);
  });

  it('says so when a passkey attempt started with the button fails the same way', async () => {
    startAuthentication.mockRejectedValueOnce(new DOMException('Not allowed here.', 'SecurityError'));
    mockServer({ handler: optionsOnly });
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: false });
  });

  it('uses a passkey as the second step, with "Trust this device"', async () => {
    const fetchMock = mockServer({
      handler: (url) => {
        if (url === '/api/auth/login')
          return jsonResponse({ success: true, data: { twoFactorRequired: true, methods: ['passkey'] } });
        if (url === '/api/auth/2fa/passkey/options') return jsonResponse({ success: true, data: OPTIONS });
        if (url === '/api/auth/2fa/passkey/verify') return jsonResponse(SIGNED_IN);
        return undefined;
      },
    });
    const { user, router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Use your passkey to finish signing in.');
    await user.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Use passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf(fetchMock, '/api/auth/2fa/passkey/verify')).toEqual({
      response: ASSERTION,
      trustDevice: true,
    });
  });
});
