import type { TApiKey, TApiKeyUsage, TKeyPlanId, TPlanId } from '@kaleido/common';
import { KEY_PLANS, KEY_PLANS_BY_ACCOUNT_PLAN, LIMITS } from '@kaleido/common/browser';
import { currentLocaleTag } from '../../i18n/locale-state';
import { dateFormat, formatDateWith } from '../../lib/format';

/** How many dots stand for the hidden rest of a key. */
const MASK_DOTS = 24;

/** The first 8 characters of a key, then dots (the spec's masked key). */
export function maskKey(keyPreview: string): string {
  return `${keyPreview.slice(0, LIMITS.maskedKeyVisibleChars)}${'•'.repeat(MASK_DOTS)}`;
}

/** `My Project Key` → `My_Project_Key_data.json`. */
export function exportFileName(name: string): string {
  return `${name.replace(/\s+/g, '_')}_data.json`;
}

/** The exported key data file (spec section 3): everything about the key except its secret. */
interface ApiKeyExport {
  name: string;
  description: string;
  plan: TKeyPlanId;
  credits: number;
  usageCount: number;
  rateLimit: { requestsPerMinute: number };
  permissions: string[];
  createdAt: string;
  lastUsed: string | null;
  usage: TApiKeyUsage | null;
}

export function exportData(key: TApiKey, usage: TApiKeyUsage | null): ApiKeyExport {
  // Field by field, so nothing else (least of all a secret) can slip into the file.
  return {
    name: key.name,
    description: key.description,
    plan: key.plan,
    credits: key.credits,
    usageCount: key.usageCount,
    rateLimit: { requestsPerMinute: key.rateLimit.requestsPerMinute },
    permissions: [...key.permissions],
    createdAt: key.createdAt,
    lastUsed: key.lastUsed,
    usage,
  };
}

export interface KeysSummary {
  /** Sum of usageCount. */
  totalRequests: number;
  /** Sum of the keys' remaining credits. */
  totalCredits: number;
  activeKeys: number;
  totalKeys: number;
  /**
   * Success rate over all keys, each key's rate weighted by its requests (usageCount); null while no
   * key with requests has its figures loaded.
   */
  successRate: number | null;
}

export function summarize(keys: readonly TApiKey[], usages: ReadonlyMap<string, TApiKeyUsage>): KeysSummary {
  let weighted = 0;
  let weight = 0;
  for (const key of keys) {
    const usage = usages.get(key.id);
    if (!usage || key.usageCount <= 0) continue;
    weighted += usage.successRate * key.usageCount;
    weight += key.usageCount;
  }
  return {
    totalRequests: keys.reduce((sum, key) => sum + key.usageCount, 0),
    totalCredits: keys.reduce((sum, key) => sum + key.credits, 0),
    activeKeys: keys.filter((key) => key.isActive).length,
    totalKeys: keys.length,
    successRate: weight > 0 ? Math.round((weighted / weight) * 10) / 10 : null,
  };
}

export type RateTone = 'good' | 'fair' | 'poor';

/** Green at 95 % or above, yellow at 90 % or above, red below (spec section 2). */
export function successRateTone(rate: number): RateTone {
  if (rate >= LIMITS.successRateGoodAtLeast) return 'good';
  if (rate >= LIMITS.successRateFairAtLeast) return 'fair';
  return 'poor';
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A rate out of 100 in the interface's language: `99.1%`, `100%` (`99,1 %` in German). */
export function formatPercent(rate: number): string {
  const locale = currentLocaleTag();
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    percentFormats.set(locale, format);
  }
  return format.format(rate / 100);
}

/** Credits remaining show red under 10. */
export function isLowOnCredits(credits: number): boolean {
  return credits < LIMITS.lowCreditWarningBelow;
}

/** Short date and time in the interface's language and the account's time zone: `3/4/26, 9:30 AM`. */
export function formatShortDateTime(value: string): string {
  return formatDateWith(value, { dateStyle: 'short', timeStyle: 'short' });
}

/**
 * A `YYYY-MM-DD` day of the usage figures (UTC days) as `Mon` and `Monday, March 2`, in the interface's
 * language.
 */
export function dayLabels(date: string): { short: string; long: string } {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return { short: date, long: date };
  return {
    short: dateFormat({ weekday: 'short', timeZone: 'UTC' }).format(day),
    long: dateFormat({ weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(day),
  };
}

export function keyPlanName(plan: TKeyPlanId): string {
  return KEY_PLANS.find((candidate) => candidate.id === plan)?.name ?? plan;
}

/** The key plans an account of this plan may create (DECISIONS: never above the account's tier). */
export function allowedKeyPlans(accountPlan: TPlanId) {
  const allowed = KEY_PLANS_BY_ACCOUNT_PLAN[accountPlan] ?? ['free'];
  return KEY_PLANS.filter((plan) => allowed.includes(plan.id));
}
