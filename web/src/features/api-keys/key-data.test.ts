import type { TApiKey, TApiKeyUsage } from '@kaleido/common';
import { describe, expect, it } from 'vitest';
import {
  allowedKeyPlans,
  exportData,
  exportFileName,
  formatPercent,
  isLowOnCredits,
  maskKey,
  successRateTone,
  summarize,
} from './key-data';

const key = (overrides: Partial<TApiKey>): TApiKey => ({
  id: 'k',
  kind: 'developer',
  name: 'Key',
  description: '',
  plan: 'free',
  keyPreview: 'kal_live',
  credits: 10,
  usageCount: 0,
  rateLimit: { requestsPerMinute: 5 },
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsed: null,
  isActive: true,
  scopes: ['generate', 'library:read', 'account:read'],
  expiresAt: null,
  monthlySpendCap: null,
  spentThisMonth: 0,
  webhookUrl: null,
  previousKeyValidUntil: null,
  ...overrides,
});

const usage = (successRate: number): TApiKeyUsage => ({
  totalRequests: 1,
  last24Hours: 1,
  successRate,
  imageRequests: 1,
  videoRequests: 0,
  creditsUsed: 1,
  finishedGenerations: 1,
  succeededGenerations: successRate === 100 ? 1 : 0,
  requestsByDay: [],
});

describe('key data', () => {
  it('masks all but the first 8 characters', () => {
    expect(maskKey('kal_live_abcdef')).toMatch(/^kal_live•+$/);
  });

  it('names the export file after the key with underscores for spaces', () => {
    expect(exportFileName('My Project  Key')).toBe('My_Project_Key_data.json');
  });

  it('exports the listed fields only, never a secret', () => {
    const withSecret = { ...key({ name: 'A' }), key: 'kal_live_secret' } as TApiKey;
    const data = exportData(withSecret, null);
    expect(Object.keys(data)).toEqual([
      'name',
      'description',
      'plan',
      'credits',
      'usageCount',
      'rateLimit',
      'permissions',
      'createdAt',
      'lastUsed',
      'usage',
    ]);
    expect(JSON.stringify(data)).not.toContain('secret');
  });

  it('weights the success rate by each key’s requests and skips keys without figures', () => {
    const keys = [
      key({ id: 'a', usageCount: 9 }),
      key({ id: 'b', usageCount: 1 }),
      key({ id: 'c', usageCount: 50 }),
    ];
    const figures = new Map([
      ['a', usage(100)],
      ['b', usage(0)],
    ]);
    expect(summarize(keys, figures).successRate).toBe(90);
    expect(summarize(keys, new Map()).successRate).toBeNull();
    expect(summarize([], new Map())).toEqual({
      totalRequests: 0,
      totalCredits: 0,
      activeKeys: 0,
      totalKeys: 0,
      successRate: null,
    });
  });

  it('colours rates at the spec’s thresholds and flags credits under 10', () => {
    expect([100, 95, 94.9, 90, 89.9, 0].map(successRateTone)).toEqual([
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
    expect(formatPercent(87.5)).toBe('87.5%');
    expect(formatPercent(100)).toBe('100%');
    expect([isLowOnCredits(9), isLowOnCredits(10)]).toEqual([true, false]);
  });

  it('limits key plans to the account tier', () => {
    expect(allowedKeyPlans('free').map((plan) => plan.id)).toEqual(['free']);
    expect(allowedKeyPlans('pro').map((plan) => plan.id)).toEqual(['free', 'basic', 'pro']);
    expect(allowedKeyPlans('enterprise').map((plan) => plan.id)).toEqual([
      'free',
      'basic',
      'pro',
      'enterprise',
    ]);
  });
});
