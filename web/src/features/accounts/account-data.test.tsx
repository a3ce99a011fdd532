import { AUTH_POPUP_MESSAGE_TYPE } from '@kaleido/common/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchHandler } from '../../test/render-app';
import {
  jsonResponse,
  mockServer,
  renderApp,
  settingsStore,
  startInLanguage,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';
import { exportFileName } from './api';

/** The English texts these screens show (the English catalogs). */
const EN = {
  currentPasswordIncorrect: 'Current password is incorrect.',
  deleteAccountFailed: 'Failed to delete account. Please try again.',
  exportFailed: 'Failed to export data. Please try again.',
};

async function openDataSection(
  handler?: FetchHandler,
  user = TEST_USER,
  socialProviders = [] as { id: string; name: string }[],
) {
  const store = settingsStore();
  const fetchMock = mockServer({
    user,
    socialProviders,
    handler: async (url, init) => (await handler?.(url, init)) ?? store.handle(url, init),
  });
  const view = renderApp('/profile?tab=settings');
  const section = (await screen.findByRole('heading', { name: 'Account' })).closest('section') as HTMLElement;
  return { ...view, fetchMock, section };
}

const deleteCalls = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/account' && init?.method === 'DELETE');

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('delete account', () => {
  it('needs the word DELETE and the password, then signs out and goes home', async () => {
    let deleted = false;
    const { user, fetchMock, section, router } = await openDataSection((url, init) => {
      if (url === '/api/account' && init?.method === 'DELETE') {
        deleted = true;
        return jsonResponse({ success: true, data: null });
      }
      if (url === '/api/auth/me' && deleted) {
        return jsonResponse({ success: false, error: 'Authentication required' }, 401);
      }
      return undefined;
    });
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(confirm).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Password'));
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(String(deleteCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      confirm: 'DELETE',
      password: 'correct horse',
    });
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    const [header] = screen.getAllByRole('banner');
    expect(within(header as HTMLElement).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it(`says '${EN.deleteAccountFailed}' with the server's reason`, async () => {
    const { user, section } = await openDataSection((url, init) =>
      url === '/api/account' && init?.method === 'DELETE'
        ? jsonResponse({ success: false, error: EN.currentPasswordIncorrect, code: 'BAD_REQUEST' }, 400)
        : undefined,
    );
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(EN.deleteAccountFailed);
    expect(alert).toHaveTextContent(EN.currentPasswordIncorrect);
  });

  const SOCIAL_ONLY = { ...TEST_USER, hasPassword: false, socialProviders: ['local'] };
  /** A social-only account whose first deletion asks to confirm with the provider, and whose second works. */
  const openSocialOnlyDeletion = (other: (url: string) => Response | undefined = () => undefined) => {
    let attempts = 0;
    return openDataSection(
      (url, init) => {
        if (url === '/api/account' && init?.method === 'DELETE') {
          attempts += 1;
          return attempts === 1
            ? jsonResponse(
                {
                  success: false,
                  error: 'Please sign in again with your social account to confirm.',
                  code: 'FORBIDDEN',
                  details: { reauthenticate: 'social' },
                },
                403,
              )
            : jsonResponse({ success: true, data: null });
        }
        return other(url);
      },
      SOCIAL_ONLY,
      [{ id: 'local', name: 'Local ID' }],
    );
  };

  it('lets a social-only account confirm with its provider, then retries', async () => {
    const { user, section, fetchMock, router } = await openSocialOnlyDeletion();
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(
      await within(dialog).findByText('Please sign in again with your social account to confirm.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Continue with Local ID' }));
    expect(open).toHaveBeenCalledWith(
      '/api/auth/oidc/local/start?popup=1&returnTo=%2Fprofile%3Ftab%3Dsettings&lang=en',
      expect.any(String),
      'popup,width=500,height=650',
    );
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: AUTH_POPUP_MESSAGE_TYPE, ok: true },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    await waitFor(() => expect(deleteCalls(fetchMock)).toHaveLength(2));
    expect(JSON.parse(String(deleteCalls(fetchMock)[1]?.[1]?.body))).toEqual({ confirm: 'DELETE' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
  it('asks a social-only account with a second factor for its code after the provider, then deletes', async () => {
    const { user, section, fetchMock, router } = await openSocialOnlyDeletion((url) =>
      url === '/api/auth/2fa/verify'
        ? jsonResponse({ success: true, data: { user: SOCIAL_ONLY, token: 'kal_session_token' } })
        : undefined,
    );
    vi.spyOn(window, 'open').mockReturnValue(window);
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with Local ID' }));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: {
            type: AUTH_POPUP_MESSAGE_TYPE,
            ok: false,
            twoFactorRequired: true,
            methods: ['totp', 'recovery'],
          },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    // The provider's confirmation is finished by the second factor, then the deletion runs again.
    const code = await within(dialog).findByLabelText('Authentication code');
    expect(deleteCalls(fetchMock)).toHaveLength(1);
    await user.type(code, '123456');
    await waitFor(() => expect(deleteCalls(fetchMock)).toHaveLength(2));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('export data', () => {
  it('downloads the export as kaleido-export-<date>.json', async () => {
    // jsdom has no object URLs; these stand in for the browser's.
    const createObjectURL = vi.fn(() => 'blob:export');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, section } = await openDataSection((url) =>
      url === '/api/account/export'
        ? jsonResponse({
            success: true,
            data: {
              profile: { email: TEST_USER.email },
              settings: {},
              exportedAt: '2026-03-04T10:00:00.000Z',
            },
          })
        : undefined,
    );
    await user.click(within(section).getByRole('button', { name: 'Export data' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('kaleido-export-2026-03-04.json');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(await screen.findByText('Your data is downloading')).toBeInTheDocument();
  });

  it(`says '${EN.exportFailed}' when the export fails`, async () => {
    const { user, section } = await openDataSection((url) =>
      url === '/api/account/export' ? new Response('', { status: 500 }) : undefined,
    );
    await user.click(within(section).getByRole('button', { name: 'Export data' }));
    expect(await screen.findByText(EN.exportFailed)).toBeInTheDocument();
  });

  it('names the file by the export date', () => {
    expect(exportFileName('2026-12-31T08:00:00.000Z')).toBe('kaleido-export-2026-12-31.json');
    expect(exportFileName(undefined, new Date(2026, 0, 5))).toBe('kaleido-export-2026-01-05.json');
  });
});

describe('in French', () => {
  it('asks for the confirmation word and the password in French', async () => {
    await startInLanguage('fr');
    const store = settingsStore({ ...TEST_SETTINGS, language: 'fr' });
    mockServer({ user: TEST_USER, handler: (url, init) => store.handle(url, init) });
    const { user } = renderApp('/profile?tab=settings');
    expect(await screen.findByRole('button', { name: 'Exporter les données' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Supprimer le compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer votre compte\u00a0?' });
    expect(within(dialog).getByLabelText('Saisissez DELETE pour confirmer')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mot de passe')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});
