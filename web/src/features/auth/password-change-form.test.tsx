import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FetchHandler } from '../../test/render-app';
import { jsonResponse, mockServer, renderApp, settingsStore, TEST_USER } from '../../test/render-app';

/** The English texts these screens show (the English catalogs). */
const EN = {
  currentPasswordIncorrect: 'Current password is incorrect.',
  passwordChanged: 'Your password has been changed.',
  passwordFieldsRequired: 'Please fill in all password fields.',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  passwordsDoNotMatch: 'New passwords do not match.',
  resetEmailSent: 'If an account exists for that email, we sent a link to reset the password.',
};

/** The Security section also shows the second factors; this account has none. */
const NO_SECOND_FACTOR = {
  totp: { enabled: false, pending: false },
  recoveryCodesRemaining: 0,
  passkeys: [],
  trustedDevice: false,
};

async function openPasswordForm(handler?: FetchHandler, user = TEST_USER) {
  const store = settingsStore();
  const fetchMock = mockServer({
    user,
    handler: async (url, init) =>
      (await handler?.(url, init)) ??
      (url === '/api/auth/2fa' ? jsonResponse({ success: true, data: NO_SECOND_FACTOR }) : undefined) ??
      store.handle(url, init),
  });
  const view = renderApp('/profile?tab=settings');
  const security = (await screen.findByRole('heading', { name: 'Security' })).closest(
    'section',
  ) as HTMLElement;
  return { ...view, fetchMock, security };
}

const changeCalls = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/auth/change-password');

describe('password change form', () => {
  it('opens and closes', async () => {
    const { user, security } = await openPasswordForm();
    const toggle = within(security).getByRole('button', { name: 'Change password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(security).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(within(security).getByLabelText('Current password')).toHaveFocus();
    expect(within(security).getByLabelText('New password')).toBeInTheDocument();
    expect(within(security).getByLabelText('Confirm new password')).toBeInTheDocument();
    await user.click(within(security).getByRole('button', { name: 'Cancel' }));
    expect(within(security).queryByLabelText('Current password')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(security).getByRole('button', { name: 'Change password' })).toHaveFocus(),
    );
  });

  it(`says '${EN.passwordFieldsRequired}' and '${EN.passwordsDoNotMatch}' before calling the server`, async () => {
    const { user, security, fetchMock } = await openPasswordForm();
    await user.click(within(security).getByRole('button', { name: 'Change password' }));
    await user.click(within(security).getByRole('button', { name: 'Update password' }));
    expect(within(security).getByRole('alert')).toHaveTextContent(EN.passwordFieldsRequired);

    await user.type(within(security).getByLabelText('Current password'), 'old password');
    await user.type(within(security).getByLabelText('New password'), 'new password 1');
    await user.type(within(security).getByLabelText('Confirm new password'), 'new password 2');
    await user.click(within(security).getByRole('button', { name: 'Update password' }));
    expect(within(security).getByRole('alert')).toHaveTextContent(EN.passwordsDoNotMatch);
    expect(changeCalls(fetchMock)).toHaveLength(0);
  });

  it(`shows '${EN.currentPasswordIncorrect}' from the server`, async () => {
    const { user, security } = await openPasswordForm((url) =>
      url === '/api/auth/change-password'
        ? jsonResponse({ success: false, error: EN.currentPasswordIncorrect, code: 'BAD_REQUEST' }, 400)
        : undefined,
    );
    await user.click(within(security).getByRole('button', { name: 'Change password' }));
    await user.type(within(security).getByLabelText('Current password'), 'wrong password');
    await user.type(within(security).getByLabelText('New password'), 'new password 1');
    await user.type(within(security).getByLabelText('Confirm new password'), 'new password 1');
    await user.click(within(security).getByRole('button', { name: 'Update password' }));
    expect(await within(security).findByRole('alert')).toHaveTextContent(EN.currentPasswordIncorrect);
  });

  it(`falls back to '${EN.passwordUpdateFailed}'`, async () => {
    const { user, security } = await openPasswordForm((url) =>
      url === '/api/auth/change-password' ? new Response('', { status: 502 }) : undefined,
    );
    await user.click(within(security).getByRole('button', { name: 'Change password' }));
    await user.type(within(security).getByLabelText('Current password'), 'old password');
    await user.type(within(security).getByLabelText('New password'), 'new password 1');
    await user.type(within(security).getByLabelText('Confirm new password'), 'new password 1');
    await user.click(within(security).getByRole('button', { name: 'Update password' }));
    expect(await within(security).findByRole('alert')).toHaveTextContent(EN.passwordUpdateFailed);
  });

  it('changes the password and closes', async () => {
    const { user, security, fetchMock } = await openPasswordForm((url) =>
      url === '/api/auth/change-password'
        ? jsonResponse({ success: true, data: { message: EN.passwordChanged } })
        : undefined,
    );
    await user.click(within(security).getByRole('button', { name: 'Change password' }));
    await user.type(within(security).getByLabelText('Current password'), 'old password');
    await user.type(within(security).getByLabelText('New password'), 'new password 1');
    await user.type(within(security).getByLabelText('Confirm new password'), 'new password 1');
    await user.click(within(security).getByRole('button', { name: 'Update password' }));
    expect(await within(security).findByRole('status')).toHaveTextContent(EN.passwordChanged);
    expect(within(security).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(JSON.parse(String(changeCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password 1',
    });
  });

  it('offers accounts without a password an e-mailed link to set one', async () => {
    const { user, security, fetchMock } = await openPasswordForm(
      (url) =>
        url === '/api/auth/forgot-password'
          ? jsonResponse({ success: true, data: { message: EN.resetEmailSent } })
          : undefined,
      { ...TEST_USER, hasPassword: false, socialProviders: ['local'] },
    );
    expect(within(security).queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    await user.click(within(security).getByRole('button', { name: 'Email me a link' }));
    expect(await within(security).findByRole('status')).toHaveTextContent(EN.resetEmailSent);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/forgot-password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: TEST_USER.email });
  });
});
