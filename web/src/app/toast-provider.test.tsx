import { TIMINGS } from '@kaleido/common/browser';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n-provider';
import { type ToastApi, ToastProvider, useToast } from './toast-provider';

let api: ToastApi | undefined;

function Capture() {
  api = useToast();
  return null;
}

function renderToasts() {
  render(
    <I18nProvider initial="en">
      <ToastProvider>
        <Capture />
      </ToastProvider>
    </I18nProvider>,
  );
  if (!api) throw new Error('toast api missing');
  return api;
}

afterEach(() => {
  vi.useRealTimers();
  api = undefined;
});

describe('toasts', () => {
  it('shows title, message and details', async () => {
    const toast = renderToasts();
    act(() => {
      toast.error('Failed to load API keys', 'The server did not answer.', 'HTTP error! status: 503');
    });
    expect(await screen.findByText('Failed to load API keys')).toBeInTheDocument();
    expect(screen.getByText('The server did not answer.')).toBeInTheDocument();
    expect(screen.getByText('HTTP error! status: 503')).toBeInTheDocument();
  });

  it(`closes by itself after ${TIMINGS.toastDurationMs} ms by default`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const toast = renderToasts();
    act(() => {
      toast.success('API key copied to clipboard');
    });
    expect(await screen.findByText('API key copied to clipboard')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMINGS.toastDurationMs - 500);
    });
    expect(screen.getByText('API key copied to clipboard')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.queryByText('API key copied to clipboard')).not.toBeInTheDocument();
  });

  it('closes with the × button labelled Close', async () => {
    const user = userEvent.setup();
    const toast = renderToasts();
    act(() => {
      toast.toast({ type: 'warning', title: 'Low credits', duration: 60_000 });
    });
    expect(await screen.findByText('Low credits')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByText('Low credits')).not.toBeInTheDocument());
  });

  it('refuses to work outside its provider', () => {
    expect(() => renderHook(() => useToast())).toThrow('useToast must be used within a ToastProvider');
  });
});
