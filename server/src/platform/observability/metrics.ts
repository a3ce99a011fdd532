import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of one app (GET /metrics). Labels are route templates, kinds, provider and
 * model ids and outcomes: never a URL, an e-mail, a prompt or an id of a person or a job.
 */
export interface Metrics {
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  jobs: Counter<'type' | 'provider' | 'model' | 'outcome'>;
  jobDuration: Histogram<'type' | 'provider' | 'model' | 'outcome'>;
  jobQueueWait: Histogram<'type'>;
  providerCallDuration: Histogram<'provider' | 'model' | 'outcome'>;
  credits: Counter<'operation'>;
  webhookDeliveries: Counter<'outcome'>;
  /** The text Prometheus scrapes: this app's metrics and the process's. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** What the gauges read when scraped (the database is the truth for the queue, shared by every process). */
export interface MetricSources {
  queue: () => Promise<{ depth: number; oldestQueuedAt: Date | null }>;
  providers: () => Promise<readonly { id: string; ok: boolean }[]>;
  now: () => Date;
}

const CREDIT_OPERATIONS = ['reserve', 'charge', 'refund'] as const;
export type CreditOperation = (typeof CREDIT_OPERATIONS)[number];

// Node process metrics (CPU, memory, event loop, GC) belong to the process, not to one app: collected
// once, into a registry every app's scrape merges.
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds: from a fast API answer to a long video render. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    httpRequests: new Counter({
      name: 'kaleido_http_requests_total',
      help: 'HTTP requests answered, by route template, method and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'kaleido_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route template, method and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    jobs: new Counter({
      name: 'kaleido_jobs_total',
      help: 'Generation jobs ended in this process, by type, provider, model and outcome',
      labelNames: ['type', 'provider', 'model', 'outcome'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'kaleido_job_duration_seconds',
      help: 'Time from the claim to the end of a job, by type, provider, model and outcome',
      labelNames: ['type', 'provider', 'model', 'outcome'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    jobQueueWait: new Histogram({
      name: 'kaleido_job_queue_wait_seconds',
      help: 'Time a job waited between its acceptance and a worker claiming it',
      labelNames: ['type'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    providerCallDuration: new Histogram({
      name: 'kaleido_provider_call_duration_seconds',
      help: 'Time of one provider call of a job, by provider, model and outcome',
      labelNames: ['provider', 'model', 'outcome'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    credits: new Counter({
      name: 'kaleido_credits_total',
      help: 'Credits reserved for jobs, charged and refunded, by operation',
      labelNames: ['operation'] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'kaleido_webhook_deliveries_total',
      help: 'Webhook delivery attempts, by outcome (delivered, retrying, failed)',
      labelNames: ['outcome'] as const,
      registers,
    }),
  };
  // Zero series from the start, so a rate() over a fresh process is defined.
  for (const operation of CREDIT_OPERATIONS) metrics.credits.inc({ operation }, 0);

  new Gauge({
    name: 'kaleido_queue_depth',
    help: 'Generation jobs accepted and waiting for a worker (every process of the installation)',
    registers,
    async collect() {
      this.set((await sources.queue()).depth);
    },
  });
  new Gauge({
    name: 'kaleido_queue_oldest_waiting_seconds',
    help: 'Age of the oldest generation job waiting for a worker (0 when none waits)',
    registers,
    async collect() {
      const { oldestQueuedAt } = await sources.queue();
      this.set(oldestQueuedAt ? Math.max(0, (sources.now().getTime() - oldestQueuedAt.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'kaleido_provider_up',
    help: 'Whether each generation provider answers its health check (1) or not (0)',
    labelNames: ['provider'] as const,
    registers,
    async collect() {
      this.reset();
      for (const state of await sources.providers()) this.set({ provider: state.id }, state.ok ? 1 : 0);
    },
  });

  return {
    ...metrics,
    async render() {
      const merged = Registry.merge([registry, processMetrics()]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
