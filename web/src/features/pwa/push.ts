import type { TPushSubscribeRequest } from '@kaleido/common';
import { api } from '../../lib/api-client';

/**
 * This browser's Web Push subscription (spec section 7): after the person allows notifications, the
 * subscription made with the server's VAPID key is sent to POST /api/push/subscribe. The server sends a
 * notification when a generation ends (if the account's desktop notifications and generation alerts
 * are on); the service worker shows it.
 */

const PUSH_PATHS = {
  publicKey: '/api/push/public-key',
  subscribe: '/api/push/subscribe',
  unsubscribe: '/api/push/unsubscribe',
} as const;

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

async function sendSubscription(subscription: PushSubscription): Promise<void> {
  await api.post(PUSH_PATHS.subscribe, subscription.toJSON() as TPushSubscribeRequest);
}

/** Asks for permission (inside a click), subscribes with the server's key and registers it. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const worker = await navigator.serviceWorker.ready;
  const existing = await worker.pushManager.getSubscription();
  const { publicKey } = await api.get<{ publicKey: string }>(PUSH_PATHS.publicKey);
  const subscription =
    existing ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await sendSubscription(subscription);
  return 'on';
}

/** Stops notifications on this browser (the server forgets the endpoint too). */
export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await api.post(PUSH_PATHS.unsubscribe, { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return pushState();
}

/**
 * At sign-in: a browser that already has a subscription registers it again for whoever is signed in
 * now (the server keeps one owner per endpoint). Errors are logged only.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  try {
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (subscription) await sendSubscription(subscription);
  } catch (error) {
    console.error('[pwa] push subscription', error);
  }
}
