import type { TTwoFactorStatus } from '@kaleido/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderApp, settingsStore, TEST_USER } from '../../test/render-app';

const OFF: TTwoFactorStatus = {
  totp: { enabled: false, pending: false },
  recoveryCodesRemaining: 0,
  passkeys: [],
  trustedDevice: false,
};
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);
const PASSKEY = {
  id: 'pk-1',
  name: 'Work laptop',
  createdAt: '2026-02-01T10:00:00.000Z',
  lastUsedAt: null,
};

type Call = { url: string; method: string; body: unknown };

/** Settings with a fake two-factor server: GET /api/auth/2fa answers `status`, writes answer `answers[path]`. */
async function openSecurity(status: TTwoFactorStatus, answers: Record<string, () => Response> = {}) {
  const store = settingsStore();
  const calls: Call[] = [];
  let current = status;
  const fetchMock = mockServer({
    user: TEST_USER,
    handler: (url, init) => {
      if (url === '/api/auth/2fa') return jsonResponse({ success: true, data: current });
      if (url.startsWith('/api/auth/2fa/') || url.startsWith('/api/auth/passkeys/')) {
        calls.push({
          url,
          method: init?.method ?? 'GET',
          body: init?.body ? JSON.parse(String(init.body)) : null,
        });
        const answer = answers[`${init?.method ?? 'GET'} ${url}`];
        return answer ? answer() : undefined;
      }
      return store.handle(url, init);
    },
  });
  const view = renderApp('/profile?tab=settings');
  const region = await screen.findByRole('region', { name: 'Security' });
  await within(region).findByText('Authenticator app');
  return {
    ...view,
    fetchMock,
    calls,
    region: within(region),
    setStatus: (next: TTwoFactorStatus) => {
      current = next;
    },
  };
}

describe('settings: sign-in security', () => {
  it('sets up the authenticator app: QR code and key, a code, then the recovery codes shown once', async () => {
    const { user, region, calls, setStatus } = await openSecurity(OFF, {
      'POST /api/auth/2fa/totp/setup': () =>
        jsonResponse({
          success: true,
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            otpauthUrl:
              'otpauth://totp/Kaleido:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Kaleido',
          },
        }),
      'POST /api/auth/2fa/totp/enable': () => {
        setStatus({ ...OFF, totp: { enabled: true, pending: false }, recoveryCodesRemaining: 10 });
        return jsonResponse({ success: true, data: { recoveryCodes: CODES } });
      },
    });
    expect(region.getByText('Off')).toBeInTheDocument();
    await user.click(region.getByRole('button', { name: /Set up/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set up your authenticator app' }));
    expect(
      await dialog.findByRole('img', { name: 'QR code that adds Kaleido to your authenticator app' }),
    ).toBeInTheDocument();
    expect(dialog.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    const code = dialog.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');

    const codesDialog = within(await screen.findByRole('dialog', { name: 'Save your recovery codes' }));
    expect(calls.filter((call) => call.url.endsWith('/enable')).map((call) => call.body)).toEqual([
      { code: '123456' },
    ]);
    const list = codesDialog.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const done = codesDialog.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();
    await user.click(codesDialog.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await region.findByText('10 codes left.', { exact: false })).toBeInTheDocument();
    expect(region.getByText('On')).toBeInTheDocument();
  });

  it('shows why a setup code was refused', async () => {
    const refused = 'That code is not valid. Enter the current 6-digit code from your authenticator app.';
    const { user } = await openSecurity(OFF, {
      'POST /api/auth/2fa/totp/setup': () =>
        jsonResponse({
          success: true,
          data: { secret: 'ABCDEFGH', otpauthUrl: 'otpauth://totp/x?secret=ABCDEFGH' },
        }),
      'POST /api/auth/2fa/totp/enable': () =>
        jsonResponse({ success: false, error: refused, code: 'INVALID_TWO_FACTOR_CODE' }, 400),
    });
    await user.click(screen.getByRole('button', { name: /Set up/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(await dialog.findByLabelText('6-digit code'), '000000');
    expect(await dialog.findByRole('alert')).toHaveTextContent(refused);
    expect(dialog.getByLabelText('6-digit code')).toHaveValue('');
  });

  it('turns the app off with the password and a code, and creates new recovery codes', async () => {
    const on: TTwoFactorStatus = {
      ...OFF,
      totp: { enabled: true, pending: false },
      recoveryCodesRemaining: 3,
    };
    const { user, region, calls } = await openSecurity(on, {
      'POST /api/auth/2fa/totp/disable': () =>
        jsonResponse({ success: true, data: { totp: { enabled: false } } }),
      'POST /api/auth/2fa/recovery-codes': () =>
        jsonResponse({ success: true, data: { recoveryCodes: CODES } }),
    });
    expect(
      region.getByText('One-time codes for when you cannot use your authenticator app. 3 codes left.'),
    ).toBeInTheDocument();
    expect(region.getByText(/Not trusted: sign-ins here ask for the second step/)).toBeInTheDocument();

    await user.click(region.getByRole('button', { name: 'New codes' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Create new recovery codes' }));
    await user.click(dialog.getByRole('button', { name: 'Create new codes' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter your password and a code.');
    await user.type(dialog.getByLabelText('Password'), 'correct horse');
    await user.type(dialog.getByLabelText('Authenticator or recovery code'), '123456');
    await user.click(dialog.getByRole('button', { name: 'Create new codes' }));
    await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await user.click(region.getByRole('button', { name: 'Turn off' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' }));
    await user.type(dialog.getByLabelText('Password'), 'correct horse');
    await user.type(dialog.getByLabelText('Authenticator or recovery code'), 'abcde-12345');
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/auth/2fa/recovery-codes', { password: 'correct horse', code: '123456' }],
      ['/api/auth/2fa/totp/disable', { password: 'correct horse', code: 'abcde-12345' }],
    ]);
  });

  it('lists the passkeys, renames one and deletes one after a confirmation', async () => {
    const status = { ...OFF, passkeys: [PASSKEY], trustedDevice: true };
    const { user, region, calls, setStatus } = await openSecurity(status, {
      'POST /api/auth/passkeys/pk-1/rename': () =>
        jsonResponse({ success: true, data: { passkey: { ...PASSKEY, name: 'Phone' } } }),
      'DELETE /api/auth/passkeys/pk-1': () => {
        setStatus(OFF);
        return jsonResponse({ success: true, data: { id: 'pk-1' } });
      },
    });
    const list = within(region.getByRole('list', { name: 'Your passkeys' }));
    expect(list.getByText('Work laptop')).toBeInTheDocument();
    expect(list.getByText(/never used/)).toBeInTheDocument();
    expect(region.getByText(/Trusted: sign-ins on this browser skip the second step/)).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Rename Work laptop' }));
    const rename = within(await screen.findByRole('dialog', { name: 'Rename passkey' }));
    const name = rename.getByLabelText('Name');
    expect(name).toHaveValue('Work laptop');
    await user.clear(name);
    await user.type(name, 'Phone{Enter}');
    expect(await list.findByText('Phone')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Delete Phone' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete “Phone”?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete passkey' }));
    expect(await region.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/auth/passkeys/pk-1/rename', { name: 'Phone' }],
      ['DELETE', '/api/auth/passkeys/pk-1', null],
    ]);
  });
});
