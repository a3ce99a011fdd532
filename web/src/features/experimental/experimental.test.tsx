import { EXPERIMENTAL_TOOLS } from '@kaleido/common/browser';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, makeAsset, makeGeneration } from '../../test/generation-fixtures';
import {
  jsonResponse,
  mockServer,
  renderApp,
  settingsStore,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';

function server(experimentalFeatures: boolean) {
  const store = settingsStore({
    ...TEST_SETTINGS,
    experimentalFeatures,
    defaultImageStyle: 'watercolor',
    defaultQuality: 'ultra',
  });
  const submitted: Record<string, unknown>[] = [];
  mockServer({
    user: TEST_USER,
    handler: (url, init) => {
      if (url === '/api/generate-image?wait=false' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        submitted.push(body);
        const generation = makeGeneration({
          id: `variation-${submitted.length}`,
          prompt: String(body.prompt),
          seed: Number(body.seed),
        });
        return jsonResponse({ success: true, data: { id: generation.id, generation } }, 202);
      }
      return store.handle(url, init);
    },
  });
  return { submitted };
}

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('experimental features', () => {
  it('off (the default): experimental tools are hidden from /tools and their page says how to turn them on', async () => {
    server(false);
    const { router } = renderApp('/tools');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tools' })).toBeInTheDocument();
    // The settings are read; the eight tools stay, nothing experimental appears.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(screen.queryByText('Prompt variations')).not.toBeInTheDocument();
    expect(screen.queryByText('Experimental')).not.toBeInTheDocument();

    await act(() => router.navigate('/tools/variations'));
    expect(
      await screen.findByText(
        'This tool is experimental: turn on Experimental features in Settings to use it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
      'href',
      '/profile?tab=settings',
    );
    expect(screen.queryByRole('textbox', { name: 'Prompt' })).not.toBeInTheDocument();
  });

  it('on: the registry tools appear with an Experimental badge, and Prompt variations makes four real jobs', async () => {
    const { submitted } = server(true);
    const { user, router } = renderApp('/tools');
    const tile = (await screen.findByRole('heading', { name: 'Prompt variations' })).closest('article');
    expect(tile).not.toBeNull();
    expect(within(tile as HTMLElement).getByText('Experimental')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(8 + EXPERIMENTAL_TOOLS.length);
    await user.click(within(tile as HTMLElement).getByRole('link', { name: 'Open Prompt variations' }));
    expect(router.state.location.pathname).toBe('/tools/variations');

    await user.type(await screen.findByRole('textbox', { name: 'Prompt' }), 'a paper boat');
    await user.click(screen.getByRole('button', { name: 'Make 4 variations' }));
    const cells = await within(await screen.findByRole('list', { name: 'Variations' })).findAllByRole(
      'listitem',
    );
    expect(cells).toHaveLength(4);
    expect(submitted).toHaveLength(4);
    expect(new Set(submitted.map((body) => body.seed)).size).toBe(4);
    for (const body of submitted) {
      expect(body).toMatchObject({
        prompt: 'a paper boat',
        settings: { style: 'watercolor', quality: 'ultra' },
      });
    }
    // Each is followed like any job: a finished one shows its image and links to the library.
    const asset = makeAsset({ id: 'asset-1', prompt: 'a paper boat' });
    act(() =>
      FakeEventSource.last('/api/generations/variation-1/events')?.emit(
        'done',
        makeGeneration({ id: 'variation-1', status: 'succeeded', prompt: 'a paper boat', asset }),
      ),
    );
    expect(await screen.findByRole('link', { name: 'Variation 1: open in your library' })).toHaveAttribute(
      'href',
      '/library?asset=asset-1',
    );
  });
});
