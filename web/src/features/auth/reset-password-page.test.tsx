import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderApp } from '../../test/render-app';

/** The English texts these screens show (the English catalogs). */
const EN = {
  passwordReset: 'Your password has been reset. You can sign in now.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsDoNotMatch: 'New passwords do not match.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
};

const resetCalls = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/auth/reset-password');

describe('reset password page', () => {
  it('says the link is invalid when it has no token, and offers a new one', async () => {
    mockServer();
    renderApp('/auth/reset');
    expect(await screen.findByRole('alert')).toHaveTextContent(EN.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      '/auth?mode=forgot',
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it(`says '${EN.passwordsDoNotMatch}' when the confirmation differs, without calling the server`, async () => {
    const fetchMock = mockServer();
    const { user } = renderApp('/auth/reset?token=abc');
    await user.type(await screen.findByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct hose');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(EN.passwordsDoNotMatch);
    expect(resetCalls(fetchMock)).toHaveLength(0);
  });

  it('asks for a long enough password', async () => {
    const fetchMock = mockServer();
    const { user } = renderApp('/auth/reset?token=abc');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(EN.passwordTooShort);
    expect(resetCalls(fetchMock)).toHaveLength(0);
  });

  it('shows the invalid-link state when the server refuses the token', async () => {
    mockServer({
      handler: (url) =>
        url === '/api/auth/reset-password'
          ? jsonResponse({ success: false, error: EN.resetLinkInvalid, code: 'BAD_REQUEST' }, 400)
          : undefined,
    });
    const { user } = renderApp('/auth/reset?token=expired');
    await user.type(await screen.findByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EN.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toBeInTheDocument();
  });

  it('resets the password and links to sign in', async () => {
    const fetchMock = mockServer({
      handler: (url) =>
        url === '/api/auth/reset-password'
          ? jsonResponse({ success: true, data: { message: EN.passwordReset } })
          : undefined,
    });
    const { user } = renderApp('/auth/reset?token=tok_123');
    await user.type(await screen.findByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(EN.passwordReset);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    await waitFor(() => expect(resetCalls(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(resetCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      token: 'tok_123',
      newPassword: 'correct horse',
    });
  });
});
