import type { TGeneration, TGenerationType } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { authKeys } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { libraryKeys } from '../library/keys';
import { settingsQueryOptions } from '../settings/api';
import { useJobSound, useLowCreditAlert } from './in-app-alerts';
import { JobTracker, type TrackedJob } from './job-tracker';
import { activeJobsQueryOptions, fetchGeneration } from './jobs-api';

const JobsContext = createContext<JobTracker | null>(null);

function openEvents(url: string): EventSource | null {
  return typeof EventSource === 'function' ? new EventSource(url) : null;
}

/** How long a "your video is ready" toast stays (twice a normal toast: it carries an action). */
const READY_TOAST_MS = 10_000;

/**
 * Follows the signed-in person's generation jobs across pages: jobs still running when the app
 * loads are picked up again (a reload resumes them), and when a job ends the balance and the
 * library are refreshed. A job that ends while no generator page shows it is announced by a toast
 * (unless the account turned generation alerts off). The end of a job also sounds the chime (Settings →
 * Sounds), and a balance falling below the low mark is toasted (Settings → Credit alerts).
 */
export function GenerationJobsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const t = useT();
  const navigate = useNavigate();
  const { user } = useUser();
  const signedIn = user !== null;
  const settings = useQuery({ ...settingsQueryOptions(), enabled: signedIn });
  const alerts = settings.data?.generationAlerts ?? true;
  // Settings → Sounds: a chime when a job ends (after a user gesture); Credit alerts: a toast when the
  // balance falls below the low mark.
  const sound = useJobSound(settings.data?.soundEnabled ?? false);
  useLowCreditAlert(user?.credits ?? null, settings.data?.creditAlerts ?? false);

  const onFinished = useRef<(generation: TGeneration, watched: boolean) => void>(() => {});
  onFinished.current = (generation, watched) => {
    void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    if (generation.status === 'succeeded' || generation.status === 'failed') sound.play();
    if (watched || !alerts) return;
    const { type } = generation;
    if (generation.status === 'succeeded') {
      const assetId = generation.asset?.id;
      toast.toast({
        type: 'success',
        title: t('generate.jobs.ready', { type }),
        message: excerpt(generation.prompt),
        duration: READY_TOAST_MS,
        action: assetId
          ? {
              label: t('generate.jobs.view'),
              altText: t('generate.jobs.viewLabel', { type }),
              onClick: () => navigate(`${APP_ROUTES.library}?asset=${encodeURIComponent(assetId)}`),
            }
          : undefined,
      });
    } else if (generation.status === 'failed') {
      toast.error(
        t(type === 'image' ? 'generate.failed.image' : 'generate.failed.video'),
        excerpt(generation.prompt),
        generation.error ?? undefined,
      );
    }
  };

  const [tracker] = useState(
    () =>
      new JobTracker({
        fetchGeneration: (id) => fetchGeneration(id),
        openEvents,
        onFinished: (generation, { watched }) => onFinished.current(generation, watched),
      }),
  );

  // Jobs still running when the app starts (or after signing in): follow them again.
  const active = useQuery({ ...activeJobsQueryOptions(), enabled: signedIn });
  useEffect(() => {
    for (const generation of active.data ?? []) tracker.track(generation);
  }, [active.data, tracker]);

  // A different person (or nobody): forget the previous one's jobs.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    return () => tracker.reset();
  }, [userId, tracker]);

  return <JobsContext value={tracker}>{children}</JobsContext>;
}

function excerpt(prompt: string): string {
  return prompt.length > 90 ? `${prompt.slice(0, 88).trimEnd()}…` : prompt;
}

export function useJobTracker(): JobTracker {
  const tracker = useContext(JobsContext);
  if (!tracker) throw new Error('useJobTracker must be used within a GenerationJobsProvider');
  return tracker;
}

/** Every followed job, newest first. */
export function useTrackedJobs(): readonly TrackedJob[] {
  const tracker = useJobTracker();
  return useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
}

/** The job a generator page should show on arrival: one of its type still running, or just finished unseen. */
export function useJobToResume(type: TGenerationType): TrackedJob | undefined {
  return useTrackedJobs().find(
    (job) =>
      job.generation.type === type &&
      (!['succeeded', 'failed', 'cancelled'].includes(job.generation.status) || !job.seen),
  );
}

/** The current state of a followed job, while the calling page watches it. */
export function useWatchedJob(id: string | null): TGeneration | null {
  const tracker = useJobTracker();
  const jobs = useTrackedJobs();
  useEffect(() => (id ? tracker.watch(id) : undefined), [id, tracker]);
  return id ? (jobs.find((job) => job.generation.id === id)?.generation ?? null) : null;
}
