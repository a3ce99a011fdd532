import type { TGalleryItem, TPublicSiteSettings } from '@kaleido/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer, renderApp, TEST_USER } from '../../test/render-app';
import { adminServer, ok, refuse } from './admin-fixtures';

/** The parts of issue 20 everyone meets: the announcement, the sign-up modes, and reporting. */
function site(overrides: Partial<TPublicSiteSettings> = {}) {
  return () =>
    ok({ signupMode: 'open', startingCredits: 10, announcement: null, allowedModels: null, ...overrides });
}

const shared: TGalleryItem = {
  id: 'asset-9',
  type: 'image',
  url: '/api/files/a.webp',
  videoUrl: null,
  downloadUrl: '/api/files/a.webp?download=1',
  prompt: 'A red kite',
  settings: null,
  width: 512,
  height: 512,
  source: 'community',
  author: { handle: 'grace', displayName: 'Grace Hopper' },
  createdAt: '2026-01-15T09:00:00.000Z',
};

describe('the announcement banner', () => {
  it('shows the announcement to visitors and remembers a dismissal of that announcement', async () => {
    const announcement = { text: 'Maintenance tonight at 22:00 UTC', level: 'warning' as const, until: null };
    mockServer({ handler: adminServer({ 'GET /api/site': site({ announcement }) }).handler });
    const { user, unmount } = renderApp('/pricing');
    const banner = await screen.findByRole('complementary', { name: 'Announcement' });
    expect(within(banner).getByText('Maintenance tonight at 22:00 UTC')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Hide this announcement' }));
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
    unmount();

    renderApp('/pricing');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Maintenance tonight at 22:00 UTC')).not.toBeInTheDocument();
  });

  it('shows a new announcement again after an earlier one was dismissed', async () => {
    window.localStorage.setItem('kaleido.announcement.dismissed', JSON.stringify(['Old news', 'info', null]));
    const announcement = { text: 'New plans are live', level: 'info' as const, until: null };
    mockServer({ handler: adminServer({ 'GET /api/site': site({ announcement }) }).handler });
    renderApp('/pricing');
    expect(await screen.findByText('New plans are live')).toBeInTheDocument();
  });

  it('hides an announcement whose end has passed', async () => {
    const announcement = {
      text: 'Yesterday’s news',
      level: 'info' as const,
      until: '2020-01-01T00:00:00.000Z',
    };
    mockServer({ handler: adminServer({ 'GET /api/site': site({ announcement }) }).handler });
    renderApp('/pricing');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByText('Yesterday’s news')).not.toBeInTheDocument());
  });
});

describe('sign-up modes', () => {
  it('promises the starting credits the administrator set', async () => {
    mockServer({ handler: adminServer({ 'GET /api/site': site({ startingCredits: 25 }) }).handler });
    renderApp('/auth?mode=signup');
    expect(await screen.findByText(/Start with 25 credits/)).toBeInTheDocument();
  });

  it('says sign-ups are closed instead of offering the form', async () => {
    mockServer({ handler: adminServer({ 'GET /api/site': site({ signupMode: 'closed' }) }).handler });
    renderApp('/auth?mode=signup');
    expect(await screen.findByRole('heading', { name: 'Sign-ups are closed' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('asks for an invite link while sign-ups are invite-only', async () => {
    mockServer({ handler: adminServer({ 'GET /api/site': site({ signupMode: 'invite-only' }) }).handler });
    renderApp('/auth?mode=signup');
    expect(await screen.findByRole('heading', { name: 'Sign-up by invitation' })).toBeInTheDocument();
  });

  it('opens sign-up from a valid invite link and sends its token', async () => {
    const bodies: unknown[] = [];
    mockServer({
      handler: (url, init) => {
        if (url === '/api/site') return site({ signupMode: 'invite-only' })();
        if (url === '/api/invites/tok-1') return ok({ valid: true });
        if (url === '/api/auth/signup') {
          bodies.push(JSON.parse(String(init?.body)));
          return refuse('Sign-ups are closed.', 'SIGNUPS_CLOSED', 403);
        }
        return undefined;
      },
    });
    const { user } = renderApp('/auth?invite=tok-1');
    expect(await screen.findByText('You were invited: create your account below.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ email: 'grace@example.com', inviteToken: 'tok-1' });
  });

  it('says so when the invite link no longer works', async () => {
    mockServer({
      handler: (url) =>
        url === '/api/site'
          ? site({ signupMode: 'invite-only' })()
          : url === '/api/invites/old'
            ? ok({ valid: false })
            : undefined,
    });
    renderApp('/auth?invite=old');
    expect(
      await screen.findByText(
        'This invite link has expired, been used up or been revoked. Ask for a new one.',
      ),
    ).toBeInTheDocument();
  });
});

describe('reporting a shared creation', () => {
  it('lets signed-in people report a community creation with a reason, once', async () => {
    let reported = false;
    const server = adminServer({
      'GET /api/gallery': () => ok([shared]),
      'POST /api/reports': () => {
        if (reported) return refuse('Already reported', 'ALREADY_REPORTED');
        reported = true;
        return ok(
          { id: 'r-1', itemId: 'asset-9', reason: 'spam', createdAt: '2026-01-15T09:00:00.000Z' },
          201,
        );
      },
    });
    mockServer({ user: TEST_USER, handler: server.handler });
    const { user } = renderApp('/gallery');
    const report = async () => {
      await user.click(await screen.findByRole('button', { name: 'Report this creation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Report this creation' });
      await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
      await user.type(within(dialog).getByLabelText('Anything to add? (optional)'), 'Posted ten times');
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      return dialog;
    };
    await report();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls[0]?.body).toEqual({ itemId: 'asset-9', reason: 'spam', note: 'Posted ten times' });
    const again = await report();
    expect(await within(again).findByText('You’ve already reported this creation.')).toBeInTheDocument();
  });

  it('offers no Report button to visitors', async () => {
    mockServer({ handler: adminServer({ 'GET /api/gallery': () => ok([shared]) }).handler });
    renderApp('/gallery');
    expect(await screen.findByRole('img', { name: /A red kite/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this creation' })).not.toBeInTheDocument();
  });
});
