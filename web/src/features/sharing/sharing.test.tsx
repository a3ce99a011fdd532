import type { TAsset, TGalleryItem, TPublicProfile } from '@kaleido/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAsset } from '../../test/generation-fixtures';
import {
  jsonResponse,
  mockServer,
  renderApp,
  startInLanguage,
  TEST_SETTINGS,
  TEST_USER,
} from '../../test/render-app';

const item = (overrides: Partial<TGalleryItem>): TGalleryItem => ({
  id: 'item',
  type: 'image',
  url: '/api/files/users/u/a/thumbnail.webp?exp=1&sig=x',
  videoUrl: null,
  downloadUrl: '/api/files/users/u/a/original.png?exp=1&sig=x&download=kaleido-a.png',
  prompt: null,
  settings: null,
  width: 512,
  height: 512,
  source: 'community',
  author: { handle: 'grace', displayName: 'Grace Hopper' },
  createdAt: '2026-03-04T09:30:00.000Z',
  ...overrides,
});

const profile = (items: TGalleryItem[], overrides: Partial<TPublicProfile> = {}): TPublicProfile => ({
  handle: 'grace',
  displayName: 'Grace Hopper',
  memberSince: '2026-01-15T09:30:00.000Z',
  isOwner: false,
  visibility: null,
  items,
  nextCursor: null,
  ...overrides,
});

describe('public profile page /u/:handle', () => {
  it('shows the person and their shared creations; "Use this prompt" only where the prompt is shared', async () => {
    mockServer({
      handler: (url) =>
        url.startsWith('/api/profiles/grace')
          ? jsonResponse({
              success: true,
              data: profile([
                item({
                  id: 'with-prompt',
                  prompt: 'a compiler made of brass gears',
                  settings: { style: 'oil-painting', aspectRatio: '4:3' },
                }),
                item({ id: 'image-only' }),
              ]),
            })
          : undefined,
    });
    const { user, router } = renderApp('/u/grace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText(/@grace · Member since/)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Shared creations' });
    expect(within(section).getByRole('img', { name: 'Image by Grace Hopper' })).toBeInTheDocument();
    // One creation shares its prompt: one "Use this prompt" button.
    const reuse = within(section).getAllByRole('button', { name: /^Use the prompt/ });
    expect(reuse).toHaveLength(1);
    await user.click(reuse[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/generate/image'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a compiler made of brass gears'),
    );
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('oil-painting');
    expect(screen.getByRole('radio', { name: '4:3' })).toBeChecked();
  });

  it('answers a profile it may not show like an unknown one, and has an empty state', async () => {
    mockServer({
      handler: (url) =>
        url.startsWith('/api/profiles/hidden')
          ? jsonResponse({ success: false, error: 'Profile not found.', code: 'PROFILE_NOT_FOUND' }, 404)
          : url.startsWith('/api/profiles/grace')
            ? jsonResponse({ success: true, data: profile([]) })
            : undefined,
    });
    renderApp('/u/hidden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeInTheDocument();
  });

  it('shows an empty state when nothing is shared', async () => {
    mockServer({
      handler: (url) =>
        url.startsWith('/api/profiles/grace')
          ? jsonResponse({ success: true, data: profile([]) })
          : undefined,
    });
    renderApp('/u/grace');
    expect(await screen.findByText('Grace Hopper has not shared any creations yet.')).toBeInTheDocument();
  });
});

describe('the Share toggle of a library asset', () => {
  it('shares with PATCH /api/assets/:id and says where it shows, or why it does not', async () => {
    let asset: TAsset = makeAsset({ id: 'fox', prompt: 'A red fox in the snow' });
    const patches: unknown[] = [];
    let visibility: 'private' | 'public' = 'private';
    mockServer({
      user: TEST_USER,
      handler: (url, init) => {
        if (url === '/api/settings')
          return jsonResponse({ success: true, data: { ...TEST_SETTINGS, profileVisibility: visibility } });
        if (url.startsWith('/api/generations')) return jsonResponse({ success: true, data: [] });
        if (url.startsWith('/api/assets?'))
          return jsonResponse({ success: true, data: { items: [asset], nextCursor: null } });
        if (url === '/api/assets/fox' && init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)));
          asset = { ...asset, shared: (JSON.parse(String(init.body)) as { shared: boolean }).shared };
          return jsonResponse({ success: true, data: asset });
        }
        if (url === '/api/assets/fox') return jsonResponse({ success: true, data: asset });
        return undefined;
      },
    });
    const { user, queryClient } = renderApp('/library');
    await user.click(await screen.findByRole('button', { name: /Details: A red fox/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    const toggle = within(dialog).getByRole('switch', { name: 'Share' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    // A private profile: the hint says shared creations need a public or members-only profile.
    expect(
      await within(dialog).findByText(/Shared creations appear when your profile is public or members-only/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Change it in Settings' })).toHaveAttribute(
      'href',
      '/profile?tab=settings',
    );

    await user.click(toggle);
    await waitFor(() => expect(patches).toEqual([{ shared: true }]));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));

    visibility = 'public';
    await queryClient.invalidateQueries();
    expect(await within(dialog).findByRole('link', { name: 'your profile' })).toHaveAttribute(
      'href',
      '/u/ada-lovelace',
    );
  });
});

describe('sharing in another language', () => {
  it('shows a public profile in the visitor’s language (French)', async () => {
    await startInLanguage('fr');
    mockServer({
      handler: (url) =>
        url.startsWith('/api/profiles/grace')
          ? jsonResponse({ success: true, data: profile([item({ id: 'image-only' })]) })
          : undefined,
    });
    renderApp('/u/grace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    const since = document.querySelector('time[datetime="2026-01-15T09:30:00.000Z"]')?.parentElement;
    expect(since).toHaveTextContent('@grace · Membre depuis le 15 janvier 2026');
    const section = screen.getByRole('region', { name: 'Créations partagées' });
    expect(within(section).getByRole('img', { name: 'Image de Grace Hopper' })).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Télécharger Image de Grace Hopper' }),
    ).toBeInTheDocument();
  });
});
