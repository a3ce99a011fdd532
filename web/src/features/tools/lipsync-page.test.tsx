import type { TToolsInfo } from '@kaleido/common';
import { LIPSYNC_SYNC_MODES, TOOL_PROVIDERS } from '@kaleido/common/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { lipsyncPlan } from './lipsync-page';
import { notEnoughCredits, serveTool, toolsInfo, uploadedAudio, uploadedVideo } from './tool-test-fixtures';

const lipsyncModel = (id: string, providerName: string, maxOutputSeconds = 300) => ({
  id,
  name: 'Lipsync 2',
  provider: id.split('-')[0] ?? id,
  providerName,
  available: true,
  maxOutputSeconds,
});

/** An installation with (or without) lipsync models. */
const lipsyncInfo = (models: ReturnType<typeof lipsyncModel>[]): TToolsInfo =>
  toolsInfo({
    lipsync: {
      available: models.length > 0,
      models,
      providers: [...TOOL_PROVIDERS.lipsync],
      syncModes: [...LIPSYNC_SYNC_MODES],
      secondsPerCredit: 2,
    },
  });

const video = uploadedVideo('clip-1');
const voice = uploadedAudio('voice-1', 8);

/** The server of these tests: tools info, the two inputs, and the lipsync call (recorded). */
const serve = (info: TToolsInfo, answer?: () => Response) =>
  serveTool({ get: { '/api/tools': info }, assets: [video, voice], post: '/api/tools/lipsync', answer });

describe('Video Lipsync page', () => {
  it('without a capable provider, says fal or Replicate can do it and links the setup docs', async () => {
    serve(lipsyncInfo([]));
    renderApp('/tools/lipsync');
    const state = await screen.findByRole('heading', { name: 'Video Lipsync needs an AI provider' });
    const section = state.closest('section') as HTMLElement;
    const providers = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(providers.map((item) => item.textContent)).toEqual(['fal.ai', 'Replicate']);
    expect(within(section).getByRole('link', { name: 'How to set up a provider' })).toHaveAttribute(
      'href',
      '/docs/providers',
    );
    expect(screen.queryByRole('button', { name: /Lip-sync/ })).not.toBeInTheDocument();
  });

  it('asks for a video and an audio file before anything can start', async () => {
    serve(lipsyncInfo([lipsyncModel('fal-lipsync', 'fal.ai')]));
    renderApp('/tools/lipsync');
    expect(await screen.findByRole('heading', { level: 1, name: 'Video Lipsync' })).toBeInTheDocument();
    expect(await screen.findByText('Drop a video here, or paste one')).toBeInTheDocument();
    expect(screen.getByText('Drop an audio file here, or paste one')).toBeInTheDocument();
    expect(screen.getByText(/Choose a video and an audio file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lip-sync' })).toBeDisabled();
  });

  it('previews both inputs, states the length and price, and sends the chosen mode and model', async () => {
    const posted = serve(
      lipsyncInfo([lipsyncModel('fal-lipsync', 'fal.ai'), lipsyncModel('replicate-lipsync', 'Replicate')]),
      () => notEnoughCredits(4),
    );
    const { user, container } = renderApp('/tools/lipsync?asset=clip-1&audio=voice-1');
    // Cut off: the 5-second video is the shorter one.
    expect(await screen.findByText('The result will last about 5 seconds.')).toBeInTheDocument();
    expect(container.querySelector('video')).toHaveAttribute('src', video.url);
    expect(container.querySelector('audio')).toHaveAttribute('src', voice.url);
    expect(screen.getByText('0:08')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lip-sync · 3 credits' })).toBeEnabled();
    // Loop: as long as the 8-second audio.
    await user.click(screen.getByRole('radio', { name: /Loop/ }));
    expect(screen.getByText('The result will last about 8 seconds.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'replicate-lipsync');
    await user.click(screen.getByRole('button', { name: 'Lip-sync · 4 credits' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/tools/lipsync?wait=false',
      body: { videoAssetId: 'clip-1', audioAssetId: 'voice-1', syncMode: 'loop', model: 'replicate-lipsync' },
    });
    expect(await screen.findByText('Not enough credits: this costs 4.')).toBeInTheDocument();
  });

  it('refuses before sending when the result would be longer than the model makes', async () => {
    const posted = serve(lipsyncInfo([lipsyncModel('fal-lipsync', 'fal.ai', 6)]));
    const { user } = renderApp('/tools/lipsync?asset=clip-1&audio=voice-1');
    await user.click(await screen.findByRole('radio', { name: /Bounce/ }));
    expect(
      screen.getByText(
        'Too long for this model: 8 seconds, at most 6. Shorten the audio or choose “Cut off”.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Lip-sync/ })).toBeDisabled();
    expect(posted).toHaveLength(0);
  });

  it('plans each sync mode’s length and price like the server', () => {
    const info = lipsyncInfo([lipsyncModel('fal-lipsync', 'fal.ai', 7)]);
    const plan = (mode: Parameters<typeof lipsyncPlan>[2]) =>
      lipsyncPlan(video, voice, mode, info, undefined);
    expect(plan('cut_off')).toEqual({ seconds: 5, maxSeconds: 7, tooLong: false, price: 3 });
    expect(plan('silence')).toMatchObject({ seconds: 8, tooLong: true, price: 4 });
    expect(plan('remap')).toMatchObject({ seconds: 8, tooLong: true });
  });
});
