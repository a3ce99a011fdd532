import {
  IMAGE_OPTIONS,
  SETTINGS_MESSAGES,
  SETTINGS_OPTIONS,
  SHARING_MESSAGES,
} from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../app/theme';
import type { MessageId } from '../../i18n/catalogs/en';
import { translate } from '../../i18n/locale-state';
import type { MessageValues } from '../../i18n/use-t';
import {
  jsonResponse,
  mockServer,
  renderApp,
  settingsStore,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';

const UPDATE_FAILED = 'Failed to update setting. Please try again.';
const INTEGRATIONS_OFF_NOTICE = 'Integrations are off: this key is refused until you turn them on.';

/** A shared (api.*) message as the English interface shows it. */
const english = (id: MessageId, values?: MessageValues) => translate(id, values);

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

/** A control of the Appearance group (the footer has a language picker too). */
const inAppearance = (label: string, section = 'Appearance') =>
  within(screen.getByRole('region', { name: section })).getByLabelText(label);

/** The text under a setting: its one-line description. */
const describedAs = (element: HTMLElement) => element.closest('.px-5')?.textContent ?? '';

describe('settings tab', () => {
  it('groups every setting of the account', async () => {
    await openSettings();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Account',
      'Security',
      'Generation',
      'Notifications',
      'Privacy',
      'Appearance',
      'Integrations',
      'Advanced',
    ]);
    expect(
      within(screen.getByRole('navigation', { name: 'Settings sections' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Account',
      'Security',
      'Generation',
      'Notifications',
      'Privacy',
      'Appearance',
      'Integrations',
      'Advanced',
    ]);
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
      'Keep prompts in usage records',
      'Usage analytics',
      'Show prompts on shared creations',
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
      within(inAppearance('Language'))
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

  it(`rolls back and says '${UPDATE_FAILED}' with the server's reason`, async () => {
    const { user } = await openSettings({
      refusePatch: () =>
        jsonResponse({ success: false, error: 'The database is read-only.', code: 'INTERNAL' }, 500),
    });
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    await user.click(toggle);
    expect(await screen.findByText(UPDATE_FAILED)).toBeInTheDocument();
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
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(english(SETTINGS_MESSAGES.videoLengthRange, { min: 5, max: 120 })),
    );
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
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Webhook URL must start with http:// or https://'),
    );
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

  it('shows the sign-in security of the account under Security, not as a settings switch', async () => {
    const store = settingsStore();
    mockServer({
      user: TEST_USER,
      handler: (url, init) =>
        url === '/api/auth/2fa'
          ? jsonResponse({
              success: true,
              data: {
                totp: { enabled: false, pending: false },
                recoveryCodesRemaining: 0,
                passkeys: [],
                trustedDevice: false,
              },
            })
          : store.handle(url, init),
    });
    renderApp('/profile?tab=settings');
    const security = within(await screen.findByRole('region', { name: 'Security' }));
    expect(await security.findByRole('button', { name: /Set up/ })).toBeInTheDocument();
    expect(security.getByText('Off')).toBeInTheDocument();
    expect(security.getByText('No passkeys yet.')).toBeInTheDocument();
    expect(security.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
  });

  it('describes what each setting really does, without promising what the server does not do', async () => {
    await openSettings();
    expect(describedAs(screen.getByLabelText('Webhook URL'))).toContain(
      'Kaleido does not send webhooks to it yet.',
    );
    expect(describedAs(screen.getByLabelText('Webhook URL'))).not.toMatch(/calls this address/);
    expect(screen.queryByText(/coming\ssoon/i)).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Save results to my library' })).toHaveAccessibleDescription(
      /unsaved results are deleted after 7 days/,
    );
    expect(screen.getByRole('switch', { name: 'Keep prompts in usage records' })).toHaveAccessibleDescription(
      /keep no prompt/,
    );
    expect(screen.getByRole('switch', { name: 'Sounds' })).toHaveAccessibleDescription(/chime/);
    expect(screen.getByRole('switch', { name: 'Cache' })).toHaveAccessibleDescription(
      /this device's copies are deleted/,
    );
    expect(screen.getByRole('switch', { name: 'Preload' })).toHaveAccessibleDescription(/save data/);
    expect(screen.getByRole('switch', { name: 'Debug mode' })).toHaveAccessibleDescription(
      /attempts, failovers/,
    );
    // Every control has a description.
    for (const control of screen.getAllByRole('switch')) {
      expect(control).toHaveAccessibleDescription(/\w{3,}/);
    }
  });

  it('locks the watermark on for the Free plan', async () => {
    await openSettings();
    const locked = screen.getByRole('switch', { name: 'Watermark' });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    expect(locked).toHaveAccessibleDescription(/Free plan always adds/);
  });

  it('lets a paid plan turn the watermark on', async () => {
    const store = settingsStore();
    const fetchMock = mockServer({
      user: { ...TEST_USER, plan: 'pro' },
      handler: (url, init) => store.handle(url, init),
    });
    const { user } = renderApp('/profile?tab=settings');
    const toggle = await screen.findByRole('switch', { name: 'Watermark' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ watermarkEnabled: true }]));
  });

  it('shows the public handle with its profile link, and the server refusing a taken handle', async () => {
    const { user, fetchMock } = await openSettings({
      refusePatch: () =>
        jsonResponse(
          { success: false, error: english(SHARING_MESSAGES.handleTaken), code: 'HANDLE_TAKEN' },
          409,
        ),
    });
    const input = screen.getByLabelText('Public handle');
    expect(input).toHaveValue('ada-lovelace');
    expect(screen.getByRole('link', { name: '/u/ada-lovelace' })).toHaveAttribute('href', '/u/ada-lovelace');
    await user.clear(input);
    await user.type(input, 'No Spaces!{Enter}');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(english(SHARING_MESSAGES.handleFormat)),
    );
    expect(patches(fetchMock)).toEqual([]);
    await user.clear(input);
    await user.type(input, 'admin{Enter}');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(english(SHARING_MESSAGES.handleReserved)),
    );
    await user.clear(input);
    await user.type(input, 'grace{Enter}');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ handle: 'grace' }]));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(english(SHARING_MESSAGES.handleTaken)),
      ),
    );
    expect(input).toHaveValue('grace');
  });

  it('shows when marketing consent was given', async () => {
    await openSettings(
      {},
      { ...TEST_SETTINGS, marketingEmails: true, marketingConsentAt: '2026-03-04T09:30:00.000Z' },
    );
    expect(screen.getByRole('switch', { name: 'Product news' })).toHaveAccessibleDescription(
      /Consented on Mar 4, 2026/,
    );
  });
});

describe('personal API key', () => {
  const KEY = `ck_${'A1b2C3d4'.repeat(5)}xyz123`;
  const apiKey = {
    id: 'key-1',
    kind: 'personal',
    name: 'Personal key',
    description: '',
    plan: 'free',
    keyPreview: KEY.slice(0, 12),
    credits: 0,
    usageCount: 0,
    rateLimit: { requestsPerMinute: 10 },
    permissions: ['generate'],
    createdAt: '2026-03-04T09:30:00.000Z',
    lastUsed: null,
    isActive: true,
    scopes: ['generate', 'library:read', 'account:read'],
    expiresAt: null,
    monthlySpendCap: null,
    spentThisMonth: 0,
    webhookUrl: null,
    previousKeyValidUntil: null,
  };

  async function openWithKey(
    options: { existing?: boolean; integrationsEnabled?: boolean; failGenerate?: boolean } = {},
  ) {
    let current: typeof apiKey | null = options.existing ? apiKey : null;
    const calls: string[] = [];
    const store = settingsStore({
      ...TEST_SETTINGS,
      integrationsEnabled: options.integrationsEnabled ?? true,
    });
    mockServer({
      user: TEST_USER,
      handler: (url, init) => {
        const method = init?.method ?? 'GET';
        if (url === '/api/settings/api-key') {
          calls.push(method);
          if (method === 'POST') {
            if (options.failGenerate)
              return jsonResponse({ success: false, error: 'Database busy.', code: 'INTERNAL' }, 500);
            current = apiKey;
            return jsonResponse({ success: true, data: { ...apiKey, key: KEY } }, 201);
          }
          if (method === 'DELETE') {
            current = null;
            return jsonResponse({ success: true, data: null });
          }
          return jsonResponse({ success: true, data: current });
        }
        if (url === '/api/api-keys/key-1/reveal') return jsonResponse({ success: true, data: { key: KEY } });
        return store.handle(url, init);
      },
    });
    const view = renderApp('/profile?tab=settings');
    await screen.findByRole('heading', { name: 'Integrations' });
    return { ...view, calls };
  }

  it('generates a key, masked with reveal, and copies it', async () => {
    const { user } = await openWithKey();
    await user.click(await screen.findByRole('button', { name: 'Generate key' }));
    expect(await screen.findByText(/^ck_A1b2C•+$/)).toBeInTheDocument();
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByText(KEY)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await screen.findByText('API key copied to clipboard')).toBeInTheDocument();
  });

  it('says Copied for 2 seconds', async () => {
    const { user } = await openWithKey({ existing: true });
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Copied')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('reveals an existing key through the owner-only reveal', async () => {
    const { user } = await openWithKey({ existing: true });
    await user.click(await screen.findByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText(KEY)).toBeInTheDocument();
  });

  it('revokes after a confirmation', async () => {
    const { user, calls } = await openWithKey({ existing: true });
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke your personal API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('DELETE');
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByRole('button', { name: 'Generate key' })).toBeInTheDocument();
    expect(calls).toContain('DELETE');
  });

  it("says 'Failed to generate API key. Please try again.' when generating fails", async () => {
    const { user } = await openWithKey({ failGenerate: true });
    await user.click(await screen.findByRole('button', { name: 'Generate key' }));
    expect(await screen.findByText('Failed to generate API key. Please try again.')).toBeInTheDocument();
  });

  it('says the key is refused while integrations are off', async () => {
    await openWithKey({ existing: true, integrationsEnabled: false });
    expect(await screen.findByText(INTEGRATIONS_OFF_NOTICE)).toBeInTheDocument();
  });

  it('says nothing of the kind while integrations are on', async () => {
    await openWithKey({ existing: true, integrationsEnabled: true });
    await screen.findByRole('button', { name: 'Reveal' });
    expect(screen.queryByText(INTEGRATIONS_OFF_NOTICE)).not.toBeInTheDocument();
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
    expect(await screen.findByText(UPDATE_FAILED)).toBeInTheDocument();
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

describe('language setting', () => {
  it('offers each language in its own words', async () => {
    await openSettings();
    expect(
      within(inAppearance('Language'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español', 'Français', 'Deutsch', '中文']);
  });

  it('switches the interface to the language picked, at once and without a reload', async () => {
    const { user, fetchMock, store } = await openSettings();
    await user.selectOptions(inAppearance('Language'), 'Deutsch');
    // The same page, now in German: section headings, labels and the language select itself.
    expect(await screen.findByRole('heading', { level: 2, name: 'Benachrichtigungen' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'E-Mail-Benachrichtigungen' })).toBeChecked();
    expect(inAppearance('Sprache', 'Darstellung')).toHaveValue('de');
    expect(screen.queryByRole('heading', { level: 2, name: 'Notifications' })).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ language: 'de' }]));
    expect(store.current.language).toBe('de');
    // Remembered on this device, so the next visit starts in German.
    expect(window.localStorage.getItem('kaleido.language')).toBe('de');
  });

  it('shows the settings of a Spanish account in Spanish, messages included', async () => {
    const { user } = await openSettings({}, { ...TEST_SETTINGS, language: 'es' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Notificaciones' })).toBeInTheDocument();
    const input = screen.getByLabelText('Duración de video predeterminada');
    await user.clear(input);
    await user.type(input, '200{Enter}');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('5 y 120 segundos'));
  });
});
