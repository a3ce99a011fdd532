import type { TGenerationDiagnostics } from '@kaleido/common';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, settingsStore, TEST_SETTINGS } from '../../test/render-app';
import { DiagnosticsPanel } from './diagnostics-panel';

const DIAGNOSTICS: TGenerationDiagnostics = {
  jobId: 'job-42',
  type: 'image',
  status: 'failed',
  model: 'flux-schnell',
  provider: 'replicate',
  attempts: 2,
  failovers: [{ from: 'sd15', to: 'flux-schnell', reason: 'No ComfyUI server can run sd15' }],
  queuedSeconds: 4,
  runSeconds: 12.5,
  stages: [
    { name: 'queued', seconds: 4, detail: null },
    { name: 'render', seconds: 1.25, detail: 'sd15 on comfyui: unavailable, failed over to flux-schnell' },
    { name: 'render', seconds: 11.25, detail: 'flux-schnell on replicate: failed' },
  ],
  errorCode: 'INTERNAL',
  error: 'Failed to generate image',
  providerError: 'CUDA out of memory on https://gpu.internal/run?[redacted]',
  createdAt: '2026-05-10T08:00:00.000Z',
  startedAt: '2026-05-10T08:00:04.000Z',
  finishedAt: '2026-05-10T08:00:16.500Z',
};

function setup(debugMode: boolean) {
  const store = settingsStore({ ...TEST_SETTINGS, debugMode });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/generations/job-42/diagnostics')
      return jsonResponse({ success: true, data: DIAGNOSTICS });
    return store.handle(url, init) ?? jsonResponse({ success: false, error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  render(
    <I18nProvider initial="en">
      <QueryClientProvider client={createQueryClient()}>
        <p>Result</p>
        <DiagnosticsPanel jobId="job-42" />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { fetchMock, user };
}

describe('debug mode diagnostics panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is not shown, and nothing is fetched, with debug mode off', async () => {
    const { fetchMock } = setup(false);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/settings', expect.anything()));
    await screen.findByText('Result');
    expect(screen.queryByRole('region', { name: 'Diagnostics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Diagnostics/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(
      '/api/generations/job-42/diagnostics',
    );
  });

  it('with debug mode on, opens to the job id, model, provider, attempts, failovers, stages and provider error, and copies them', async () => {
    const { user } = setup(true);
    const toggle = await screen.findByRole('button', { name: 'Diagnostics' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = await screen.findByTestId('diagnostics');
    const row = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(row('Job id')).toBe('job-42');
    expect(row('Model')).toBe('flux-schnell');
    expect(row('Provider')).toBe('replicate');
    expect(row('Attempts')).toBe('2');
    expect(row('Failovers')).toBe('sd15 → flux-schnell: No ComfyUI server can run sd15');
    expect(row('Queued')).toBe('4.00 s');
    expect(row('Run')).toBe('12.5 s');
    expect(row('Stages')).toContain(
      'render 1.25 s · sd15 on comfyui: unavailable, failed over to flux-schnell',
    );
    expect(row('Error code')).toBe('INTERNAL');
    expect(row('Provider said')).toBe('CUDA out of memory on https://gpu.internal/run?[redacted]');

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByRole('button', { name: 'Copy diagnostics' }));
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(DIAGNOSTICS, null, 2));
    expect(await screen.findByRole('button', { name: 'Copied diagnostics' })).toBeInTheDocument();
  });
});
