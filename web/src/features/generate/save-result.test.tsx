import type { TAsset } from '@kaleido/common';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../app/toast-provider';
import { I18nProvider } from '../../i18n/i18n-provider';
import { createQueryClient } from '../../lib/query-client';
import { storedSettings } from '../../test/generation-fixtures';
import { jsonResponse, settingsStore, TEST_SETTINGS } from '../../test/render-app';
import { HistoryPanel } from './history-panel';

const asset = (overrides: Partial<TAsset>): TAsset => ({
  id: 'asset-1',
  type: 'image',
  url: '/api/files/users/u/asset-1/original.png?exp=1&sig=x',
  thumbnailUrl: '/api/files/users/u/asset-1/thumbnail.webp?exp=1&sig=x',
  downloadUrl: '/api/files/users/u/asset-1/original.png?exp=1&sig=x&dl=1',
  prompt: 'a lighthouse at dusk',
  settings: storedSettings('image'),
  metadata: {
    size: 1000,
    timestamp: '2026-05-10T08:00:00.000Z',
    filename: 'a-lighthouse-at-dusk.png',
    contentType: 'image/png',
    width: 512,
    height: 512,
    durationSeconds: null,
    fps: null,
    seed: 1,
    model: 'sketch-1',
    provider: 'sketch',
  },
  generationId: 'job-1',
  saved: false,
  shared: false,
  origin: 'generated',
  tool: 'generate',
  sourceAssetIds: [],
  createdAt: '2026-05-10T08:00:00.000Z',
  ...overrides,
});

function setup({ autoSaveEnabled, saveStatus = 200 }: { autoSaveEnabled: boolean; saveStatus?: number }) {
  const store = settingsStore({ ...TEST_SETTINGS, autoSaveEnabled });
  let saved = false;
  let releaseSave: () => void = () => undefined;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/assets?')) {
      return jsonResponse({
        success: true,
        data: {
          items: [asset({ saved }), asset({ id: 'asset-2', generationId: 'job-2', saved: true })],
          nextCursor: null,
        },
      });
    }
    if (url === '/api/generations/job-1/save' && init?.method === 'POST') {
      await new Promise<void>((resolve) => {
        releaseSave = resolve;
      });
      if (saveStatus !== 200) {
        return jsonResponse(
          { success: false, error: 'This result was not saved and was deleted after 7 days.' },
          saveStatus,
        );
      }
      saved = true;
      return jsonResponse({ success: true, data: asset({ saved: true }) });
    }
    return store.handle(url, init) ?? jsonResponse({ success: false, error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <I18nProvider initial="en">
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <MemoryRouter>
            <HistoryPanel type="image" onPick={() => undefined} selectedId={null} />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { fetchMock, user: userEvent.setup(), release: () => releaseSave() };
}

describe('unsaved results in the generator history', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for unsaved results too, marks them and saves one with the Save button', async () => {
    const { fetchMock, user, release } = setup({ autoSaveEnabled: false });
    expect(
      await screen.findByText('Auto-save is off: results stay here for 7 days unless you save them.'),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('include=all'), expect.anything());
    expect(await screen.findAllByText('Unsaved')).toHaveLength(1);
    const save = screen.getByRole('button', { name: /^Save image to your library$/ });
    // Only the unsaved item has a Save button.
    expect(screen.getAllByRole('button', { name: /Save .* to your library/ })).toHaveLength(1);

    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAttribute('aria-busy', 'true');
    release();

    const toast = await screen.findByText('Image saved to your library');
    expect(toast).toBeInTheDocument();
    // The history is reloaded: the item counts as saved now, its badge and button are gone.
    await waitFor(() => expect(screen.queryByText('Unsaved')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Save .* to your library/ })).not.toBeInTheDocument();
    const saveCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/save'));
    expect(saveCalls).toHaveLength(1);
  });

  it('says why a save failed and keeps the item unsaved', async () => {
    const { user, release } = setup({ autoSaveEnabled: false, saveStatus: 410 });
    const save = await screen.findByRole('button', { name: /^Save image to your library$/ });
    await user.click(save);
    release();
    const alert = await screen.findByText('Could not save it to your library');
    expect(
      within(alert.closest('li') ?? document.body).getByText(/deleted after 7 days/),
    ).toBeInTheDocument();
    expect(screen.getByText('Unsaved')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('shows no auto-save note when auto-save is on', async () => {
    setup({ autoSaveEnabled: true });
    await screen.findAllByRole('listitem');
    await waitFor(() => expect(screen.queryByText(/Auto-save is off/)).not.toBeInTheDocument());
  });
});
