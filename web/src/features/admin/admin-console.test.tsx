import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate } from '../../lib/format';
import { mockServer, renderApp, TEST_USER } from '../../test/render-app';
import {
  ADMIN_USER,
  adminJob,
  adminServer,
  adminUser,
  auditEvent,
  dashboard,
  ok,
  refuse,
  reviewItem,
  siteSettings,
  userDetail,
} from './admin-fixtures';

function open(path: string, routes: Parameters<typeof adminServer>[0], user = ADMIN_USER) {
  const server = adminServer(routes);
  mockServer({ user, handler: server.handler });
  const view = renderApp(path);
  return { ...view, calls: server.calls };
}

describe('who may open the console', () => {
  it('asks signed-out visitors to sign in', async () => {
    mockServer();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth',
    );
  });

  it('tells other accounts it is for administrators, and calls no admin route', async () => {
    const { calls, user } = open('/admin', {}, TEST_USER);
    expect(await screen.findByRole('heading', { name: 'Administrators only' })).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await screen.findByRole('menuitem', { name: 'Profile' });
    expect(screen.queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('offers the console in the user menu to administrators only', async () => {
    const { user } = open('/', { 'GET /api/admin/dashboard': () => ok(dashboard()) });
    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Administration' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('dashboard', () => {
  it('shows the figures and the charts’ numbers as tables', async () => {
    open('/admin', { 'GET /api/admin/dashboard': () => ok(dashboard()) });
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(within(figures).getByText('12')).toBeInTheDocument();
    expect(within(figures).getByText('2 new today · 9 in 30 days')).toBeInTheDocument();
    expect(within(figures).getByText('$49')).toBeInTheDocument();
    expect(within(figures).getByText(formatBytes(5 * 1024 * 1024))).toBeInTheDocument();
    const byStatus = screen.getByRole('table', { name: 'Generations per day by status' });
    expect(within(byStatus).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByText('Not answering')).toBeInTheDocument();
    expect(screen.getByText('5%')).toBeInTheDocument();
  });

  it('points an administrator without a second factor to set one up when the operator requires it', async () => {
    open('/admin', {
      'GET /api/admin/dashboard': () =>
        refuse('Administrators need a second factor.', 'ADMIN_SECOND_FACTOR_REQUIRED', 403),
    });
    expect(await screen.findByText('Administrators need a second factor.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up a second factor' })).toHaveAttribute(
      'href',
      '/profile?tab=settings',
    );
  });

  it('says why when the figures cannot be read, and tries again', async () => {
    let fail = true;
    const { user } = open('/admin', {
      'GET /api/admin/dashboard': () =>
        fail ? refuse('Administrator required', 'FORBIDDEN', 403) : ok(dashboard()),
    });
    expect(await screen.findByText('Administrator required')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Key figures' })).toBeInTheDocument();
  });
});

describe('people', () => {
  const page =
    (items = [adminUser()]) =>
    () =>
      ok({ items, total: items.length, page: 1, pageSize: 25 });

  it('lists people, searches by name or e-mail and sorts by a column', async () => {
    const { user, calls } = open('/admin/people', { 'GET /api/admin/users': page() });
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/admin/people/user-2',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grace');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('q=grace'));
    await user.click(screen.getByRole('button', { name: 'Credits' }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('sort=credits&order=desc'));
    expect(screen.getByRole('columnheader', { name: 'Credits' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('says when no one matches', async () => {
    const { user } = open('/admin/people', { 'GET /api/admin/users': page([]) });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'zz');
    expect(await screen.findByText('No one matches “zz”.')).toBeInTheDocument();
  });
});

describe('a person', () => {
  it('shows the balance, ledger, jobs and sessions', async () => {
    open('/admin/people/user-2', { 'GET /api/admin/users/user-2': () => ok(userDetail()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('10 monthly · 30 purchased')).toBeInTheDocument();
    expect(screen.getByText('Welcome gift')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'A lighthouse at dusk' })).toHaveAttribute(
      'href',
      '/admin/jobs/job-1',
    );
    expect(screen.getByText('Firefox on Linux')).toBeInTheDocument();
  });

  it('grants credits only with a reason, and shows the new balance', async () => {
    let person = adminUser();
    const { user, calls } = open('/admin/people/user-2', {
      'GET /api/admin/users/user-2': () => ok(userDetail(person)),
      'POST /api/admin/users/user-2/credits': (body) => {
        const { amount } = body as { amount: number };
        person = { ...person, credits: person.credits + amount };
        return ok({ user: person, entry: userDetail().ledger[0] });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Grant credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant credits' });
    await user.type(within(dialog).getByLabelText('Credits'), '25');
    expect(within(dialog).getByText('Balance afterwards: 65 credits')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect(within(dialog).getByText('Say why: the reason goes into the audit log.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Conference prize');
    await user.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      amount: 25,
      reason: 'Conference prize',
    });
    expect(await screen.findByText('65')).toBeInTheDocument();
  });

  it('deducts as a negative amount and keeps the dialog open with the server’s refusal', async () => {
    const { user, calls } = open('/admin/people/user-2', {
      'GET /api/admin/users/user-2': () => ok(userDetail()),
      'POST /api/admin/users/user-2/credits': () =>
        refuse('The balance cannot go below zero.', 'INSUFFICIENT_CREDITS'),
    });
    await user.click(await screen.findByRole('button', { name: 'Deduct credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deduct credits' });
    await user.type(within(dialog).getByLabelText('Credits'), '5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Refund abuse');
    await user.click(within(dialog).getByRole('button', { name: 'Deduct credits' }));
    expect(await within(dialog).findByText('The balance cannot go below zero.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      amount: -5,
      reason: 'Refund abuse',
    });
  });

  it('disables an account with a reason after a confirmation', async () => {
    let person = adminUser();
    const { user, calls } = open('/admin/people/user-2', {
      'GET /api/admin/users/user-2': () => ok(userDetail(person)),
      'POST /api/admin/users/user-2/disable': () => {
        person = { ...person, disabledAt: '2026-01-15T10:00:00.000Z' };
        return ok(person);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Grace Hopper?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByRole('button', { name: 'Enable account' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Spam' });
  });

  it('cannot demote the last administrator or disable itself', async () => {
    const me = adminUser({ id: ADMIN_USER.id, role: 'admin', displayName: 'Root' });
    open(`/admin/people/${ADMIN_USER.id}`, {
      [`GET /api/admin/users/${ADMIN_USER.id}`]: () => ok({ ...userDetail(me), lastAdministrator: true }),
    });
    expect(await screen.findByRole('button', { name: 'Remove administrator' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Disable account' })).toBeDisabled();
  });
});

describe('jobs', () => {
  it('filters by status and retries a failed job on the house', async () => {
    const { user, calls } = open('/admin/jobs', {
      'GET /api/admin/jobs': () => ok({ items: [adminJob()], nextCursor: null }),
      'GET /api/admin/jobs/job-1': () =>
        ok({ job: adminJob(), diagnostics: null, options: { style: 'ink' }, assetId: null, retries: [] }),
      'GET /api/admin/jobs/job-2': () =>
        ok({
          job: adminJob({ id: 'job-2', status: 'queued' }),
          diagnostics: null,
          options: {},
          assetId: null,
          retries: [],
        }),
      'POST /api/admin/jobs/job-1/retry': () => ok(adminJob({ id: 'job-2', status: 'queued' })),
    });
    await user.selectOptions(await screen.findByLabelText('Status'), 'failed');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('status=failed'));
    await user.click(await screen.findByRole('link', { name: 'A lighthouse at dusk' }));
    expect(
      await screen.findByText('No diagnostics were recorded for this job (debug mode was off).'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry this job?' });
    await user.click(within(dialog).getByRole('checkbox', { name: /On the house/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Cancel job' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ onTheHouse: true });
  });
});

describe('audit log', () => {
  it('lists events with their change and exports the same filters as CSV', async () => {
    const { user, calls } = open('/admin/audit', {
      'GET /api/admin/audit': () => ok({ items: [auditEvent()], nextCursor: null }),
    });
    expect(await screen.findByText('Credits granted')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Action'), 'user.disable');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('action=user.disable'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/audit?action=user.disable&format=csv',
    );
    await user.click(screen.getByRole('button', { name: 'Before and after' }));
    expect(screen.getByText('Conference prize')).toBeInTheDocument();
  });
});

describe('moderation', () => {
  it('saves the blocked terms as a whole list and shows a refused pattern', async () => {
    let refused = true;
    const { user, calls } = open('/admin/moderation', {
      'GET /api/admin/reports': () => ok({ items: [], nextCursor: null }),
      'GET /api/admin/blocked-terms': () =>
        ok({ terms: [{ term: 'badword', kind: 'word' }], updatedAt: null }),
      'PUT /api/admin/blocked-terms': (body) =>
        refused
          ? refuse('The pattern “(a+” is not a valid regular expression.', 'VALIDATION_FAILED', 400)
          : ok({ ...(body as object), updatedAt: '2026-01-15T10:00:00.000Z' }),
    });
    expect(await screen.findByText('Nothing to review: no open reports.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add a term' }));
    await user.type(screen.getByLabelText('Term 2'), '(a+');
    await user.selectOptions(screen.getByLabelText('Kind of term 2'), 'regex');
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    expect(
      await screen.findByText('The pattern “(a+” is not a valid regular expression.'),
    ).toBeInTheDocument();
    refused = false;
    await user.clear(screen.getByLabelText('Term 2'));
    await user.type(screen.getByLabelText('Term 2'), 'spam+');
    await user.click(screen.getByRole('button', { name: 'Save the list' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save the list' })).toBeDisabled());
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      terms: [
        { term: 'badword', kind: 'word' },
        { term: 'spam+', kind: 'regex' },
      ],
    });
  });

  it('hides a reported item and disables its author', async () => {
    const { user, calls } = open('/admin/moderation', {
      'GET /api/admin/reports': () => ok({ items: [reviewItem()], nextCursor: null }),
      'GET /api/admin/blocked-terms': () => ok({ terms: [], updatedAt: null }),
      'POST /api/admin/reports/asset-9/decision': () =>
        ok({ itemId: 'asset-9', status: 'hidden', hidden: true, authorDisabled: true }),
    });
    expect(await screen.findByText('Posted ten times')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this creation?' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Also disable the account of Grace Hopper' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      decision: 'hide',
      disableAuthor: true,
    });
  });
});

describe('site settings', () => {
  it('saves the whole set: sign-ups, starting credits, a plan’s models and the announcement', async () => {
    const { user, calls } = open('/admin/settings', {
      'GET /api/admin/site-settings': () => ok(siteSettings()),
      'PUT /api/admin/site-settings': (body) => ok({ ...siteSettings(), ...(body as object), version: 2 }),
      'GET /api/admin/invites': () => ok([]),
      'GET /api/admin/announcement-emails': () => ok([]),
    });
    await user.click(await screen.findByRole('radio', { name: /Invite only/ }));
    const credits = screen.getByLabelText('Starting credits for new accounts');
    await user.clear(credits);
    await user.type(credits, '25');
    const free = await screen.findByRole('group', { name: 'Free' });
    await user.click(within(free).getByRole('checkbox', { name: 'Every model' }));
    await user.click(within(free).getByRole('checkbox', { name: 'Flux fal' }));
    await user.type(screen.getByLabelText('Text'), 'Maintenance tonight');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      signupMode: 'invite-only',
      startingCredits: 25,
      planModels: { free: ['sketch'], pro: null, enterprise: null },
      announcement: { text: 'Maintenance tonight', level: 'info', until: null },
    });
  });

  it('shows a new invite link once', async () => {
    const invite = {
      id: 'i-1',
      note: 'Team',
      expiresAt: '2026-01-22T09:00:00.000Z',
      maxUses: 3,
      uses: 0,
      status: 'active',
      revokedAt: null,
      createdAt: '2026-01-15T09:00:00.000Z',
      createdBy: null,
    };
    const { user, calls } = open('/admin/settings', {
      'GET /api/admin/site-settings': () => ok(siteSettings({ signupMode: 'invite-only' })),
      'GET /api/admin/invites': () => ok(calls.some((call) => call.method === 'POST') ? [invite] : []),
      'POST /api/admin/invites': () =>
        ok({ invite, token: 'tok', url: 'http://localhost/auth?invite=tok' }, 201),
      'GET /api/admin/announcement-emails': () => ok([]),
    });
    await user.type(await screen.findByLabelText('Note (only you see it)'), 'Team');
    await user.clear(screen.getByLabelText('Sign-ups'));
    await user.type(screen.getByLabelText('Sign-ups'), '3');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByTestId('invite-url')).toHaveTextContent('http://localhost/auth?invite=tok');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      expiresInDays: 7,
      maxUses: 3,
      note: 'Team',
    });
    expect(
      await screen.findByText(`0 of 3 used · until ${formatDate('2026-01-22T09:00:00.000Z')}`),
    ).toBeInTheDocument();
  });

  it('sends an announcement e-mail after a confirmation and follows its progress', async () => {
    let polls = 0;
    const sending = {
      id: 'e-1',
      subject: 'New models',
      status: 'sending',
      total: 3,
      sent: 1,
      failed: 0,
      createdAt: '2026-01-15T09:00:00.000Z',
      finishedAt: null,
    };
    const { user, calls } = open('/admin/settings', {
      'GET /api/admin/site-settings': () => ok(siteSettings()),
      'GET /api/admin/invites': () => ok([]),
      'GET /api/admin/announcement-emails': () => {
        if (!calls.some((call) => call.method === 'POST')) return ok([]);
        polls += 1;
        return ok([
          polls > 1 ? { ...sending, status: 'done', sent: 3, finishedAt: sending.createdAt } : sending,
        ]);
      },
      'POST /api/admin/announcement-emails': () => ok(sending, 202),
    });
    expect(await screen.findByText('No announcement e-mails sent yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), 'New models');
    await user.type(screen.getByLabelText('Message'), 'Flux is here.');
    await user.click(screen.getByRole('button', { name: 'Send to consenting people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this announcement?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to consenting people' }));
    expect(await screen.findByText(/1 sent, 0 failed, of 3/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      subject: 'New models',
      body: 'Flux is here.',
    });
    expect(
      await screen.findByText(/3 sent, 0 failed, of 3/, undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of “New models”' })).toHaveAttribute(
      'value',
      '3',
    );
  });
});
