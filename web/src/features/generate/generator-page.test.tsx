import type { TAsset, TGeneration, TModel, TSettings } from '@kaleido/common';
import { TIMINGS } from '@kaleido/common/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeEventSource,
  makeAsset,
  makeGeneration,
  SKETCH_MODEL,
  storedSettings,
} from '../../test/generation-fixtures';
import { installMatchMedia } from '../../test/match-media';
import {
  type FetchHandler,
  jsonResponse,
  mockServer,
  renderApp,
  startInLanguage,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';
import type { CurrentUser } from '../auth/api';
import { listQueued } from '../pwa/offline-queue';

interface ServerOptions {
  user?: CurrentUser | null;
  models?: TModel[] | 'fail';
  active?: TGeneration[];
  history?: TAsset[];
  submit?: (body: Record<string, unknown>) => Response;
  cancel?: (id: string) => Response;
  /** The account's settings (TEST_SETTINGS: the spec's defaults). */
  settings?: TSettings;
}

/** The generation endpoints the pages call, answered from `options`; every request is recorded. */
function generationServer(options: ServerOptions = {}) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  let submitted = 0;
  const handler: FetchHandler = (url, init) => {
    const method = init?.method ?? 'GET';
    requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/models') {
      return options.models === 'fail'
        ? jsonResponse({ success: false, error: 'Unknown error occurred' }, 500)
        : jsonResponse({ success: true, data: options.models ?? [SKETCH_MODEL] });
    }
    if (url === '/api/settings')
      return jsonResponse({ success: true, data: options.settings ?? TEST_SETTINGS });
    const status = /^\/api\/generations\?status=(\w+)/.exec(url)?.[1];
    if (status) {
      return jsonResponse({
        success: true,
        data: (options.active ?? []).filter((generation) => generation.status === status),
      });
    }
    if (url.startsWith('/api/assets?')) {
      return jsonResponse({ success: true, data: { items: options.history ?? [], nextCursor: null } });
    }
    if (/^\/api\/generate-(image|video)\?wait=false$/.test(url) && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (options.submit) return options.submit(body);
      submitted += 1;
      const generation = makeGeneration({
        id: submitted === 1 ? 'gen-new' : `gen-new-${submitted}`,
        type: url.includes('video') ? 'video' : 'image',
        prompt: String(body.prompt),
        settings: storedSettings(url.includes('video') ? 'video' : 'image', body.settings),
      });
      return jsonResponse(
        {
          success: true,
          data: {
            id: generation.id,
            status: 'queued',
            statusUrl: generation.statusUrl,
            eventsUrl: generation.eventsUrl,
            generation,
          },
        },
        202,
      );
    }
    const cancelled = /^\/api\/generations\/([^/]+)\/cancel$/.exec(url)?.[1];
    if (cancelled && options.cancel) return options.cancel(cancelled);
    return undefined;
  };
  const fetchMock = mockServer({ user: options.user === undefined ? TEST_USER : options.user, handler });
  return { requests, fetchMock };
}

function meCalls(requests: { url: string }[]): number {
  return requests.filter((request) => request.url === '/api/auth/me').length;
}

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
});

async function promptBox() {
  return screen.findByRole('textbox', { name: 'Prompt' });
}

describe('image generator', () => {
  it("offers every option, starting from the contract's and the account's defaults", async () => {
    generationServer();
    renderApp('/generate/image');
    await promptBox();
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('realistic');
    expect(screen.getByRole('radio', { name: '1:1' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1024 px' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Image style' })).toHaveValue('default');
    // The account's default quality (the spec's default setting is 'high').
    await waitFor(() => expect(screen.getByRole('radio', { name: 'High' })).toBeChecked());
    // The two menus (style and image style); the footer's language menu is not the form's.
    expect(within(screen.getByRole('form', { name: 'Image generator' })).getAllByRole('option')).toHaveLength(
      16,
    );
    for (const ratio of ['16:9', '9:16', '4:3', '3:4', '2:3', '3:2']) {
      expect(screen.getByRole('radio', { name: ratio })).not.toBeChecked();
    }
    // The output size follows the shape.
    await screen.findByText('1,024 × 1,024');
  });

  it('shows the price from the configured models on the button, else the contract price', async () => {
    generationServer({ models: [{ ...SKETCH_MODEL, prices: { image: 2, video: 6 } }] });
    const first = renderApp('/generate/image');
    expect(await screen.findByRole('button', { name: /Generate\s*2 credits/ })).toBeInTheDocument();
    expect(screen.getByText(/Sketch \(offline\)/)).toBeInTheDocument();
    expect(screen.getByText(/not an AI model/)).toBeInTheDocument();
    first.unmount();

    generationServer({ models: 'fail' });
    renderApp('/generate/image');
    expect(await screen.findByRole('button', { name: /Generate\s*1 credit$/ })).toBeInTheDocument();
  });

  it('offers a model picker when several models are set up, with only what the chosen model can do', async () => {
    const gpt: TModel = {
      ...SKETCH_MODEL,
      id: 'gpt-image-1',
      name: 'GPT Image',
      description: 'gpt-image-1 through OpenAI',
      provider: 'openai',
      types: ['image'],
      supportsSeed: false,
      supportsNegativePrompt: false,
      maxWidth: 1536,
      maxHeight: 1536,
      aspectRatios: ['1:1', '2:3', '3:2'],
      prices: { image: 3, video: 3 },
    };
    const { requests } = generationServer({ models: [SKETCH_MODEL, gpt] });
    const { user } = renderApp('/generate/image');
    const prompt = await promptBox();
    await user.click(screen.getByRole('radio', { name: '16:9' }));
    expect(await screen.findByRole('button', { name: /Generate\s*1 credit$/ })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'gpt-image-1');

    expect(await screen.findByRole('button', { name: /Generate\s*3 credits/ })).toBeInTheDocument();
    // The page's own price follows the chosen model too (header and the balance check before sending).
    expect(screen.getByText('3 credits each')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '16:9' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1:1' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: '2048 px' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Seed/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Negative prompt/)).not.toBeInTheDocument();

    await user.type(prompt, 'A fox');
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({
      prompt: 'A fox',
      model: 'gpt-image-1',
      settings: { aspectRatio: '1:1' },
    });
  });

  it('keeps Generate disabled while the prompt is empty or only spaces', async () => {
    generationServer();
    const { user } = renderApp('/generate/image');
    const prompt = await promptBox();
    const generate = screen.getByRole('button', { name: /^Generate/ });
    expect(generate).toBeDisabled();
    await user.type(prompt, '   ');
    expect(generate).toBeDisabled();
    await user.type(prompt, 'a lighthouse');
    expect(generate).toBeEnabled();
    await user.clear(prompt);
    expect(generate).toBeDisabled();
  });

  it("is disabled with 'Please log in to generate images' when signed out", async () => {
    generationServer({ user: null });
    const { user } = renderApp('/generate/image');
    await user.type(await promptBox(), 'a lighthouse');
    expect(screen.getByRole('button', { name: /^Generate/ })).toBeDisabled();
    expect(screen.getByText('Please log in to generate images')).toBeInTheDocument();
  });

  it('takes the prompt and settings handed over in navigation state', async () => {
    generationServer();
    renderApp({
      pathname: '/generate/image',
      state: { prompt: 'A misty mountain landscape', settings: { aspectRatio: '16:9', style: 'watercolor' } },
    });
    await waitFor(async () => expect(await promptBox()).toHaveValue('A misty mountain landscape'));
    expect(screen.getByRole('radio', { name: '16:9' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('watercolor');
  });

  it('generates: live progress with stage and percentage, inputs disabled, then the result and a fresh balance', async () => {
    const { requests } = generationServer();
    const { user } = renderApp('/generate/image');
    const prompt = await promptBox();
    await user.type(prompt, '  A misty mountain landscape  ');
    await user.click(screen.getByRole('radio', { name: '16:9' }));
    await user.click(screen.getByRole('button', { name: /^Generate/ }));

    await waitFor(() => expect(FakeEventSource.last('/api/generations/gen-new/events')).toBeDefined());
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/generate-image?wait=false');
    expect(post?.body).toEqual({
      prompt: 'A misty mountain landscape',
      settings: {
        style: 'realistic',
        aspectRatio: '16:9',
        resolution: '1024x1024',
        imageStyle: 'default',
        // The account's default quality.
        quality: 'high',
      },
    });

    const stream = FakeEventSource.last('/api/generations/gen-new/events');
    const running = makeGeneration({
      id: 'gen-new',
      status: 'running',
      progress: 42,
      stage: 'Applying style',
      startedAt: new Date().toISOString(),
      prompt: 'A misty mountain landscape',
    });
    act(() => stream?.emit('progress', running));
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Applying style')).toBeInTheDocument();
    expect(screen.getByText('0:00')).toBeInTheDocument();
    expect(prompt).toBeDisabled();
    expect(screen.getByRole('radio', { name: '1:1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Generating · 42%/ })).toBeDisabled();

    const mesBefore = meCalls(requests);
    const asset = makeAsset({ prompt: 'A misty mountain landscape' });
    act(() =>
      stream?.emit('done', {
        ...running,
        status: 'succeeded',
        progress: 100,
        asset,
        details: { interpretation: { summary: 'mountains + forest, sunrise', unrecognized: ['zorblax'] } },
      }),
    );
    expect(await screen.findByRole('img', { name: 'A misty mountain landscape' })).toHaveAttribute(
      'src',
      asset.url,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Your image is ready and saved to your library.');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', asset.downloadUrl);
    expect(screen.getByText(/mountains \+ forest, sunrise/)).toBeInTheDocument();
    // The words the generator ignored are said, not hidden.
    expect(screen.getByText('Words it did not understand: zorblax')).toBeInTheDocument();
    expect(prompt).toBeEnabled();
    await waitFor(() => expect(meCalls(requests)).toBeGreaterThan(mesBefore));

    // Clearing returns to the form, prompt kept.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('img', { name: 'A misty mountain landscape' })).not.toBeInTheDocument();
    expect(screen.getByText('Your image will appear here')).toBeInTheDocument();
    expect(prompt).toHaveValue('  A misty mountain landscape  ');
  });

  it('closes the banners by themselves after 5 s, or with their dismiss button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    generationServer({
      submit: () =>
        jsonResponse(
          {
            success: false,
            error: 'Insufficient credits. Image generation requires 1 credit.',
            code: 'INSUFFICIENT_CREDITS',
          },
          402,
        ),
    });
    const { user } = renderApp('/generate/image');
    await user.type(await promptBox(), 'a lighthouse');
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient credits. Image generation requires 1 credit.');
    act(() => vi.advanceTimersByTime(TIMINGS.bannerDismissMs - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await screen.findByRole('alert');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the balance before asking the server', async () => {
    const { requests } = generationServer({ user: { ...TEST_USER, credits: 0 } });
    const { user } = renderApp('/generate/image');
    await user.type(await promptBox(), 'a lighthouse');
    expect(screen.getByText(/Get more credits/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Insufficient credits. Image generation requires 1 credit.',
    );
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('queues the request when the network is down, to be sent once when the connection is back', async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    generationServer({
      submit: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderApp('/generate/image');
    await user.type(await promptBox(), 'a lighthouse in the fog');
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    expect(
      await screen.findByText(
        "You're offline. Your image request is queued and will be sent once, when you're back online.",
      ),
    ).toBeVisible();
    const [queued, ...rest] = await listQueued(factory);
    expect(rest).toEqual([]);
    expect(queued?.tag).toMatch(/^generate-image:/);
    expect(queued?.data).toMatchObject({
      method: 'POST',
      url: '/api/generate-image?wait=false',
      body: { prompt: 'a lighthouse in the fog' },
      userId: TEST_USER.id,
      label: 'Image: “a lighthouse in the fog”',
    });
  });

  it("shows a failed job's reason, and cancels a running one", async () => {
    generationServer({
      cancel: (id) =>
        jsonResponse({
          success: true,
          data: makeGeneration({ id, status: 'cancelled', error: 'Cancelled' }),
        }),
    });
    const { user } = renderApp('/generate/image');
    await user.type(await promptBox(), 'a lighthouse');
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(FakeEventSource.last('/api/generations/gen-new/events')).toBeDefined());
    const stream = FakeEventSource.last('/api/generations/gen-new/events');
    act(() =>
      stream?.emit(
        'failed',
        makeGeneration({ id: 'gen-new', status: 'failed', error: 'The renderer ran out of memory.' }),
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The renderer ran out of memory.');

    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    act(() =>
      FakeEventSource.last()?.emit(
        'progress',
        makeGeneration({ id: 'gen-new-2', status: 'running', progress: 10 }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Generation cancelled. No credits were charged.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('loads a history item: its file, prompt and settings', async () => {
    installMatchMedia({ '(prefers-reduced-motion: reduce)': true, '(min-width: 80rem)': true });
    const earlier = makeAsset({
      prompt: 'A red fox in the snow',
      settings: storedSettings('image', {
        style: 'cartoon',
        aspectRatio: '4:3',
        resolution: '512x512',
        imageStyle: 'anime',
        quality: 'high',
      }),
      metadata: { ...makeAsset().metadata, width: 512, height: 384 },
    });
    generationServer({ history: [earlier] });
    const { user } = renderApp('/generate/image');
    const history = await screen.findByRole('region', { name: 'Earlier images' });
    await user.click(await within(history).findByRole('button', { name: /A red fox in the snow/ }));
    expect(await screen.findByRole('img', { name: 'A red fox in the snow' })).toHaveAttribute(
      'src',
      earlier.url,
    );
    expect(await promptBox()).toHaveValue('A red fox in the snow');
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('cartoon');
    expect(screen.getByRole('radio', { name: '4:3' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'High' })).toBeChecked();
  });

  it('opens the history as a drawer on smaller screens', async () => {
    generationServer({ history: [makeAsset({ prompt: 'A red fox in the snow' })] });
    const { user } = renderApp('/generate/image');
    await promptBox();
    expect(screen.queryByRole('region', { name: 'Earlier images' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const drawer = await screen.findByRole('dialog', { name: 'History' });
    await user.click(await within(drawer).findByRole('button', { name: /A red fox in the snow/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await promptBox()).toHaveValue('A red fox in the snow');
  });

  it('picks up a job that is still running after a reload', async () => {
    const running = makeGeneration({
      id: 'gen-running',
      status: 'running',
      progress: 63,
      stage: 'Rendering',
      prompt: 'A futuristic city at night',
      settings: storedSettings('image', {
        style: 'digital-art',
        aspectRatio: '9:16',
        resolution: '1024x1024',
        imageStyle: 'sci-fi',
        quality: 'high',
      }),
      startedAt: new Date(Date.now() - 65_000).toISOString(),
    });
    generationServer({ active: [running] });
    renderApp('/generate/image');
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '63');
    expect(await promptBox()).toHaveValue('A futuristic city at night');
    expect(screen.getByRole('radio', { name: '9:16' })).toBeChecked();
    // 65 s had passed at the reload; a busy machine may take a few more seconds to render.
    expect(screen.getByText(/^1:0[5-9]$/)).toBeInTheDocument();
    expect(FakeEventSource.last('/api/generations/gen-running/events')).toBeDefined();
  });
});

describe('video generator', () => {
  it('offers the video options with the contract defaults and price', async () => {
    generationServer();
    renderApp('/generate/video');
    await promptBox();
    expect(screen.getByRole('radio', { name: 'Cinematic' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '16:9' })).toBeChecked();
    // The account's default length (30 s): the nearest the model offers.
    await waitFor(() => expect(screen.getByRole('radio', { name: '8 s' })).toBeChecked());
    expect(screen.getByRole('radio', { name: '720p' })).toBeChecked();
    expect(screen.getByText('24 fps')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Generate\s*3 credits/ })).toBeDisabled();
  });

  it("is disabled with 'Please log in to generate videos' when signed out", async () => {
    generationServer({ user: null });
    renderApp('/generate/video');
    expect(await screen.findByText('Please log in to generate videos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Generate/ })).toBeDisabled();
  });

  it('tells with a toast when a video finishes while another page is open', async () => {
    const running = makeGeneration({ id: 'gen-video', type: 'video', status: 'running', progress: 50 });
    generationServer({ active: [running] });
    renderApp('/library');
    await waitFor(() => expect(FakeEventSource.last('/api/generations/gen-video/events')).toBeDefined());
    const asset = makeAsset({ type: 'video', id: 'video-asset' });
    act(() =>
      FakeEventSource.last('/api/generations/gen-video/events')?.emit('done', {
        ...running,
        status: 'succeeded',
        progress: 100,
        asset,
      }),
    );
    expect(await screen.findByText('Your video is ready')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
  });
});

describe('generator defaults from Settings', () => {
  const account = (patch: Partial<TSettings>): TSettings => ({ ...TEST_SETTINGS, ...patch });

  it('with auto-save off, says the result is not in the library until it is saved', async () => {
    generationServer({ settings: account({ autoSaveEnabled: false }) });
    const { user } = renderApp('/generate/image');
    await screen.findByText(/Auto-save is off: results stay in your history for 7 days/);
    expect(screen.queryByText(/Every result is saved to your library/)).not.toBeInTheDocument();
    await user.type(await promptBox(), 'a paper lantern');
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(FakeEventSource.last('/api/generations/gen-new/events')).toBeDefined());
    const done = makeGeneration({
      id: 'gen-new',
      status: 'succeeded',
      progress: 100,
      prompt: 'a paper lantern',
    });
    act(() =>
      FakeEventSource.last('/api/generations/gen-new/events')?.emit('done', {
        ...done,
        asset: makeAsset({ prompt: 'a paper lantern', saved: false }),
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Your image is ready. Auto-save is off: save it to keep it in your library.',
      ),
    );
    expect(screen.getAllByRole('button', { name: 'Save image to your library' }).length).toBeGreaterThan(0);
  });

  it('starts the image generator from the default image style and quality, and sends them', async () => {
    const { requests } = generationServer({
      settings: account({ defaultImageStyle: 'watercolor', defaultQuality: 'ultra' }),
    });
    const { user } = renderApp('/generate/image');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('watercolor'));
    expect(screen.getByRole('radio', { name: 'Ultra' })).toBeChecked();
    await user.type(await promptBox(), 'a lighthouse');
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() =>
      expect(requests.find((request) => request.url.startsWith('/api/generate-image'))?.body).toMatchObject({
        settings: { style: 'watercolor', quality: 'ultra' },
      }),
    );
  });

  it('starts the video generator at the duration nearest to the default length that the model offers', async () => {
    const twoLengths: TModel = { ...SKETCH_MODEL, videoDurations: [3, 5] };
    generationServer({ settings: account({ defaultVideoLength: 30 }), models: [twoLengths] });
    renderApp('/generate/video');
    await promptBox();
    await waitFor(() => expect(screen.getByRole('radio', { name: '5 s' })).toBeChecked());
    expect(screen.queryByRole('radio', { name: '8 s' })).not.toBeInTheDocument();
  });

  it('picks the nearest duration, not the longest', async () => {
    generationServer({ settings: account({ defaultVideoLength: 6 }) });
    renderApp('/generate/video');
    await promptBox();
    await waitFor(() => expect(screen.getByRole('radio', { name: '5 s' })).toBeChecked());
  });

  it('lets a prefill from navigation win over the defaults', async () => {
    generationServer({ settings: account({ defaultImageStyle: 'watercolor', defaultQuality: 'ultra' }) });
    renderApp({
      pathname: '/generate/image',
      state: { prompt: 'A fox', settings: { style: 'cartoon', quality: 'standard' } },
    });
    await waitFor(async () => expect(await promptBox()).toHaveValue('A fox'));
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('cartoon');
    expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
    // Still so once everything has loaded.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('cartoon');
  });

  it('keeps a choice the person made while the settings were loading', async () => {
    generationServer({ settings: account({ defaultImageStyle: 'watercolor' }) });
    const { user } = renderApp('/generate/image');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('watercolor'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Style' }), 'abstract');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('abstract');
  });
});

describe('in another language', () => {
  it('shows the generator in German: texts, option labels, the live stage and the result banner', async () => {
    await startInLanguage('de');
    generationServer({ settings: { ...TEST_SETTINGS, language: 'de' } });
    const { user } = renderApp('/generate/image');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bilder aus Text erstellen' }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Bildgenerator' });
    expect(within(form).getByRole('combobox', { name: 'Stil' })).toHaveValue('realistic');
    expect(within(form).getByRole('option', { name: 'Digitale Kunst' })).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Bildstil' })).toHaveValue('default');
    await waitFor(() => expect(within(form).getByRole('radio', { name: 'Hoch' })).toBeChecked());
    expect(screen.getByText('Dein Bild erscheint hier')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Prompt' }), 'Ein Fuchs im Schnee');
    await user.click(within(form).getByRole('button', { name: /^Generieren/ }));
    await waitFor(() => expect(FakeEventSource.last('/api/generations/gen-new/events')).toBeDefined());
    const stream = FakeEventSource.last('/api/generations/gen-new/events');
    const running = makeGeneration({
      id: 'gen-new',
      status: 'running',
      progress: 42,
      stage: 'Applying style',
      prompt: 'Ein Fuchs im Schnee',
    });
    act(() => stream?.emit('progress', running));
    expect(await screen.findByText('Stil wird angewendet')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Dein Bild wird generiert' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Wird generiert · 42 %/ })).toBeDisabled();

    act(() =>
      stream?.emit('done', {
        ...running,
        status: 'succeeded',
        progress: 100,
        asset: makeAsset({ prompt: 'Ein Fuchs im Schnee' }),
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Dein Bild ist fertig und in deiner Bibliothek gespeichert.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  });
});
