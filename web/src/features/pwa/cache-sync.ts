import { clearRuntimeCaches, writeCachePolicy } from './cache-policy';
import { postToWorker } from './register';

/**
 * Puts Settings → Cache into effect on this device: the policy is stored for the service worker's next
 * start and sent to the running worker (SET_CACHE_POLICY); off also empties the runtime caches from the
 * page, so they are gone even when no worker runs. Failures are logged only.
 */
export async function applyCachePolicy(cacheEnabled: boolean): Promise<void> {
  try {
    await writeCachePolicy({ cacheEnabled });
  } catch (error) {
    console.error('[pwa] store cache policy', error);
  }
  await postToWorker({ type: 'SET_CACHE_POLICY', cacheEnabled });
  if (!cacheEnabled) {
    try {
      await clearRuntimeCaches();
    } catch (error) {
      console.error('[pwa] clear caches', error);
    }
  }
}
