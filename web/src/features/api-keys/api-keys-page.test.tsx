import type { TApiKey, TApiKeyUsage } from '@kaleido/common';
import { TIMINGS } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  type FetchHandler,
  jsonResponse,
  mockServer,
  renderApp,
  startInLanguage,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';
import { apiKeysQueryOptions } from './api';
import { formatShortDateTime } from './key-data';

const SECRET = 'kal_live_Secr3tSecr3tSecr3tSecr3tSecr3tSecr3t_abc123';
const ROTATED = 'kal_live_R0tat3dR0tat3dR0tat3dR0tat3dR0tat3dR0t_xyz789';

function apiKey(overrides: Partial<TApiKey> = {}): TApiKey {
  return {
    id: 'key-1',
    kind: 'developer',
    name: 'My Project Key',
    description: 'The shop front',
    plan: 'free',
    keyPreview: SECRET.slice(0, 8),
    credits: 10,
    usageCount: 0,
    rateLimit: { requestsPerMinute: 5 },
    permissions: ['images:create', 'generations:read'],
    createdAt: '2026-01-15T09:30:00.000Z',
    lastUsed: null,
    isActive: true,
    scopes: ['generate', 'library:read', 'account:read'],
    expiresAt: null,
    monthlySpendCap: null,
    spentThisMonth: 0,
    webhookUrl: null,
    previousKeyValidUntil: null,
    ...overrides,
  };
}

function usage(overrides: Partial<TApiKeyUsage> = {}): TApiKeyUsage {
  return {
    totalRequests: 0,
    last24Hours: 0,
    successRate: 100,
    imageRequests: 0,
    videoRequests: 0,
    creditsUsed: 0,
    finishedGenerations: 0,
    succeededGenerations: 0,
    requestsByDay: [
      { date: '2026-01-09', count: 0 },
      { date: '2026-01-10', count: 1 },
      { date: '2026-01-11', count: 0 },
      { date: '2026-01-12', count: 4 },
      { date: '2026-01-13', count: 0 },
      { date: '2026-01-14', count: 2 },
      { date: '2026-01-15', count: 3 },
    ],
    ...overrides,
  };
}

const ok = (data: unknown, status = 200) => jsonResponse({ success: true, data }, status);

/** An in-memory keys server: list, create, usage, reveal, patch, activate/deactivate, delete. */
function keysServer(
  initial: TApiKey[] = [],
  figures: Record<string, TApiKeyUsage> = {},
  extra?: FetchHandler,
): { keys: TApiKey[]; handler: FetchHandler } {
  const state = { keys: [...initial] };
  const handler: FetchHandler = async (url, init) => {
    const handled = await extra?.(url, init);
    if (handled) return handled;
    const method = init?.method ?? 'GET';
    if (url === '/api/api-keys/list') return ok(state.keys);
    if (url === '/api/api-keys/create' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as {
        name: string;
        description: string;
        plan: TApiKey['plan'];
      };
      const created = apiKey({ id: `key-${state.keys.length + 1}`, ...body, keyPreview: SECRET.slice(0, 8) });
      state.keys = [created, ...state.keys];
      return ok({ ...created, key: SECRET }, 201);
    }
    const match = url.match(/^\/api\/api-keys\/([^/]+)(?:\/(\w+))?$/);
    if (!match) return undefined;
    const [, id, action] = match;
    const key = state.keys.find((candidate) => candidate.id === id);
    if (!key) return jsonResponse({ success: false, error: 'API key not found', code: 'NOT_FOUND' }, 404);
    const replace = (next: TApiKey) => {
      state.keys = state.keys.map((candidate) => (candidate.id === id ? next : candidate));
      return ok(next);
    };
    if (action === 'usage') return ok(figures[key.id] ?? usage());
    if (action === 'reveal') return ok({ key: SECRET });
    if (action === 'deactivate') return replace({ ...key, isActive: false });
    if (action === 'rotate') {
      const { graceHours } = JSON.parse(String(init?.body)) as { graceHours: number };
      const next = {
        ...key,
        keyPreview: ROTATED.slice(0, 8),
        previousKeyValidUntil: graceHours ? '2026-01-22T09:30:00.000Z' : null,
      };
      state.keys = state.keys.map((candidate) => (candidate.id === id ? next : candidate));
      return ok({ ...next, key: ROTATED });
    }
    if (action === 'activate') return replace({ ...key, isActive: true });
    if (!action && method === 'PATCH')
      return replace({ ...key, ...(JSON.parse(String(init?.body)) as object) });
    if (!action && method === 'DELETE') {
      state.keys = state.keys.filter((candidate) => candidate.id !== id);
      return ok({ id });
    }
    return undefined;
  };
  return {
    get keys() {
      return state.keys;
    },
    handler,
  };
}

function calls(
  fetchMock: ReturnType<typeof mockServer>,
  predicate: (url: string, method: string) => boolean,
) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: String(input), method: init?.method ?? 'GET', body: init?.body }))
    .filter((call) => predicate(call.url, call.method));
}

async function openPage(
  keys: TApiKey[] = [],
  figures: Record<string, TApiKeyUsage> = {},
  options: { user?: typeof TEST_USER; extra?: FetchHandler } = {},
) {
  const server = keysServer(keys, figures, options.extra);
  const fetchMock = mockServer({ user: options.user ?? TEST_USER, handler: server.handler });
  const view = renderApp('/api-keys');
  await screen.findByRole('heading', { level: 1, name: 'API Keys' });
  return { ...view, fetchMock, server };
}

/** jsdom's Blob has no text(). */
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no file was downloaded'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('API keys page', () => {
  it('says loading, then shows the header, the spec text and the empty state', async () => {
    // The list answers once released: every request for it until then (a refetch included) waits.
    const waiting: Array<(response: Response) => void> = [];
    let released = false;
    const release = () => {
      released = true;
      for (const resolve of waiting.splice(0)) resolve(ok([]));
    };
    const server = keysServer();
    mockServer({
      user: TEST_USER,
      handler: (url, init) =>
        url === '/api/api-keys/list'
          ? released
            ? Promise.resolve(ok([]))
            : new Promise<Response>((resolve) => {
                waiting.push(resolve);
              })
          : server.handler(url, init),
    });
    renderApp('/api-keys');
    expect(await screen.findByText('Loading API keys...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'API Keys' })).toBeInTheDocument();
    expect(
      screen.getByText('Manage API keys for your projects. Keep your keys secure and never share them.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'No API keys' })).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first API key.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Summary of your API keys' })).not.toBeInTheDocument();
    expect(screen.queryByText('Total Requests')).not.toBeInTheDocument();
  });

  it('refreshes the list every 30 s', () => {
    expect(apiKeysQueryOptions().refetchInterval).toBe(TIMINGS.apiKeysRefreshMs);
  });

  it('sums the keys in four tiles, with a success rate weighted by requests', async () => {
    await openPage(
      [
        apiKey({ id: 'a', name: 'Shop', usageCount: 3, credits: 7 }),
        apiKey({ id: 'b', name: 'Blog', usageCount: 1, credits: 500, plan: 'basic', isActive: false }),
      ],
      {
        a: usage({ totalRequests: 3, imageRequests: 3, successRate: 100 }),
        b: usage({ totalRequests: 1, imageRequests: 1, successRate: 50 }),
      },
    );
    const summary = await screen.findByLabelText('Summary of your API keys');
    const value = (label: string) =>
      within(summary).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(value('Total Requests')).toBe('4');
    expect(value('Total Credits')).toBe('507');
    expect(value('Active Keys')).toBe('1/2');
    await waitFor(() => expect(value('Success Rate')).toBe('87.5%'));
    expect(screen.queryByText('99.1%')).not.toBeInTheDocument();
  });

  it('has no success rate before any request, instead of a made-up figure', async () => {
    await openPage([apiKey()]);
    const summary = await screen.findByLabelText('Summary of your API keys');
    expect(within(summary).getByText('No requests yet')).toBeInTheDocument();
    expect(within(card('My Project Key')).getByTestId('success-rate')).toHaveTextContent('—');
  });

  it('creates a key: counters, disabled while blank, plans of the account tier, Creating..., the secret once', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, fetchMock } = await openPage(
      [],
      {},
      {
        user: { ...TEST_USER, plan: 'pro' },
        extra: (url) =>
          url === '/api/api-keys/create'
            ? new Promise<Response>((resolve) => {
                answer = resolve;
              })
            : undefined,
      },
    );
    const toggle = await screen.findByRole('button', { name: 'Create new key' });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Create API Key' });
    const submit = within(panel).getByRole('button', { name: 'Create API Key' });
    expect(submit).toBeDisabled();
    expect(within(panel).getByText('0/50 characters')).toBeInTheDocument();
    expect(within(panel).getByText('0/100 characters')).toBeInTheDocument();

    const name = within(panel).getByLabelText('Name');
    await user.type(name, '   ');
    expect(submit).toBeDisabled();
    await user.tab();
    expect(within(panel).getByText('Please enter a name for your API key')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'My Project Key');
    expect(within(panel).getByText('14/50 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('maxLength', '50');
    await user.type(within(panel).getByLabelText(/Description/), 'Shop front');
    expect(within(panel).getByText('10/100 characters')).toBeInTheDocument();

    const plan = within(panel).getByLabelText('Plan');
    expect(
      within(plan)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['free', 'basic', 'pro']);
    await user.selectOptions(plan, 'basic');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(within(panel).getByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(JSON.parse(String(calls(fetchMock, (url) => url === '/api/api-keys/create')[0]?.body))).toEqual({
      name: 'My Project Key',
      description: 'Shop front',
      plan: 'basic',
    });

    answer(ok({ ...apiKey({ plan: 'basic', description: 'Shop front' }), key: SECRET }, 201));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent(SECRET);
    expect(screen.queryByRole('region', { name: 'Create API Key' })).not.toBeInTheDocument();
    const notice = screen.getByRole('region', { name: /Your new key/ });
    await user.click(within(notice).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('API key copied to clipboard')).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('offers only free keys to a free account and shows the server refusal as a toast', async () => {
    const { user } = await openPage(
      [],
      {},
      {
        extra: (url) =>
          url === '/api/api-keys/create'
            ? jsonResponse(
                {
                  success: false,
                  error: "Your account's plan does not allow API keys of this plan.",
                  code: 'FORBIDDEN',
                },
                403,
              )
            : undefined,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    const panel = screen.getByRole('region', { name: 'Create API Key' });
    expect(
      within(within(panel).getByLabelText('Plan'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['free']);
    await user.type(within(panel).getByLabelText('Name'), 'Key');
    await user.click(within(panel).getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText('Failed to create API key')).toBeInTheDocument();
    expect(screen.getByText("Your account's plan does not allow API keys of this plan.")).toBeInTheDocument();
  });

  it('masks the key after 8 characters, reveals it on demand and copies it with Copied for 2 s', async () => {
    const { user, fetchMock } = await openPage([apiKey()]);
    const key = await screen.findByRole('article', { name: 'My Project Key' });
    const value = within(key).getByTestId('api-key-value');
    expect(value.textContent).toMatch(/^kal_live•+$/);
    expect(calls(fetchMock, (url) => url.endsWith('/reveal'))).toHaveLength(0);

    await user.click(within(key).getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(value).toHaveTextContent(SECRET));
    expect(within(key).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(key).getByRole('button', { name: 'Hide' }));
    expect(value.textContent).toMatch(/^kal_live•+$/);

    await user.click(within(key).getByRole('button', { name: 'Copy' }));
    expect(await within(key).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('API key copied to clipboard')).toBeInTheDocument();
    // Asked for once: the secret is kept while the page is open.
    expect(calls(fetchMock, (url) => url.endsWith('/reveal'))).toHaveLength(1);
    await waitFor(() => expect(within(key).getByRole('button', { name: 'Copy' })).toBeInTheDocument(), {
      timeout: TIMINGS.copiedIndicatorMs + 1000,
    });
  });

  it('shows the usage overview: low credits in red, rate limit, dates in en-US short form', async () => {
    await openPage([
      apiKey({ credits: 9, usageCount: 12, lastUsed: '2026-01-16T17:05:00.000Z' }),
      apiKey({ id: 'key-2', name: 'Second', credits: 10 }),
    ]);
    const first = await screen.findByRole('article', { name: 'My Project Key' });
    const overview = within(first).getByRole('region', { name: 'Usage Overview' });
    const stat = (scope: HTMLElement, label: string) =>
      within(scope).getByText(label).closest('div')?.querySelector('dd') as HTMLElement;
    expect(stat(overview, 'Credits remaining')).toHaveTextContent('9');
    expect(stat(overview, 'Credits remaining')).toHaveClass('text-danger');
    expect(stat(overview, 'Total requests')).toHaveTextContent('12');
    expect(stat(overview, 'Rate limit')).toHaveTextContent('5/min');
    expect(stat(overview, 'Created')).toHaveTextContent(formatShortDateTime('2026-01-15T09:30:00.000Z'));
    expect(stat(overview, 'Last used')).toHaveTextContent(formatShortDateTime('2026-01-16T17:05:00.000Z'));
    expect(formatShortDateTime('2026-01-16T17:05:00.000Z')).toMatch(/^1\/16\/26, \d{1,2}:\d{2}\s?[AP]M$/);
    const second = card('Second');
    const secondOverview = within(second).getByRole('region', { name: 'Usage Overview' });
    expect(stat(secondOverview, 'Credits remaining')).not.toHaveClass('text-danger');
    expect(stat(secondOverview, 'Last used')).toHaveTextContent('Never');
  });

  it('colours the success rate green at 95 or above, yellow at 90 or above, red below', async () => {
    await openPage(
      [
        apiKey({ id: 'g', name: 'Green', usageCount: 20 }),
        apiKey({ id: 'y', name: 'Yellow', usageCount: 20 }),
        apiKey({ id: 'r', name: 'Red', usageCount: 20 }),
        apiKey({ id: 'e', name: 'Edge', usageCount: 20 }),
      ],
      {
        g: usage({ imageRequests: 20, successRate: 95 }),
        y: usage({ imageRequests: 18, videoRequests: 2, successRate: 90 }),
        r: usage({ imageRequests: 20, successRate: 89.9 }),
        e: usage({ videoRequests: 20, successRate: 94.9 }),
      },
    );
    const rate = async (name: string) =>
      within(await screen.findByRole('article', { name })).findByTestId('success-rate');
    await waitFor(async () => expect(await rate('Green')).toHaveTextContent('95%'));
    expect(await rate('Green')).toHaveAttribute('data-tone', 'good');
    expect((await rate('Green')).parentElement).toHaveClass('text-success');
    expect(await rate('Yellow')).toHaveAttribute('data-tone', 'fair');
    expect((await rate('Yellow')).parentElement).toHaveClass('text-warning');
    expect(await rate('Red')).toHaveTextContent('89.9%');
    expect((await rate('Red')).parentElement).toHaveClass('text-danger');
    expect(await rate('Edge')).toHaveAttribute('data-tone', 'fair');
    const yellow = within(card('Yellow')).getByRole('region', { name: 'Model Usage' });
    expect(within(yellow).getByText('Image Generation').closest('div')).toHaveTextContent('18');
    expect(within(yellow).getByText('Video Generation').closest('div')).toHaveTextContent('2');
  });

  it('draws the real 7-day requests, readable as a table', async () => {
    await openPage([apiKey({ usageCount: 10 })], { 'key-1': usage({ last24Hours: 3, imageRequests: 10 }) });
    const key = await screen.findByRole('article', { name: 'My Project Key' });
    const table = await within(key).findByRole('table', { name: 'Requests per day, last 7 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(
      rows.map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]),
    ).toEqual([
      ['Friday, January 9', '0'],
      ['Saturday, January 10', '1'],
      ['Sunday, January 11', '0'],
      ['Monday, January 12', '4'],
      ['Tuesday, January 13', '0'],
      ['Wednesday, January 14', '2'],
      ['Thursday, January 15', '3'],
    ]);
    expect(within(key).getByText('3 in the last 24 hours')).toBeInTheDocument();
  });

  it("offers 'Load usage data' when the figures could not be loaded, and toasts a failed retry", async () => {
    let fail = true;
    const { user } = await openPage(
      [apiKey()],
      {},
      {
        extra: (url) =>
          url.endsWith('/usage') && fail
            ? jsonResponse({ success: false, error: 'Database unavailable', code: 'INTERNAL' }, 500)
            : undefined,
      },
    );
    const key = await screen.findByRole('article', { name: 'My Project Key' });
    const load = await within(key).findByRole('button', { name: 'Load usage data' });
    expect(within(key).getByText('Failed to load usage stats')).toBeInTheDocument();
    await user.click(load);
    expect(await screen.findByText('Failed to load usage statistics')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(within(key).getByRole('button', { name: 'Load usage data' }));
    expect(await within(key).findByText('Image Generation')).toBeInTheDocument();
    expect(within(key).queryByRole('button', { name: 'Load usage data' })).not.toBeInTheDocument();
  });

  it('exports the key data without the secret as <name>_data.json', async () => {
    const figures = usage({ totalRequests: 2, imageRequests: 2, creditsUsed: 2 });
    const { user } = await openPage([apiKey({ usageCount: 2, credits: 8 })], { 'key-1': figures });
    const key = await screen.findByRole('article', { name: 'My Project Key' });
    // The secret has been seen on the page: it must still stay out of the file.
    await user.click(within(key).getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(within(key).getByTestId('api-key-value')).toHaveTextContent(SECRET));

    const blobs: Blob[] = [];
    const downloads: string[] = [];
    const created = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await user.click(within(key).getByRole('button', { name: 'Actions for My Project Key' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export data' }));
    expect(await screen.findByText('API key data exported successfully')).toBeInTheDocument();
    expect(downloads).toEqual(['My_Project_Key_data.json']);
    const text = await readBlob(blobs[0]);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('"key"');
    expect(JSON.parse(text ?? '')).toEqual({
      name: 'My Project Key',
      description: 'The shop front',
      plan: 'free',
      credits: 8,
      usageCount: 2,
      rateLimit: { requestsPerMinute: 5 },
      permissions: ['images:create', 'generations:read'],
      createdAt: '2026-01-15T09:30:00.000Z',
      lastUsed: null,
      usage: figures,
    });
  });

  it('Refresh stats reads the key and its figures again', async () => {
    const { user, fetchMock } = await openPage([apiKey()]);
    const key = await screen.findByRole('article', { name: 'My Project Key' });
    await within(key).findByText('Image Generation');
    const before = calls(fetchMock, (url) => url.endsWith('/usage')).length;
    const lists = calls(fetchMock, (url) => url === '/api/api-keys/list').length;
    await user.click(within(key).getByRole('button', { name: 'Actions for My Project Key' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh stats' }));
    await waitFor(() =>
      expect(calls(fetchMock, (url) => url.endsWith('/usage')).length).toBeGreaterThan(before),
    );
    expect(calls(fetchMock, (url) => url === '/api/api-keys/list').length).toBeGreaterThan(lists);
  });

  it('renames, deactivates, activates and deletes a key from Settings (deletion after confirmation)', async () => {
    const { user, fetchMock, server } = await openPage([apiKey()]);
    const key = await screen.findByRole('article', { name: 'My Project Key' });
    await user.click(within(key).getByRole('button', { name: 'Actions for My Project Key' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Key settings' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('My Project Key');
    await user.clear(name);
    await user.type(name, 'Renamed key');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('article', { name: 'Renamed key' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(String(calls(fetchMock, (_url, method) => method === 'PATCH')[0]?.body))).toEqual({
      name: 'Renamed key',
      description: 'The shop front',
    });

    const renamed = card('Renamed key');
    await user.click(within(renamed).getByRole('button', { name: 'Actions for Renamed key' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const again = await screen.findByRole('dialog', { name: 'Key settings' });
    await user.click(within(again).getByRole('button', { name: 'Deactivate key' }));
    expect(await within(renamed).findByText('Inactive')).toBeInTheDocument();
    expect(server.keys[0]?.isActive).toBe(false);
    await user.click(within(again).getByRole('button', { name: 'Activate key' }));
    expect(await within(renamed).findByText('Active')).toBeInTheDocument();

    await user.click(within(again).getByRole('button', { name: 'Delete key' }));
    expect(calls(fetchMock, (_url, method) => method === 'DELETE')).toHaveLength(0);
    await user.click(within(again).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByRole('heading', { name: 'No API keys' })).toBeInTheDocument();
    expect(calls(fetchMock, (_url, method) => method === 'DELETE')).toHaveLength(1);
  });

  it("toasts 'Failed to load API keys' with the reason when the list fails", async () => {
    mockServer({
      user: TEST_USER,
      handler: (url) =>
        url === '/api/api-keys/list' ? new Response('', { status: 403, statusText: 'Forbidden' }) : undefined,
    });
    renderApp('/api-keys');
    // The toast and the page both say it.
    await waitFor(() => expect(screen.getAllByText('Failed to load API keys')).toHaveLength(2));
    expect(screen.getAllByText('HTTP error! status: 403')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the keys, their figures and the settings dialog in the account’s language (German)', async () => {
    await startInLanguage('de');
    const server = keysServer([apiKey({ usageCount: 1234, credits: 9, lastUsed: null })], {
      'key-1': usage({ last24Hours: 3, imageRequests: 10, successRate: 87.5 }),
    });
    mockServer({
      user: TEST_USER,
      handler: (url, init) =>
        url === '/api/settings'
          ? jsonResponse({ success: true, data: { ...TEST_SETTINGS, language: 'de' } })
          : server.handler(url, init),
    });
    const { user } = renderApp('/api-keys');
    expect(await screen.findByRole('heading', { level: 1, name: 'API-Schlüssel' })).toBeInTheDocument();
    const summary = await screen.findByLabelText('Übersicht deiner API-Schlüssel');
    expect(within(summary).getByText('Anfragen gesamt')).toBeInTheDocument();
    // German digit grouping and percent sign.
    expect(within(summary).getByText('1.234')).toBeInTheDocument();
    const key = screen.getByRole('article', { name: 'My Project Key' });
    expect(within(key).getByText('Aktiv')).toBeInTheDocument();
    const overview = within(key).getByRole('region', { name: 'Nutzungsübersicht' });
    expect(within(overview).getByText('Nie')).toBeInTheDocument();
    expect(within(overview).getByText('5/Min.')).toBeInTheDocument();
    expect(await within(key).findByTestId('success-rate')).toHaveTextContent('87,5 %');
    expect(within(key).getByText('3 in den letzten 24 Stunden')).toBeInTheDocument();
    const table = within(key).getByRole('table', { name: 'Anfragen pro Tag in den letzten 7 Tagen' });
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Freitag, 9. Januar');

    await user.click(within(key).getByRole('button', { name: 'Aktionen für My Project Key' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Einstellungen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schlüsseleinstellungen' });
    expect(within(dialog).getByText('14/50 Zeichen')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Schlüssel deaktivieren' })).toBeInTheDocument();
    expect(screen.queryByText('Usage Overview')).not.toBeInTheDocument();
  });

  describe('key controls', () => {
    it('creates a key with chosen scopes, a spend cap and a webhook URL, sending only what differs from the defaults', async () => {
      const { user, fetchMock } = await openPage();
      await user.click(await screen.findByRole('button', { name: 'Create new key' }));
      const panel = screen.getByRole('region', { name: 'Create API Key' });
      const submit = within(panel).getByRole('button', { name: 'Create API Key' });
      await user.type(within(panel).getByLabelText('Name'), 'Shop');
      const scopes = within(panel).getByRole('group', { name: 'Scopes' });
      expect(within(scopes).getByRole('checkbox', { name: /^Generate/ })).toBeChecked();
      expect(within(scopes).getByRole('checkbox', { name: /^Change library/ })).not.toBeChecked();
      for (const name of [/^Generate/, /^Read library/, /^Read account/]) {
        await user.click(within(scopes).getByRole('checkbox', { name }));
      }
      expect(within(panel).getByText('Choose at least one scope.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      await user.click(within(scopes).getByRole('checkbox', { name: /^Generate/ }));
      await user.type(within(panel).getByLabelText('Monthly spend cap (credits)'), '0');
      expect(within(panel).getByText(/whole number of credits from 1 to/)).toBeInTheDocument();
      expect(submit).toBeDisabled();
      await user.clear(within(panel).getByLabelText('Monthly spend cap (credits)'));
      await user.type(within(panel).getByLabelText('Monthly spend cap (credits)'), '50');
      await user.type(within(panel).getByLabelText('Webhook URL'), 'https://hooks.example.com/shop');
      await user.click(submit);
      await screen.findByTestId('new-api-key');
      expect(JSON.parse(String(calls(fetchMock, (url) => url === '/api/api-keys/create')[0]?.body))).toEqual({
        name: 'Shop',
        description: '',
        plan: 'free',
        scopes: ['generate'],
        monthlySpendCap: 50,
        webhookUrl: 'https://hooks.example.com/shop',
      });
    });

    it("shows the key's scopes, expiry, this month's spend against its cap and its webhook URL", async () => {
      await openPage([
        apiKey({
          scopes: ['generate', 'account:read'],
          expiresAt: '2099-03-01T12:00:00.000Z',
          monthlySpendCap: 50,
          spentThisMonth: 3,
          webhookUrl: 'https://hooks.example.com/shop',
        }),
        apiKey({ id: 'key-2', name: 'Old key', expiresAt: '2020-01-01T00:00:00.000Z' }),
      ]);
      const key = await screen.findByRole('article', { name: 'My Project Key' });
      const scopes = within(key).getByRole('list', { name: 'Scopes' });
      expect(
        within(scopes)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Generate', 'Read account']);
      expect(
        within(key).getByText(`Until ${formatShortDateTime('2099-03-01T12:00:00.000Z')}`),
      ).toBeInTheDocument();
      expect(within(key).getByText('3 of 50 credits')).toBeInTheDocument();
      expect(within(key).getByText('https://hooks.example.com/shop')).toBeInTheDocument();
      const old = card('Old key');
      expect(
        within(old).getByText(`Expired ${formatShortDateTime('2020-01-01T00:00:00.000Z')}`),
      ).toBeInTheDocument();
      expect(within(old).getByText('0 credits (no cap)')).toBeInTheDocument();
    });

    it('rotates a key with a chosen grace period and shows the new secret once, with until when the old one works', async () => {
      const { user, fetchMock } = await openPage([apiKey()]);
      const key = await screen.findByRole('article', { name: 'My Project Key' });
      await user.click(within(key).getByRole('button', { name: 'Actions for My Project Key' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Rotate key' }));
      const dialog = await screen.findByRole('dialog', { name: 'Rotate key' });
      await user.selectOptions(within(dialog).getByLabelText('Keep the old secret working for'), '168');
      await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
      expect(await within(dialog).findByTestId('rotated-api-key')).toHaveTextContent(ROTATED);
      expect(JSON.parse(String(calls(fetchMock, (url) => url.endsWith('/rotate'))[0]?.body))).toEqual({
        graceHours: 168,
      });
      const until = `The previous secret still works until ${formatShortDateTime('2026-01-22T09:30:00.000Z')}.`;
      expect(within(dialog).getByText(until)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The card says it too, and never holds the new secret.
      expect(within(card('My Project Key')).getByRole('status')).toHaveTextContent(until);
      expect(card('My Project Key')).not.toHaveTextContent(ROTATED);
    });

    it('edits scopes, expiry, spend cap and webhook URL in Settings, sending only the changes', async () => {
      const { user, fetchMock } = await openPage([apiKey({ spentThisMonth: 4 })]);
      const key = await screen.findByRole('article', { name: 'My Project Key' });
      await user.click(within(key).getByRole('button', { name: 'Actions for My Project Key' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
      const dialog = await screen.findByRole('dialog', { name: 'Key settings' });
      expect(
        within(dialog).getByText('4 credits spent this month. Leave empty for no cap.'),
      ).toBeInTheDocument();
      const save = within(dialog).getByRole('button', { name: 'Save changes' });
      expect(save).toBeDisabled();
      await user.click(within(dialog).getByRole('checkbox', { name: /^Change library/ }));
      await user.type(within(dialog).getByLabelText('Monthly spend cap (credits)'), '20');
      await user.click(save);
      expect(await within(card('My Project Key')).findByText('4 of 20 credits')).toBeInTheDocument();
      expect(JSON.parse(String(calls(fetchMock, (_url, method) => method === 'PATCH')[0]?.body))).toEqual({
        name: 'My Project Key',
        description: 'The shop front',
        scopes: ['generate', 'library:read', 'library:write', 'account:read'],
        monthlySpendCap: 20,
      });
    });
  });
});
