import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type ToastApi, useToast } from '../../app/toast-provider';
import { type Translate, useT } from '../../i18n/use-t';
import { authKeys } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { type ReplayOutcome, replayQueue } from './offline-queue';
import { refreshPushSubscription } from './push';
import { onWorkerMessage } from './register';

/** What a replay did, in words a toast can carry. */
interface ReplayReport {
  sent: string[];
  refused: { label: string; message: string }[];
}

function reportOf(outcome: ReplayOutcome): ReplayReport {
  return {
    sent: outcome.sent.map((action) => action.data.label),
    refused: outcome.refused.map(({ action, message }) => ({ label: action.data.label, message })),
  };
}

/** Toasts what was sent when the connection came back, and refreshes what it changed. */
function announceReplay(report: ReplayReport, toast: ToastApi, queryClient: QueryClient, t: Translate): void {
  if (report.sent.length === 0 && report.refused.length === 0) return;
  if (report.sent.length > 0) {
    toast.success(t('pwa.replay.sent', { count: report.sent.length }), report.sent.join(' · '));
  }
  for (const { label, message } of report.refused) {
    toast.error(t('pwa.replay.refused'), label, message);
  }
  // Jobs started, assets deleted, settings changed, the balance moved: fetch them again.
  void queryClient.invalidateQueries({ queryKey: authKeys.all });
}

/**
 * Replays the offline queue when the connection comes back (and once at start, for actions left from
 * an earlier visit), and announces replays the service worker did through Background Sync. The
 * queue's claims make sure the worker and the page never both send one action.
 */
export function useOfflineSync(): void {
  const { user } = useUser();
  const toast = useToast();
  const t = useT();
  const queryClient = useQueryClient();
  const signedIn = user !== null;
  const context = useRef({ toast, queryClient, t });
  context.current = { toast, queryClient, t };

  useEffect(() => {
    if (!signedIn || typeof indexedDB === 'undefined') return;
    let running = false;
    const replay = async () => {
      if (running || !navigator.onLine) return;
      running = true;
      try {
        const outcome = await replayQueue();
        announceReplay(
          reportOf(outcome),
          context.current.toast,
          context.current.queryClient,
          context.current.t,
        );
      } catch (error) {
        console.error('[pwa] offline queue replay', error);
      } finally {
        running = false;
      }
    };
    void replay();
    void refreshPushSubscription();
    window.addEventListener('online', replay);
    const stop = onWorkerMessage((message) => {
      if (message.type !== 'QUEUE_REPLAYED') return;
      announceReplay(message.payload, context.current.toast, context.current.queryClient, context.current.t);
    });
    return () => {
      window.removeEventListener('online', replay);
      stop();
    };
  }, [signedIn]);
}
