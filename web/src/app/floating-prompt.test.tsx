import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en/app.json';
import { jsonResponse, mockServer, renderApp, TEST_USER } from '../test/render-app';
import { QUICK_STARTS } from './floating-prompt';

const BOX = 'Describe what to create';

function signedIn() {
  mockServer({
    user: TEST_USER,
    handler: (url) =>
      url.startsWith('/api/generations?') || url.startsWith('/api/assets?')
        ? jsonResponse({
            success: true,
            data: url.startsWith('/api/assets') ? { items: [], nextCursor: null } : [],
          })
        : undefined,
  });
}

describe('floating prompt box', () => {
  it('shows only to signed-in people, and not on the auth, generate or Realtime pages', async () => {
    signedIn();
    const { router } = renderApp('/pricing');
    expect(await screen.findByRole('textbox', { name: BOX })).toBeInTheDocument();
    // Five lazily loaded pages are transformed on first use, and the router keeps the current page until
    // the next one has loaded: the waits and the test's limit are hang limits for a busy machine, not a
    // speed test.
    const loaded = { timeout: 10_000 };
    for (const path of ['/generate/image', '/generate/video', '/auth', '/tools/realtime']) {
      await router.navigate(path);
      await waitFor(
        () => expect(screen.queryByRole('textbox', { name: BOX })).not.toBeInTheDocument(),
        loaded,
      );
    }
    await router.navigate('/library');
    expect(await screen.findByRole('textbox', { name: BOX }, loaded)).toBeInTheDocument();
  }, 60_000);

  it('is not there for visitors', async () => {
    mockServer();
    renderApp('/pricing');
    await screen.findByRole('button', { name: 'Create' });
    expect(screen.queryByRole('textbox', { name: BOX })).not.toBeInTheDocument();
  });

  it('expands on focus with the switch and the chips, and Close collapses it and clears the text', async () => {
    signedIn();
    const { user } = renderApp('/pricing');
    const box = await screen.findByRole('textbox', { name: BOX });
    expect(screen.queryByRole('button', { name: 'Landscape' })).not.toBeInTheDocument();
    await user.click(box);
    const form = screen.getByRole('form', { name: 'Quick create' });
    expect(within(form).getByRole('radio', { name: 'Image' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Video' })).not.toBeChecked();
    expect(QUICK_STARTS.map((chip) => en[chip.label])).toEqual(['Landscape', 'Abstract', 'Futuristic']);
    for (const chip of QUICK_STARTS)
      expect(within(form).getByRole('button', { name: en[chip.label] })).toBeInTheDocument();

    await user.type(box, 'a quiet harbour');
    await user.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: 'Landscape' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: BOX })).toHaveValue('');
  });

  it('keeps Generate disabled while the box is empty or only spaces', async () => {
    signedIn();
    const { user } = renderApp('/pricing');
    const box = await screen.findByRole('textbox', { name: BOX });
    await user.click(box);
    const form = screen.getByRole('form', { name: 'Quick create' });
    const generate = within(form).getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    await user.type(box, '   ');
    expect(generate).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: BOX })).toBeInTheDocument();
    await user.type(box, 'x');
    expect(generate).toBeEnabled();
  });

  it('sends a quick start to the image generator, filled in', async () => {
    signedIn();
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('textbox', { name: BOX }));
    await user.click(screen.getByRole('button', { name: 'Landscape' }));
    const landscape = en[QUICK_STARTS[0].prompt];
    expect(screen.getByRole('textbox', { name: BOX })).toHaveValue(landscape);
    await user.click(
      within(screen.getByRole('form', { name: 'Quick create' })).getByRole('button', { name: 'Generate' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/generate/image'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue(landscape));
  });

  it('sends to the video generator when Video is chosen (Enter sends)', async () => {
    signedIn();
    const { user, router } = renderApp('/library');
    const box = await screen.findByRole('textbox', { name: BOX });
    await user.click(box);
    await user.click(screen.getByRole('radio', { name: 'Video' }));
    await user.type(box, 'Waves on a beach at dusk{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/generate/video'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Waves on a beach at dusk'),
    );
  });
});
