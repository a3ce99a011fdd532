import { TIMINGS } from '@kaleido/common/browser';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { loadMessages } from '../../i18n/load-messages';
import { INSTALL_DISMISSED_KEY, listenForInstallPrompt } from './install-event';
import { InstallPrompt } from './install-prompt';
import { OfflineBanner } from './offline-banner';
import type { QueuedAction } from './offline-queue';
import { pwaStore } from './register';
import { UpdatePrompt } from './update-prompt';

/** The interface in English, as in the app (the catalog is preloaded by the test setup). */
function English({ children }: { children: ReactNode }) {
  return <I18nProvider initial="en">{children}</I18nProvider>;
}

/** A synthetic `beforeinstallprompt`, as Chromium fires it when the app is installable. */
function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string; platform: string }>;
  };
  event.prompt = vi.fn(async () => {});
  Object.defineProperty(event, 'userChoice', { value: Promise.resolve({ outcome, platform: 'web' }) });
  return event;
}

/** The person uses the page (a key press): the install prompt waits for it. */
function engage() {
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
  });
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('InstallPrompt', () => {
  beforeEach(() => listenForInstallPrompt());

  it('appears when the browser signals installability, and a dismissal is remembered for good', async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />, { wrapper: English });
    expect(screen.queryByRole('heading', { name: 'Install Kaleido' })).not.toBeInTheDocument();

    const event = installEvent();
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    // Not over the page's first view: it waits until the person uses the page.
    expect(screen.queryByRole('heading', { name: 'Install Kaleido' })).not.toBeInTheDocument();
    engage();
    expect(screen.getByRole('heading', { name: 'Install Kaleido' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: 'Install Kaleido' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');

    // The browser signals again (another visit): it stays hidden.
    act(() => {
      window.dispatchEvent(installEvent());
    });
    expect(screen.queryByRole('heading', { name: 'Install Kaleido' })).not.toBeInTheDocument();
  });

  it("'Install' opens the browser's dialog; declining there also counts as a dismissal", async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />, { wrapper: English });
    const event = installEvent('dismissed');
    act(() => {
      window.dispatchEvent(event);
    });
    engage();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('heading', { name: 'Install Kaleido' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');
  });

  it('is not shown when the app already runs installed', () => {
    window.matchMedia = ((query: string) =>
      ({
        matches: query === '(display-mode: standalone)',
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList) as typeof window.matchMedia;
    render(<InstallPrompt />, { wrapper: English });
    act(() => {
      window.dispatchEvent(installEvent());
    });
    engage();
    expect(screen.queryByRole('heading', { name: 'Install Kaleido' })).not.toBeInTheDocument();
  });
});

describe('UpdatePrompt', () => {
  afterEach(() => {
    pwaStore.dismissUpdate();
    vi.useRealTimers();
  });

  it("'Update Now' says 'Updating App...', waits 1 s, then applies the update", async () => {
    vi.useFakeTimers();
    const apply = vi.fn(async () => {});
    render(<UpdatePrompt apply={apply} />, { wrapper: English });
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();

    act(() => pwaStore.markUpdateReady());
    expect(screen.getByText('A new version of Kaleido is ready.')).toBeVisible();

    act(() => {
      screen.getByRole('button', { name: 'Update Now' }).click();
    });
    expect(screen.getByRole('button', { name: 'Updating App...' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(TIMINGS.updateReloadDelayMs - 1));
    expect(apply).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(apply).toHaveBeenCalledOnce();
  });

  it("'Later' hides it", async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt apply={vi.fn()} />, { wrapper: English });
    act(() => pwaStore.markUpdateReady());
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
  });
});

describe('OfflineBanner', () => {
  afterEach(() => {
    setOnline(true);
    vi.useRealTimers();
  });

  const queued = (label: string, timestamp: number): QueuedAction => ({
    tag: `generate-image:${label}`,
    timestamp,
    data: { method: 'POST', url: '/api/generate-image', idempotencyKey: label, userId: 'u', label },
  });

  it('shows only while offline, counts the queued actions every 5 s, and expands to list them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let actions = [queued('Image: “a red fox”', 1)];
    const list = vi.fn(async () => [...actions]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<OfflineBanner list={list} />, { wrapper: English });
    expect(screen.queryByText("You're offline.")).not.toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();

    act(() => setOnline(false));
    expect(await screen.findByText("1 action queued, sent when you're back online.")).toBeVisible();

    actions = [...actions, queued('Video: “waves”', 2)];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMINGS.offlineQueuePollMs);
    });
    expect(screen.getByText("2 actions queued, sent when you're back online.")).toBeVisible();

    const toggle = screen.getByRole('button', { expanded: false });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toContain('Image: “a red fox”');
    expect(items[1]).toContain('Video: “waves”');

    act(() => setOnline(true));
    expect(screen.queryByText("You're offline.")).not.toBeInTheDocument();
    const calls = list.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMINGS.offlineQueuePollMs * 2);
    });
    expect(list).toHaveBeenCalledTimes(calls);
  });

  it('speaks German, with a German plural for the count', async () => {
    await loadMessages('de');
    const German = ({ children }: { children: ReactNode }) => (
      <I18nProvider initial="de">{children}</I18nProvider>
    );
    const list = vi.fn(async () => [queued('Bild: „ein roter Fuchs“', 1), queued('Video: „Wellen“', 2)]);
    render(<OfflineBanner list={list} />, { wrapper: German });
    act(() => setOnline(false));
    expect(await screen.findByText('Du bist offline.')).toBeVisible();
    expect(
      await screen.findByText('2 Aktionen warten und werden gesendet, sobald du wieder online bist.'),
    ).toBeVisible();
    expect(screen.getByRole('status', { name: 'Offline' })).toBeInTheDocument();
  });
});
