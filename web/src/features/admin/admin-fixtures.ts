import type {
  TAdminDashboard,
  TAdminJob,
  TAdminUser,
  TAdminUserDetail,
  TAuditEvent,
  TReviewItem,
  TSiteSettings,
} from '@kaleido/common';
import { type FetchHandler, jsonResponse, TEST_USER } from '../../test/render-app';
import type { CurrentUser } from '../auth/api';

/** Test data and a recording fake of the /api/admin routes, for the console's tests. */
export const ADMIN_USER: CurrentUser = {
  ...TEST_USER,
  id: 'admin-1',
  role: 'admin',
  email: 'root@example.com',
};

export const ok = (data: unknown, status = 200) => jsonResponse({ success: true, data }, status);
export const refuse = (error: string, code: string, status = 409) =>
  jsonResponse({ success: false, error, code }, status);

export function adminUser(overrides: Partial<TAdminUser> = {}): TAdminUser {
  return {
    id: 'user-2',
    email: 'grace@example.com',
    displayName: 'Grace Hopper',
    handle: 'grace',
    role: 'user',
    plan: 'free',
    credits: 40,
    creditsMonthly: 10,
    creditsPurchased: 30,
    disabledAt: null,
    emailVerified: true,
    twoFactorEnabled: true,
    createdAt: '2026-01-10T09:00:00.000Z',
    lastSeenAt: '2026-01-15T09:00:00.000Z',
    ...overrides,
  };
}

export function adminJob(overrides: Partial<TAdminJob> = {}): TAdminJob {
  return {
    id: 'job-1',
    userId: 'user-2',
    userEmail: 'grace@example.com',
    type: 'image',
    tool: 'generate',
    status: 'failed',
    prompt: 'A lighthouse at dusk',
    provider: 'sketch',
    model: 'sketch-v1',
    cost: 1,
    creditState: 'refunded',
    viaApiKey: false,
    error: 'The provider timed out',
    errorCode: 'PROVIDER_TIMEOUT',
    attempts: 1,
    createdAt: '2026-01-15T08:00:00.000Z',
    startedAt: '2026-01-15T08:00:01.000Z',
    finishedAt: '2026-01-15T08:00:31.000Z',
    ...overrides,
  };
}

export function userDetail(user: TAdminUser = adminUser()): TAdminUserDetail {
  return {
    user,
    ledger: [
      {
        id: 'l-1',
        kind: 'grant',
        delta: 10,
        balance: 40,
        reference: null,
        note: 'Welcome gift',
        createdAt: '2026-01-11T09:00:00.000Z',
      },
    ],
    jobs: [adminJob()],
    keys: [],
    sessions: [
      {
        id: 's-1',
        method: 'password',
        createdAt: '2026-01-15T08:00:00.000Z',
        lastSeenAt: '2026-01-15T09:00:00.000Z',
        expiresAt: '2026-02-15T08:00:00.000Z',
        ip: '203.0.113.5',
        userAgent: 'Firefox on Linux',
      },
    ],
    twoFactor: { totp: true, passkeys: 1, recoveryCodesLeft: 8 },
    lastAdministrator: false,
  };
}

export function dashboard(): TAdminDashboard {
  const days = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
    return {
      day,
      byStatus: {
        queued: 0,
        running: 0,
        succeeded: index === 29 ? 7 : 1,
        failed: index === 29 ? 2 : 0,
        cancelled: 0,
      },
      byType: { image: index === 29 ? 8 : 1, video: index === 29 ? 1 : 0 },
    };
  });
  return {
    generatedAt: new Date().toISOString(),
    people: { total: 12, new24h: 2, new30d: 9, active24h: 5, active30d: 11, disabled: 1, administrators: 1 },
    generationsByDay: days,
    credits: { spent30d: 321, granted30d: 150, bought30d: 500, outstanding: 999 },
    revenue: { currency: 'usd', last30dCents: 4_900, allTimeCents: 12_300, purchases30d: 3 },
    queue: { queued: 4, running: 1, oldestQueuedAt: new Date(Date.now() - 120_000).toISOString() },
    providers: [
      { id: 'sketch', healthy: true, detail: null, jobs24h: 20, failed24h: 1, errorRate24h: 0.05 },
      {
        id: 'comfyui',
        healthy: false,
        detail: 'Connection refused',
        jobs24h: 0,
        failed24h: 0,
        errorRate24h: null,
      },
    ],
    storage: { usedBytes: 5 * 1024 * 1024, assets: 42 },
  };
}

export function auditEvent(overrides: Partial<TAuditEvent> = {}): TAuditEvent {
  return {
    id: 'a-1',
    createdAt: '2026-01-15T09:30:00.000Z',
    action: 'user.credits.grant',
    actorId: 'admin-1',
    actorEmail: 'root@example.com',
    targetType: 'user',
    targetId: 'user-2',
    targetLabel: 'grace@example.com',
    before: { credits: 30 },
    after: { credits: 40 },
    reason: 'Conference prize',
    ip: '198.51.100.7',
    ...overrides,
  };
}

export function reviewItem(overrides: Partial<TReviewItem> = {}): TReviewItem {
  return {
    itemId: 'asset-9',
    type: 'image',
    url: '/files/asset-9.png',
    videoUrl: null,
    prompt: 'Something rude',
    author: {
      id: 'user-2',
      handle: 'grace',
      displayName: 'Grace Hopper',
      email: 'grace@example.com',
      disabled: false,
    },
    status: 'open',
    hidden: false,
    reportCount: 2,
    reports: [
      {
        id: 'r-1',
        reason: 'spam',
        note: 'Posted ten times',
        reporter: { id: 'user-3', displayName: 'Alan' },
        createdAt: '2026-01-15T09:00:00.000Z',
      },
    ],
    firstReportedAt: '2026-01-15T09:00:00.000Z',
    lastReportedAt: '2026-01-15T09:10:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function siteSettings(overrides: Partial<TSiteSettings> = {}): TSiteSettings {
  return {
    signupMode: 'open',
    startingCredits: 10,
    planModels: { free: null, pro: null, enterprise: null },
    announcement: null,
    models: [
      { id: 'sketch', name: 'Sketch', provider: 'sketch' },
      { id: 'flux', name: 'Flux', provider: 'fal' },
    ],
    version: 1,
    updatedAt: null,
    ...overrides,
  };
}

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
}

/** Answers by `routes` ("METHOD /path" → answer), recording every /api/admin and /api/reports call. */
export function adminServer(routes: Record<string, (body: unknown, url: URL) => Response>): {
  handler: FetchHandler;
  calls: Recorded[];
} {
  const calls: Recorded[] = [];
  const handler: FetchHandler = (input, init) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname.startsWith('/api/admin') || url.pathname.startsWith('/api/reports')) {
      calls.push({ method, url: `${url.pathname}${url.search}`, body });
    }
    const route = routes[`${method} ${url.pathname}`];
    return route ? route(body, url) : undefined;
  };
  return { handler, calls };
}
