import { AUTH_POPUP_CHANNEL, AUTH_POPUP_MESSAGE_TYPE } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer, renderApp, TEST_USER } from '../../test/render-app';

const CHALLENGE = { success: true, data: { twoFactorRequired: true, methods: ['totp', 'recovery'] } };
const SIGNED_IN = { success: true, data: { user: TEST_USER, token: 'kal_session_token' } };
const WRONG_CODE = 'That code is not valid. Enter the current 6-digit code from your authenticator app.';
const TOO_MANY = 'Too many attempts. Please wait a few minutes.';

const bodiesOf = (fetchMock: ReturnType<typeof mockServer>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(String(init?.body)));

/** Signs in with a password on an account with two-factor: the page then asks for the second step. */
async function reachCodeStep(verify: (body: unknown) => Response, methods = ['totp', 'recovery']) {
  const fetchMock = mockServer({
    handler: (url, init) => {
      if (url === '/api/auth/login')
        return jsonResponse({ ...CHALLENGE, data: { ...CHALLENGE.data, methods } });
      if (url === '/api/auth/2fa/verify') return verify(JSON.parse(String(init?.body)));
      return undefined;
    },
  });
  const view = renderApp('/auth');
  const email = await screen.findByLabelText('Email');
  expect(email).toHaveAttribute('autocomplete', 'username webauthn');
  await view.user.type(email, 'ada@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'correct horse');
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Confirm it’s you' });
  return { ...view, fetchMock };
}

describe('the second step of signing in', () => {
  it('asks for the authenticator code with a number pad and one-time-code autofill, and sends a pasted code at once', async () => {
    const { user, router, fetchMock } = await reachCodeStep(() => jsonResponse(SIGNED_IN));
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await user.click(code);
    await user.paste('123 456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodiesOf(fetchMock, '/api/auth/2fa/verify')).toEqual([{ code: '123456', trustDevice: true }]);
    expect(await screen.findByLabelText('Credit balance: 42 credits')).toBeInTheDocument();
  });

  it('says why a code was refused, empties the field for the next try, and says when there were too many', async () => {
    let answers = 0;
    const { user } = await reachCodeStep(() => {
      answers += 1;
      return answers === 1
        ? jsonResponse({ success: false, error: WRONG_CODE, code: 'INVALID_TWO_FACTOR_CODE' }, 401)
        : jsonResponse({ success: false, error: TOO_MANY, code: 'TOO_MANY_ATTEMPTS' }, 429);
    });
    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(code).toHaveValue('');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '222222');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY));
  });

  it('takes a recovery code instead, and goes back to the password form', async () => {
    const { user, router, fetchMock } = await reachCodeStep(() => jsonResponse(SIGNED_IN));
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveFocus();
    await user.type(recovery, ' ABCDE-12345 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodiesOf(fetchMock, '/api/auth/2fa/verify')).toEqual([
      { recoveryCode: 'abcde-12345', trustDevice: false },
    ]);
  });

  it('offers a passkey when the account has one, and leads back to sign in', async () => {
    const { user } = await reachCodeStep(() => jsonResponse(SIGNED_IN), ['totp', 'recovery', 'passkey']);
    expect(screen.getByRole('button', { name: 'Use a passkey instead' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('offers a new sign-in when the step expired', async () => {
    const expired = 'Your sign-in took too long. Please enter your password again.';
    const { user } = await reachCodeStep(() =>
      jsonResponse({ success: false, error: expired, code: 'TWO_FACTOR_CHALLENGE_EXPIRED' }, 401),
    );
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(expired);
    await user.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('shows the step that a full-page social sign-in asks for (?twoFactor=), then lands where it meant to', async () => {
    mockServer({
      handler: (url) => (url === '/api/auth/2fa/verify' ? jsonResponse(SIGNED_IN) : undefined),
    });
    const { user, router } = renderApp('/auth?twoFactor=totp,recovery&returnTo=%2Flibrary');
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
  });

  it('asks for the second step when the social sign-in popup says so', async () => {
    mockServer({ socialProviders: [{ id: 'local', name: 'Local ID' }] });
    vi.spyOn(window, 'open').mockReturnValue(window);
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Continue with Local ID' }));
    const channel = new BroadcastChannel(AUTH_POPUP_CHANNEL);
    channel.postMessage({
      type: AUTH_POPUP_MESSAGE_TYPE,
      ok: false,
      twoFactorRequired: true,
      methods: ['passkey'],
    });
    channel.close();
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeInTheDocument();
    expect(screen.getByText('Use your passkey to finish signing in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
