import { IMAGE_OPTIONS, MESSAGES, SETTINGS_MESSAGES, SETTINGS_OPTIONS } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../app/theme';
import {
  jsonResponse,
  mockServer,
  renderApp,
  settingsStore,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';

const patches = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/settings' && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function openSettings(options: Parameters<typeof settingsStore>[1] = {}, initial = TEST_SETTINGS) {
  const store = settingsStore(initial, options);
  const fetchMock = mockServer({ user: TEST_USER, handler: (url, init) => store.handle(url, init) });
  const view = renderApp('/profile?tab=settings');
  await screen.findByRole('heading', { name: 'Notifications' });
  return { ...view, fetchMock, store };
}

describe('settings tab', () => {
  it('groups every setting of the account', async () => {
    await openSettings();
    for (const title of [
      'Profile',
      'Notifications',
      'Generation defaults',
      'Privacy',
      'Security',
      'Appearance',
      'Developer',
      'Performance',
      'Your data',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Display name')).toHaveValue(TEST_SETTINGS.displayName);
    expect(screen.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Product news' })).not.toBeChecked();
    for (const name of [
      'Generation alerts',
      'Credit alerts',
      'Sounds',
      'Desktop notifications',
      'Save results to my library',
      'Watermark',
      'Improve Kaleido',
      'Usage analytics',
      'Share usage data',
      'Compact mode',
      'Animations',
      'Integrations',
      'Debug mode',
      'Experimental features',
      'Cache',
      'Preload',
    ]) {
      expect(screen.getByRole('switch', { name })).toBeInTheDocument();
    }
    const style = screen.getByLabelText('Default image style');
    expect(style).toHaveValue(TEST_SETTINGS.defaultImageStyle);
    expect(
      within(style)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual([...IMAGE_OPTIONS.styles]);
    expect(
      within(screen.getByLabelText('Default quality'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual([...IMAGE_OPTIONS.qualities]);
    expect(screen.getByLabelText('Default quality')).toHaveValue('high');
    expect(screen.getByLabelText('Default video length')).toHaveValue(30);
    expect(screen.getByLabelText('Default video length')).toHaveAttribute('min', '5');
    expect(screen.getByLabelText('Default video length')).toHaveAttribute('max', '120');
    expect(
      within(screen.getByLabelText('Profile visibility'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual([...SETTINGS_OPTIONS.profileVisibilities]);
    expect(
      within(screen.getByLabelText('Language'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual([...SETTINGS_OPTIONS.languages]);
    expect(screen.getByLabelText('Time zone')).toHaveValue('auto');
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Export data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });

  it('saves a switch at once, busy while saving', async () => {
    const gate = deferred();
    const store = settingsStore();
    const fetchMock = mockServer({
      user: TEST_USER,
      handler: async (url, init) => {
        if (url === '/api/settings' && init?.method === 'PATCH') {
          await gate.promise;
        }
        return store.handle(url, init);
      },
    });
    const { user } = renderApp('/profile?tab=settings');
    const toggle = await screen.findByRole('switch', { name: 'Email notifications' });
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    expect(patches(fetchMock)).toEqual([{ emailNotifications: false }]);
    gate.resolve(new Response());
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-busy'));
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveFocus();
  });

  it(`rolls back and says '${MESSAGES.settingUpdateFailed}' with the server's reason`, async () => {
    const { user } = await openSettings({
      refusePatch: () =>
        jsonResponse({ success: false, error: 'The database is read-only.', code: 'INTERNAL' }, 500),
    });
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    await user.click(toggle);
    expect(await screen.findByText(MESSAGES.settingUpdateFailed)).toBeInTheDocument();
    expect(screen.getByText('The database is read-only.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('saves a choice from a list', async () => {
    const { user, fetchMock } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Default image style'), 'watercolor');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ defaultImageStyle: 'watercolor' }]));
    expect(screen.getByLabelText('Default image style')).toHaveValue('watercolor');
  });

  it('keeps the default video length between the limits', async () => {
    const { user, fetchMock } = await openSettings();
    const input = screen.getByLabelText('Default video length');
    await user.clear(input);
    await user.type(input, '200');
    const form = input.closest('form') as HTMLElement;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(SETTINGS_MESSAGES.videoLengthRange));
    expect(patches(fetchMock)).toEqual([]);
    await user.clear(input);
    await user.type(input, '45{Enter}');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ defaultVideoLength: 45 }]));
    expect(await within(form).findByText('Saved')).toBeInTheDocument();
  });

  it('accepts only http(s) webhook addresses', async () => {
    const { user, fetchMock } = await openSettings();
    const input = screen.getByLabelText('Webhook URL');
    await user.type(input, 'ftp://example.com/hook{Enter}');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(SETTINGS_MESSAGES.webhookUrl));
    await user.clear(input);
    await user.type(input, 'https://example.com/hook{Enter}');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ webhookUrl: 'https://example.com/hook' }]));
  });

  it('renames the account and the navigation follows', async () => {
    let me = TEST_USER;
    const store = settingsStore();
    const fetchMock = mockServer({
      handler: (url, init) => {
        if (url === '/api/auth/me') return jsonResponse({ success: true, data: me });
        if (url === '/api/settings' && init?.method === 'PATCH') me = { ...me, displayName: 'Ada King' };
        return store.handle(url, init);
      },
    });
    const { user } = renderApp('/profile?tab=settings');
    const input = await screen.findByLabelText('Display name');
    await user.clear(input);
    await user.type(input, '  Ada King {Enter}');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ displayName: 'Ada King' }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada King' })).toBeInTheDocument();
  });

  it('shows two-factor sign-in as not available yet', async () => {
    await openSettings();
    const toggle = screen.getByRole('switch', { name: 'Two-factor sign-in' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      expect.stringContaining(SETTINGS_MESSAGES.twoFactorUnavailable),
    );
  });

  it('has no fake personal API key', async () => {
    await openSettings();
    expect(screen.getByText('Personal API key')).toBeInTheDocument();
    expect(screen.getByText(/coming with the developer platform/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /generate/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/ck_/)).not.toBeInTheDocument();
  });
});

describe('theme setting', () => {
  it('follows and drives the theme toggle, saving to the account', async () => {
    const { user, fetchMock } = await openSettings();
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ theme: 'dark' }]));

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(within(group).getByRole('radio', { name: 'Light' })).toBeChecked();
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ theme: 'dark' }, { theme: 'light' }]));
  });

  it('goes back to the previous theme when the account refuses it', async () => {
    const { user } = await openSettings({
      refusePatch: () => jsonResponse({ success: false, error: 'Offline.', code: 'INTERNAL' }, 503),
    });
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(await screen.findByText(MESSAGES.settingUpdateFailed)).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked());
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("brings the account's theme, compact mode and animations to this browser on sign-in", async () => {
    const store = settingsStore({
      ...TEST_SETTINGS,
      theme: 'dark',
      compactMode: true,
      animationsEnabled: false,
    });
    mockServer({ user: TEST_USER, handler: (url, init) => store.handle(url, init) });
    renderApp('/');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(document.documentElement).toHaveClass('compact');
    expect(document.documentElement).toHaveClass('reduce-motion');
  });

  it("gives an account still on 'system' this browser's explicit choice", async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const store = settingsStore();
    const fetchMock = mockServer({ user: TEST_USER, handler: (url, init) => store.handle(url, init) });
    renderApp('/');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ theme: 'dark' }]));
    expect(document.documentElement).toHaveClass('dark');
  });
});
