import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { PushDeviceSetting } from './push-device-setting';

/** The interface in English, as in the app (the catalog is preloaded by the test setup). */
function English({ children }: { children: ReactNode }) {
  return <I18nProvider initial="en">{children}</I18nProvider>;
}

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A browser with service workers and push: permission as given, and a push manager that remembers. */
function installPushBrowser(permission: NotificationPermission) {
  let current: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: 'https://push.example.com/sub/1',
      toJSON: () => ({
        endpoint: 'https://push.example.com/sub/1',
        expirationTime: null,
        keys: { p256dh: 'p', auth: 'a' },
      }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    expect(options.applicationServerKey).toHaveLength(65);
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => {
    permission = 'granted';
    return permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/push/public-key') return json({ success: true, data: { publicKey: PUBLIC_KEY } });
      return json({ success: true, data: {} });
    }),
  );
  return { requests, subscribe, requestPermission };
}

describe('PushDeviceSetting', () => {
  it('asks for permission, subscribes with the server key and registers the subscription; then turns off', async () => {
    const user = userEvent.setup();
    const browser = installPushBrowser('default');
    render(<PushDeviceSetting />, { wrapper: English });
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));

    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeVisible();
    expect(browser.requests).toEqual([
      { url: '/api/push/public-key', body: undefined },
      {
        url: '/api/push/subscribe',
        body: {
          endpoint: 'https://push.example.com/sub/1',
          expirationTime: null,
          keys: { p256dh: 'p', auth: 'a' },
        },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeVisible();
    expect(browser.requests.at(-1)).toEqual({
      url: '/api/push/unsubscribe',
      body: { endpoint: 'https://push.example.com/sub/1' },
    });
  });

  it('says where to unblock notifications when the browser blocks them', async () => {
    installPushBrowser('denied');
    render(<PushDeviceSetting />, { wrapper: English });
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
