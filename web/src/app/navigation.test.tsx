import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockServer,
  renderApp,
  startInLanguage,
  TEST_SETTINGS,
  TEST_USER,
} from '../test/render-app';

/** The site header (page headers inside <main> also count as banners for Testing Library). */
function topBar(): HTMLElement {
  const [header] = screen.getAllByRole('banner');
  if (!header) throw new Error('no banner');
  return header;
}

describe('navigation chrome', () => {
  it('shows the full-screen loader while the session loads', async () => {
    mockServer({ handler: () => new Promise(() => {}) });
    renderApp('/');
    expect(await screen.findByText('Loading amazing creations...')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading amazing creations...');
  });

  it('signed out: top bar with the six destinations and a Sign In button, bottom bar with Sign In', async () => {
    mockServer();
    renderApp('/pricing');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(main).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Image',
      'Video',
      'Library',
      'Pricing',
      'Profile',
    ]);
    expect(within(main).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    const header = topBar();
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(within(header).queryByLabelText(/Credit balance/)).not.toBeInTheDocument();

    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Image', 'Video', 'Sign In']);
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('hides the navigation on /auth', async () => {
    mockServer();
    renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('signed in: credit balance, user menu, and Library and Profile in the bottom bar', async () => {
    mockServer({ user: TEST_USER });
    const { user } = renderApp('/');
    const header = (await screen.findAllByRole('banner'))[0] as HTMLElement;
    expect(await within(header).findByLabelText('Credit balance: 42 credits')).toHaveTextContent('42');
    expect(within(header).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();

    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Image', 'Video', 'Library', 'Profile']);

    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Billing', 'API Keys', 'API Documentation', 'Sign Out']);
  });

  it('signs out through the user menu', async () => {
    let signedIn = true;
    const fetchMock = mockServer({
      handler: (url, init) => {
        if (url === '/api/auth/logout' && init?.method === 'POST') {
          signedIn = false;
          return new Response(JSON.stringify({ success: true, data: null }), { status: 200 });
        }
        if (url === '/api/auth/me' && signedIn) {
          return new Response(JSON.stringify({ success: true, data: TEST_USER }), { status: 200 });
        }
        return undefined;
      },
    });
    const { user } = renderApp('/pricing');
    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(within(topBar()).getByRole('link', { name: 'Sign In' })).toBeVisible());
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('offers the two generators from the floating plus button', async () => {
    mockServer();
    const { user } = renderApp('/pricing');
    const button = await screen.findByRole('button', { name: 'Create' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Generate Image' })).toHaveAttribute('href', '/generate/image');
    expect(screen.getByRole('link', { name: 'Generate Video' })).toHaveAttribute('href', '/generate/video');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('answers unknown paths with a 404 page that links home', async () => {
    mockServer();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · Kaleido'));
  });

  it('speaks the chosen language: German navigation, 404 page and <html lang>', async () => {
    await startInLanguage('de');
    mockServer();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Hauptmenü' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Start', 'Bild', 'Video', 'Bibliothek', 'Preise', 'Profil']);
    expect(within(topBar()).getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Erstellen' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(document.title).toBe('Seite nicht gefunden · Kaleido'));
  });

  it('shows Chinese with the Chinese credit wording once signed in', async () => {
    await startInLanguage('zh');
    mockServer({
      user: TEST_USER,
      handler: (url) =>
        url === '/api/settings'
          ? jsonResponse({ success: true, data: { ...TEST_SETTINGS, language: 'zh' } })
          : undefined,
    });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    const header = topBar();
    expect(await within(header).findByLabelText('积分余额：42 积分')).toHaveTextContent('42');
    expect(
      within(screen.getByRole('navigation', { name: '移动端导航' })).getByRole('link', { name: '作品库' }),
    ).toBeVisible();
    expect(document.documentElement.lang).toBe('zh-Hans');
  });
});
