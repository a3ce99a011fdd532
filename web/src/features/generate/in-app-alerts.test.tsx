import type { TSettings } from '@kaleido/common';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, makeAsset, makeGeneration } from '../../test/generation-fixtures';
import { jsonResponse, mockServer, renderApp, TEST_SETTINGS, TEST_USER } from '../../test/render-app';
import type { CurrentUser } from '../auth/api';
import { resetChime } from './chime';

/** The low-credit toast's title (generate.alerts.lowCredits.title in English). */
const LOW_CREDITS_TITLE = 'Your credits are running low';

/** A Web Audio stand-in that counts the notes played. */
class FakeAudioContext {
  static notes = 0;
  state = 'running';
  currentTime = 0;
  destination = {};
  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime: () => {} },
      connect: () => {},
      start: () => {
        FakeAudioContext.notes += 1;
      },
      stop: () => {},
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: () => {},
    };
  }
  resume() {
    return Promise.resolve();
  }
}

beforeEach(() => {
  FakeEventSource.reset();
  FakeAudioContext.notes = 0;
  resetChime();
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('AudioContext', FakeAudioContext);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const running = () => makeGeneration({ id: 'gen-run', type: 'image', status: 'running', progress: 40 });

function server(settings: Partial<TSettings>, user: () => CurrentUser = () => TEST_USER) {
  const job = running();
  mockServer({
    handler: (url) => {
      if (url === '/api/auth/me') return jsonResponse({ success: true, data: user() });
      if (url === '/api/settings')
        return jsonResponse({ success: true, data: { ...TEST_SETTINGS, ...settings } });
      if (url.startsWith('/api/generations?status=running'))
        return jsonResponse({ success: true, data: [job] });
      if (url.startsWith('/api/generations?status=')) return jsonResponse({ success: true, data: [] });
      if (url.startsWith('/api/assets'))
        return jsonResponse({ success: true, data: { items: [], nextCursor: null } });
      return undefined;
    },
  });
  return job;
}

async function finishJob(job: ReturnType<typeof running>) {
  await waitFor(() => expect(FakeEventSource.last('/api/generations/gen-run/events')).toBeDefined());
  act(() =>
    FakeEventSource.last('/api/generations/gen-run/events')?.emit('done', {
      ...job,
      status: 'succeeded',
      progress: 100,
      asset: makeAsset({ id: 'asset-run' }),
    }),
  );
}

describe('sound when a job ends', () => {
  it('plays the chime when the setting is on and the page has had a gesture', async () => {
    const job = server({ soundEnabled: true });
    renderApp('/library');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.pointerDown(document.body);
    await finishJob(job);
    expect(await screen.findByText('Your image is ready')).toBeInTheDocument();
    // The chime follows the toast once the settings are read, a moment later on a busy machine.
    await waitFor(() => expect(FakeAudioContext.notes).toBe(2));
  });

  it('stays silent before any user gesture (browsers block it)', async () => {
    const job = server({ soundEnabled: true });
    renderApp('/library');
    await screen.findByRole('heading', { level: 1 });
    await finishJob(job);
    expect(await screen.findByText('Your image is ready')).toBeInTheDocument();
    expect(FakeAudioContext.notes).toBe(0);
  });

  it('stays silent when Sounds is off', async () => {
    const job = server({ soundEnabled: false });
    renderApp('/library');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.keyDown(document.body, { key: 'a' });
    await finishJob(job);
    expect(await screen.findByText('Your image is ready')).toBeInTheDocument();
    expect(FakeAudioContext.notes).toBe(0);
  });
});

describe('in-app toasts follow the settings', () => {
  it('says nothing about a finished job when generation alerts are off', async () => {
    const job = server({ generationAlerts: false, soundEnabled: false });
    renderApp('/library');
    await screen.findByRole('heading', { level: 1 });
    await finishJob(job);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Your image is ready')).not.toBeInTheDocument();
  });

  it('warns once when the balance falls below the low mark, if credit alerts are on', async () => {
    let credits = 12;
    const job = server({ creditAlerts: true }, () => ({ ...TEST_USER, credits }));
    const { queryClient } = renderApp('/library');
    await screen.findByRole('heading', { level: 1 });
    credits = 9;
    await finishJob(job); // the balance is read again when a job ends
    expect(await screen.findByText(LOW_CREDITS_TITLE)).toBeInTheDocument();
    expect(screen.getByText('You have 9 credits left.')).toBeInTheDocument();
    // Still below: no second warning.
    credits = 8;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.getAllByText(LOW_CREDITS_TITLE)).toHaveLength(1));
  });

  it('says nothing when credit alerts are off', async () => {
    let credits = 12;
    let meReads = 0;
    const reads = () => meReads;
    const job = server({ creditAlerts: false }, () => {
      meReads += 1;
      return { ...TEST_USER, credits };
    });
    renderApp('/library');
    await screen.findByRole('heading', { level: 1 });
    credits = 9;
    await finishJob(job);
    expect(await screen.findByText('Your image is ready')).toBeInTheDocument();
    // The balance was read again (9 credits) and shown.
    await waitFor(() => expect(reads()).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(LOW_CREDITS_TITLE)).not.toBeInTheDocument();
  });
});
