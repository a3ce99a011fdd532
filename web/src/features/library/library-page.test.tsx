import type { TAsset } from '@kaleido/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAsset, storedSettings } from '../../test/generation-fixtures';
import {
  jsonResponse,
  mockServer,
  renderApp,
  startInLanguage,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';
import { LIBRARY_VIEW_KEY, SEARCH_DEBOUNCE_MS } from './use-library-params';

interface LibraryServerOptions {
  /** Holds GET /api/assets until released. */
  hold?: Promise<void>;
  /** Answers DELETE /api/assets/:id (default: deletes). */
  onDelete?: (id: string) => Response | Promise<Response>;
  pageSize?: number;
}

/** A library on the fake server: GET /api/assets filters and pages `assets` like the real one. */
function libraryServer(initial: TAsset[], options: LibraryServerOptions = {}) {
  let assets = [...initial];
  const requests: { method: string; url: string }[] = [];
  mockServer({
    user: TEST_USER,
    handler: async (url, init) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url });
      if (url === '/api/settings') return jsonResponse({ success: true, data: TEST_SETTINGS });
      if (url.startsWith('/api/generations')) return jsonResponse({ success: true, data: [] });
      if (url.startsWith('/api/assets?')) {
        await options.hold;
        const search = new URL(url, 'http://x').searchParams;
        const q = search.get('q')?.toLowerCase();
        const type = search.get('type');
        const cursor = Number(search.get('cursor') ?? 0);
        const size = options.pageSize ?? Number(search.get('limit'));
        let items = assets.filter(
          (asset) => (!q || asset.prompt.toLowerCase().includes(q)) && (!type || asset.type === type),
        );
        if (search.get('sort') === 'oldest') items = [...items].reverse();
        const page = items.slice(cursor, cursor + size);
        return jsonResponse({
          success: true,
          data: { items: page, nextCursor: cursor + size < items.length ? String(cursor + size) : null },
        });
      }
      const id = /^\/api\/assets\/([^/?]+)$/.exec(url)?.[1];
      if (id && method === 'DELETE') {
        if (options.onDelete) return options.onDelete(id);
        assets = assets.filter((asset) => asset.id !== id);
        return jsonResponse({ success: true, data: { id } });
      }
      if (id) {
        const asset = assets.find((candidate) => candidate.id === id);
        return asset
          ? jsonResponse({ success: true, data: asset })
          : jsonResponse({ success: false, error: 'Asset not found' }, 404);
      }
      return undefined;
    },
  });
  return { requests };
}

const fox = () => makeAsset({ id: 'fox', prompt: 'A red fox in the snow' });
const city = () => makeAsset({ id: 'city', prompt: 'A futuristic city at night' });
const waves = () => makeAsset({ id: 'waves', type: 'video', prompt: 'Waves on a beach at dusk' });

describe('library', () => {
  it('says it is loading, then lists the assets', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    libraryServer([fox(), waves()], { hold });
    renderApp('/library');
    await screen.findByRole('heading', { name: 'Library', level: 1 });
    expect(within(screen.getByRole('main')).getByText('Loading amazing creations...')).toBeInTheDocument();
    act(() => release());
    const list = await screen.findByRole('list', { name: 'Your creations' });
    expect(within(list).getByRole('button', { name: /Details: A red fox in the snow/ })).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: /Play preview, \d+ s: Waves on a beach at dusk/ }),
    ).toBeInTheDocument();
    expect(
      within(list).getByRole('link', { name: 'Open in a new tab: A red fox in the snow' }),
    ).toHaveAttribute('target', '_blank');
    const still = list.querySelector('img');
    expect(still).toHaveAttribute('width', '1024');
    expect(still).toHaveAttribute('height', '1024');
  });

  it('has an empty state that leads to the generators', async () => {
    libraryServer([]);
    renderApp('/library');
    expect(await screen.findByRole('heading', { name: 'No creations yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate Images' })).toHaveAttribute('href', '/generate/image');
    expect(screen.getByRole('link', { name: 'Generate Video' })).toHaveAttribute('href', '/generate/video');
  });

  it('searches the server once typing pauses, and says when nothing matches', async () => {
    const { requests } = libraryServer([fox(), city()]);
    const { user } = renderApp('/library');
    await screen.findByRole('list', { name: 'Your creations' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your library' }), 'fox');
    await waitFor(
      () =>
        expect(screen.queryByRole('button', { name: /Details: A futuristic city/ })).not.toBeInTheDocument(),
      { timeout: SEARCH_DEBOUNCE_MS + 2000 },
    );
    const searches = requests.filter((request) => request.url.includes('q='));
    expect(searches.map((request) => new URL(request.url, 'http://x').searchParams.get('q'))).toEqual([
      'fox',
    ]);
    expect(screen.getByRole('button', { name: /Details: A red fox/ })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search your library' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search your library' }), 'zebra');
    const noMatch = await screen.findByRole('heading', { name: 'No items match “zebra”' });
    const section = noMatch.closest('section') as HTMLElement;
    await user.click(within(section).getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('button', { name: /Details: A futuristic city/ })).toBeInTheDocument();
  });

  it('filters by type, with its own no-match state', async () => {
    libraryServer([fox(), city()]);
    const { user, router } = renderApp('/library');
    await screen.findByRole('list', { name: 'Your creations' });
    await user.click(screen.getByRole('radio', { name: 'Videos' }));
    expect(await screen.findByRole('heading', { name: 'No videos yet' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=video');
    await user.click(screen.getByRole('button', { name: 'Show everything' }));
    expect(await screen.findByRole('button', { name: /Details: A red fox/ })).toBeInTheDocument();
  });

  it('sorts oldest first', async () => {
    const { requests } = libraryServer([fox(), city()]);
    const { user } = renderApp('/library');
    await screen.findByRole('list', { name: 'Your creations' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'oldest');
    await waitFor(() => expect(requests.some((request) => request.url.includes('sort=oldest'))).toBe(true));
    await waitFor(() => {
      const names = within(screen.getByRole('list', { name: 'Your creations' }))
        .getAllByRole('button', { name: /^Details/ })
        .map((button) => button.textContent);
      expect(names[0]).toContain('futuristic city');
    });
  });

  it('remembers the grid or list view', async () => {
    libraryServer([fox()]);
    const first = renderApp('/library');
    await screen.findByRole('list', { name: 'Your creations' });
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
    await first.user.click(screen.getByRole('radio', { name: 'List' }));
    expect(window.localStorage.getItem(LIBRARY_VIEW_KEY)).toBe('list');
    first.unmount();
    libraryServer([fox()]);
    renderApp('/library');
    await screen.findByRole('list', { name: 'Your creations' });
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
  });

  it('deletes after confirmation, at once, and puts the item back when the server refuses', async () => {
    let refuse!: (response: Response) => void;
    libraryServer([fox(), city()], {
      onDelete: () =>
        new Promise<Response>((resolve) => {
          refuse = resolve;
        }),
    });
    const { user } = renderApp('/library');
    await screen.findByRole('list', { name: 'Your creations' });
    await user.click(screen.getByRole('button', { name: 'Delete: A red fox in the snow' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Details: A red fox/ })).not.toBeInTheDocument(),
    );
    act(() => refuse(jsonResponse({ success: false, error: 'Storage is read-only.' }, 500)));
    expect(await screen.findByText('The item could not be deleted')).toBeInTheDocument();
    expect(screen.getByText('Storage is read-only.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Details: A red fox/ })).toBeInTheDocument();
  });

  it('selects several items to download as a zip or delete together', async () => {
    libraryServer([fox(), city(), waves()]);
    const { user } = renderApp('/library');
    await screen.findByRole('list', { name: 'Your creations' });
    await user.click(screen.getByRole('checkbox', { name: 'Select: A red fox in the snow' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select: Waves on a beach at dusk' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    expect(within(toolbar).getByRole('link', { name: 'Download zip' })).toHaveAttribute(
      'href',
      '/api/assets/archive?ids=fox,waves',
    );
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 items?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 items deleted')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Details: A futuristic city/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Details: A red fox/ })).not.toBeInTheDocument();
  });

  it('opens the details with the full prompt, settings and seed, and uses the settings again', async () => {
    libraryServer([
      makeAsset({
        id: 'fox',
        prompt: 'A red fox in the snow',
        settings: storedSettings('image', {
          style: 'watercolor',
          aspectRatio: '4:3',
          resolution: '512x512',
          imageStyle: 'anime',
          quality: 'high',
        }),
      }),
    ]);
    const { user, router } = renderApp('/library');
    await user.click(await screen.findByRole('button', { name: /Details: A red fox/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    expect(router.state.location.search).toBe('?asset=fox');
    expect(within(dialog).getByText('Watercolor')).toBeInTheDocument();
    expect(within(dialog).getByText('4242')).toBeInTheDocument();
    expect(within(dialog).getByText('1.2 MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use these settings again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/generate/image'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('A red fox in the snow'),
    );
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('watercolor');
    expect(screen.getByRole('radio', { name: '4:3' })).toBeChecked();
  });

  it('shows an audio upload with an icon tile and a player, without settings, sharing or tools', async () => {
    const base = makeAsset({ id: 'voice', prompt: 'My voice memo', origin: 'uploaded', tool: null });
    const voice: TAsset = {
      ...base,
      type: 'audio',
      url: '/files/voice.m4a?sig=1',
      thumbnailUrl: null,
      generationId: null,
      settings: { kind: 'audio', durationSeconds: 42.4, codec: 'aac', sampleRate: 44_100, channels: 2 },
      metadata: {
        ...base.metadata,
        contentType: 'audio/mp4',
        filename: 'voice.m4a',
        width: 0,
        height: 0,
        durationSeconds: 42.4,
        fps: null,
        provider: 'upload',
        model: 'upload',
      },
    };
    libraryServer([voice]);
    const { user } = renderApp('/library');
    const tile = await screen.findByRole('button', { name: /Details: My voice memo \(Audio · 42 s/ });
    expect(screen.getByText('42 s')).toBeInTheDocument();
    await user.click(tile);
    const dialog = await screen.findByRole('dialog', { name: 'Audio details' });
    const player = within(dialog).getByLabelText('Play My voice memo');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', '/files/voice.m4a?sig=1');
    expect(within(dialog).getByText('44.1 kHz')).toBeInTheDocument();
    expect(within(dialog).getByText('Stereo')).toBeInTheDocument();
    expect(within(dialog).queryByText('Dimensions')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Enhancer/ })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Use these settings again' }),
    ).not.toBeInTheDocument();
  });

  it('loads more as the list goes on', async () => {
    const many = Array.from({ length: 5 }, (_, index) =>
      makeAsset({ id: `a${index}`, prompt: `Item ${index}` }),
    );
    libraryServer(many, { pageSize: 3 });
    const { user } = renderApp('/library');
    await screen.findByRole('button', { name: /Details: Item 2/ });
    expect(screen.queryByRole('button', { name: /Details: Item 3/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /Details: Item 4/ })).toBeInTheDocument();
    expect(screen.getByText('That is all 5 items.')).toBeInTheDocument();
  });
});

describe('library in another language', () => {
  it('speaks the account’s language (German): headings, counts and labels', async () => {
    await startInLanguage('de');
    mockServer({
      user: TEST_USER,
      handler: (url) => {
        if (url === '/api/settings')
          return jsonResponse({ success: true, data: { ...TEST_SETTINGS, language: 'de' } });
        if (url.startsWith('/api/generations')) return jsonResponse({ success: true, data: [] });
        if (url.startsWith('/api/assets?'))
          return jsonResponse({ success: true, data: { items: [fox(), waves()], nextCursor: null } });
        return undefined;
      },
    });
    const { user } = renderApp('/library');
    expect(await screen.findByRole('heading', { name: 'Bibliothek', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Deine Kreationen' });
    expect(
      within(list).getByRole('button', { name: /^Details: A red fox in the snow \(Bild, / }),
    ).toBeInTheDocument();
    expect(screen.getByText('Das sind alle 2 Elemente.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Bilder' })).toBeInTheDocument();
    await user.click(within(list).getByRole('checkbox', { name: 'Auswählen: A red fox in the snow' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Auswahl' });
    expect(within(toolbar).getByText('1 ausgewählt')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByRole('alertdialog', { name: 'Dieses Bild löschen?' })).toBeInTheDocument();
  });
});
