import { MESSAGES } from '@kaleido/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderApp, TEST_USER } from '../../test/render-app';

function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

describe('auth page', () => {
  it("toggles between 'Welcome back' and 'Create your account'; full name only for sign-up", async () => {
    mockServer();
    const { user } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: MESSAGES.welcomeBack })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.createYourAccount })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
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

  it('signs in, refreshes the session and goes home', async () => {
    let signedIn = false;
    const fetchMock = mockServer({
      handler: (url) => {
        if (url === '/api/auth/login') {
          signedIn = true;
          return jsonResponse({ success: true, data: TEST_USER });
        }
        if (url === '/api/auth/me' && signedIn) return jsonResponse({ success: true, data: TEST_USER });
        return undefined;
      },
    });
    const { user, router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
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
      handler: (url) =>
        url === '/api/auth/signup' ? jsonResponse({ success: true, data: TEST_USER }) : undefined,
    });
    const { user } = renderApp('/auth?mode=signup');
    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/signup')).toBe(true));
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
          ? jsonResponse(
              { success: false, error: 'Invalid e-mail or password.', code: 'AUTHENTICATION_FAILED' },
              401,
            )
          : undefined,
    });
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
  });

  it(`falls back to '${MESSAGES.authFailed}'`, async () => {
    mockServer({
      handler: (url) => (url === '/api/auth/login' ? new Response('', { status: 500 }) : undefined),
    });
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.authFailed);
  });

  it('disables the buttons while submitting', async () => {
    mockServer({
      handler: (url) => (url === '/api/auth/login' ? new Promise(() => {}) : undefined),
    });
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeDisabled();
  });
});
