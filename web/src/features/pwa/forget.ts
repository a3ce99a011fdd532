import { clearQueue } from './offline-queue';
import { postToWorker } from './register';

/**
 * Sign-out (or account deletion): the worker's copies of the account's data and the actions it queued
 * offline are forgotten, so the next person on this device sees none of it.
 */
export async function forgetOfflineData(): Promise<void> {
  await postToWorker({ type: 'CLEAR_CACHE' });
  if (typeof indexedDB === 'undefined') return;
  try {
    await clearQueue();
  } catch (error) {
    console.error('[pwa] clear offline queue', error);
  }
}
