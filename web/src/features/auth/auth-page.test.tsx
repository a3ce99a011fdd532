import { AUTH_MESSAGES, AUTH_POPUP_CHANNEL, AUTH_POPUP_MESSAGE_TYPE } from '@kaleido/common/browser';
import { de } from '@kaleido/common/i18n/messages/de';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as browser from '../../lib/browser';
import { jsonResponse, mockServer, renderApp, startInLanguage, TEST_USER } from '../../test/render-app';

/** The English texts these screens show (the English catalogs). */
const EN = {
  authFailed: 'Authentication failed. Please try again.',
  createYourAccount: 'Create your account',
  emailInvalid: 'Please enter a valid email address.',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  nameRequired: 'Please enter your full name.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: 'Password must be at least 8 characters.',
  resetEmailSent: 'If an account exists for that email, we sent a link to reset the password.',
  socialNotConfigured: 'Social sign-in is not set up on this server.',
  welcomeBack: 'Welcome back',
};

vi.mock('../../lib/browser', () => ({ leavePage: vi.fn() }));

function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

const LOCAL_ID = { id: 'local', name: 'Local ID' };
const authResult = { success: true, data: { user: TEST_USER, token: 'kal_session_token' } };

afterEach(() => {
  vi.mocked(browser.leavePage).mockReset();
});

describe('auth page', () => {
  it("toggles between 'Welcome back' and 'Create your account'; full name only for sign-up", async () => {
    mockServer();
    const { user, router } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: EN.welcomeBack })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: EN.createYourAccount })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?mode=signup');
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: EN.welcomeBack })).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    mockServer();
    const { user } = renderApp('/auth');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('checks the sign-in fields before calling the server', async () => {
    const fetchMock = mockServer();
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(EN.emailInvalid);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(EN.passwordRequired);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/login')).toBe(false);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('requires name, email and a long enough password to sign up', async () => {
    const fetchMock = mockServer();
    const { user } = renderApp('/auth?mode=signup');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(EN.nameRequired);
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(EN.emailInvalid);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(EN.passwordTooShort);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/signup')).toBe(false);
  });

  it('signs in with remember me, goes home and shows the credit balance', async () => {
    const fetchMock = mockServer({
      handler: (url) => (url === '/api/auth/login' ? jsonResponse(authResult) : undefined),
    });
    const { user, router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const login = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login');
    expect(login?.[1]?.method).toBe('POST');
    expect(bodyOf(login?.[1])).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      remember: true,
    });
    expect(await screen.findByLabelText('Credit balance: 42 credits')).toBeInTheDocument();
  });

  it('signs up with the name', async () => {
    const fetchMock = mockServer({
      handler: (url) => (url === '/api/auth/signup' ? jsonResponse(authResult, 201) : undefined),
    });
    const { user, router } = renderApp('/auth?mode=signup');
    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const signup = fetchMock.mock.calls.find(([url]) => url === '/api/auth/signup');
    expect(bodyOf(signup?.[1])).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct horse',
      remember: false,
    });
  });

  it("shows the server's error text", async () => {
    mockServer({
      handler: (url) =>
        url === '/api/auth/login'
          ? jsonResponse({ success: false, error: EN.invalidCredentials, code: 'AUTHENTICATION_FAILED' }, 401)
          : undefined,
    });
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EN.invalidCredentials);
  });

  it("shows a refused field's message without the field prefix", async () => {
    mockServer({
      handler: (url) =>
        url === '/api/auth/signup'
          ? jsonResponse(
              {
                success: false,
                error: `email: ${EN.emailTaken}`,
                code: 'VALIDATION_FAILED',
                details: [{ path: 'email', message: EN.emailTaken }],
              },
              400,
            )
          : undefined,
    });
    const { user } = renderApp('/auth?mode=signup');
    await user.type(await screen.findByLabelText('Full name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${EN.emailTaken}$`));
  });

  it(`falls back to '${EN.authFailed}'`, async () => {
    mockServer({
      handler: (url) => (url === '/api/auth/login' ? new Response('', { status: 500 }) : undefined),
    });
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EN.authFailed);
  });

  it('disables the buttons while submitting', async () => {
    mockServer({
      socialProviders: [LOCAL_ID],
      handler: (url) => (url === '/api/auth/login' ? new Promise(() => {}) : undefined),
    });
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Local ID' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
  });

  it('shows the error a full-page social sign-in came back with, once', async () => {
    mockServer();
    const { router } = renderApp(
      `/auth?error=${encodeURIComponent('Local ID sign-in failed. Please try again.')}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Local ID sign-in failed. Please try again.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('social sign-in button', () => {
  it('explains that no provider is set up instead of being a dead button', async () => {
    mockServer({ socialProviders: [] });
    const open = vi.spyOn(window, 'open');
    const { user } = renderApp('/auth');
    const button = await screen.findByRole('button', { name: 'Continue with a social account' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(EN.socialNotConfigured);
    expect(screen.getByText(EN.socialNotConfigured)).toBeVisible();
    await user.click(button);
    expect(open).not.toHaveBeenCalled();
  });

  it("offers 'Continue with <name>' for a configured provider, with the Google mark only for Google", async () => {
    mockServer({ socialProviders: [LOCAL_ID] });
    const { unmount } = renderApp('/auth');
    const button = await screen.findByRole('button', { name: 'Continue with Local ID' });
    expect(button.querySelector('path[fill="#4285F4"]')).toBeNull();
    expect(screen.queryByText(EN.socialNotConfigured)).not.toBeInTheDocument();
    unmount();

    mockServer({ socialProviders: [{ id: 'google', name: 'Google' }] });
    renderApp('/auth');
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(google.querySelector('path[fill="#4285F4"]')).not.toBeNull();
  });

  it('opens the popup, and on its message re-reads the account and goes home', async () => {
    let signedIn = false;
    mockServer({
      socialProviders: [LOCAL_ID],
      handler: (url) =>
        url === '/api/auth/me' && signedIn ? jsonResponse({ success: true, data: TEST_USER }) : undefined,
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    const { user, router } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Continue with Local ID' }));
    expect(open).toHaveBeenCalledWith(
      '/api/auth/oidc/local/start?popup=1&returnTo=%2F&lang=en',
      expect.any(String),
      'popup,width=500,height=650',
    );
    expect(await screen.findByText(/Finish signing in with Local ID/)).toBeInTheDocument();

    // A message from another origin, or not from the popup, is ignored.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: AUTH_POPUP_MESSAGE_TYPE, ok: true },
          origin: 'https://evil.test',
          source: window,
        }),
      );
    });
    expect(router.state.location.pathname).toBe('/auth');

    signedIn = true;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: AUTH_POPUP_MESSAGE_TYPE, ok: true },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByLabelText('Credit balance: 42 credits')).toBeInTheDocument();
  });

  it("shows the popup's error (heard on the broadcast channel)", async () => {
    mockServer({ socialProviders: [LOCAL_ID] });
    vi.spyOn(window, 'open').mockReturnValue(window);
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Continue with Local ID' }));
    const channel = new BroadcastChannel(AUTH_POPUP_CHANNEL);
    channel.postMessage({
      type: AUTH_POPUP_MESSAGE_TYPE,
      ok: false,
      error: 'Local ID sign-in failed. Please try again.',
    });
    channel.close();
    expect(await screen.findByRole('alert')).toHaveTextContent('Local ID sign-in failed. Please try again.');
    expect(screen.queryByText(/Finish signing in with Local ID/)).not.toBeInTheDocument();
  });

  it('goes to the provider in this window when the popup is blocked', async () => {
    mockServer({ socialProviders: [LOCAL_ID] });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Continue with Local ID' }));
    expect(browser.leavePage).toHaveBeenCalledWith('/api/auth/oidc/local/start?returnTo=%2F&lang=en');
  });
});

describe('forgot password', () => {
  it("sends the reset link and shows the server's answer", async () => {
    const fetchMock = mockServer({
      handler: (url) =>
        url === '/api/auth/forgot-password'
          ? jsonResponse({ success: true, data: { message: EN.resetEmailSent } })
          : undefined,
    });
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(EN.resetEmailSent);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/forgot-password');
    expect(bodyOf(call?.[1])).toEqual({ email: 'ada@example.com' });

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: EN.welcomeBack })).toBeInTheDocument();
  });

  it('checks the address first', async () => {
    const fetchMock = mockServer();
    const { user } = renderApp('/auth?mode=forgot');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    const form = screen.getByRole('button', { name: 'Send reset link' }).closest('form') as HTMLElement;
    expect(within(form).getByText(EN.emailInvalid)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/forgot-password')).toBe(false);
  });
});

describe('in German', () => {
  it('shows the sign-in page, its checks and the sign-up switch in German', async () => {
    await startInLanguage('de');
    mockServer();
    const { user } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Mit einem externen Konto fortfahren' }),
    ).toHaveAccessibleDescription(de[AUTH_MESSAGES.socialNotConfigured]);

    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription(de[AUTH_MESSAGES.emailInvalid]);
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription(de[AUTH_MESSAGES.passwordRequired]);

    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByRole('heading', { name: 'Erstelle dein Konto' })).toBeInTheDocument();
    expect(screen.getByText('Mindestens 8 Zeichen.')).toBeInTheDocument();
    expect(screen.queryByText(EN.welcomeBack)).not.toBeInTheDocument();
  });
});
