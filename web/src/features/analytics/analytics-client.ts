import type { TAnalyticsEvent } from '@kaleido/common';
import { ANALYTICS_LIMITS, type TAnalyticsFeature } from '@kaleido/common/browser';

/**
 * First-party product analytics in the browser (DECISIONS, analyticsEnabled): page views and feature
 * use, batched and sent to POST /api/analytics/events every 10 s and when the page is hidden (fetch
 * with keepalive, same origin, so the server's CSRF check sees `Sec-Fetch-Site: same-origin`). Nothing
 * is collected unless the signed-in person has analytics on and the browser does not send Global
 * Privacy Control; the server checks both again, so it is the authority either way.
 */
export const ANALYTICS_PATH = '/api/analytics/events';

let enabled = false;
let queue: TAnalyticsEvent[] = [];

/** The coarse device class by viewport width (no user agent string is read or sent). */
function deviceClass(): TAnalyticsEvent['device'] {
  const width = typeof window === 'undefined' ? 1024 : window.innerWidth;
  return width < 640 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop';
}

/** True when the browser asks sites not to share or sell data (Global Privacy Control). */
export function globalPrivacyControl(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

/** Turns collection on or off; off drops whatever was waiting to be sent. */
export function setAnalyticsEnabled(on: boolean): void {
  enabled = on && !globalPrivacyControl();
  if (!enabled) queue = [];
}

export function analyticsEnabled(): boolean {
  return enabled;
}

function record(event: Omit<TAnalyticsEvent, 'at' | 'device'>): void {
  if (!enabled) return;
  // The path only: a query string can hold what people typed (a library search).
  const path = event.path.split(/[?#]/)[0]?.slice(0, ANALYTICS_LIMITS.pathMax) || '/';
  queue.push({ ...event, path, device: deviceClass(), at: new Date().toISOString() });
  if (queue.length >= ANALYTICS_LIMITS.batchMax) void flushAnalytics();
}

export function trackPageView(path: string): void {
  record({ name: 'page_view', path });
}

/** A feature was used: generation submitted, library searched, a file downloaded, a creation shared. */
export function trackFeature(feature: TAnalyticsFeature, type?: 'image' | 'video'): void {
  const path = typeof window === 'undefined' ? '/' : window.location.pathname;
  record({ name: 'feature_used', path, properties: type ? { feature, type } : { feature } });
}

/** Sends what was collected (in batches of at most 50); a failure drops it rather than retrying. */
export async function flushAnalytics(): Promise<void> {
  if (queue.length === 0) return;
  const pending = queue;
  queue = [];
  if (!enabled) return;
  for (let start = 0; start < pending.length; start += ANALYTICS_LIMITS.batchMax) {
    const events = pending.slice(start, start + ANALYTICS_LIMITS.batchMax);
    try {
      await fetch(ANALYTICS_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ events }),
      });
    } catch {
      // Analytics never get in the way: offline or refused, the events are dropped.
    }
  }
}

/** What is waiting to be sent (tests). */
export function pendingAnalytics(): readonly TAnalyticsEvent[] {
  return queue;
}
