/**
 * Tracing as the rest of the server sees it. The OpenTelemetry SDK is loaded only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (main.ts → otel.ts, which installs its implementation here);
 * otherwise every call is a no-op and no OpenTelemetry module is ever imported.
 */
export type SpanAttributes = Record<string, string | number | boolean>;

export interface Tracing {
  readonly enabled: boolean;
  /** The active trace context as a W3C `traceparent`, to continue it later (a job a request enqueued). */
  capture(): string | null;
  /**
   * Runs `work` inside a new span: a child of `parent` (a captured `traceparent`) when given, else of
   * the active span. The span ends when `work` settles, marked as an error when it throws.
   */
  span<T>(
    name: string,
    attributes: SpanAttributes,
    work: () => Promise<T>,
    parent?: string | null,
  ): Promise<T>;
  /** Adds attributes to the active span (what a job turned out to be once claimed). */
  annotate(attributes: SpanAttributes): void;
  /** Exports what is still buffered and stops (at shutdown). */
  shutdown(): Promise<void>;
}

const noTracing: Tracing = {
  enabled: false,
  capture: () => null,
  span: (_name, _attributes, work) => work(),
  annotate: () => undefined,
  shutdown: async () => undefined,
};

// Kept on the global object: otel.js and server.js are separate bundles, each with its own copy of
// this module, and the one the bootstrap installs must be the one the server reads.
const SLOT = Symbol.for('kaleido.tracing');
const slot = globalThis as typeof globalThis & { [SLOT]?: Tracing };

/** The process's tracing: the OpenTelemetry one once otel.ts installed it, else the no-op. */
export function tracing(): Tracing {
  return slot[SLOT] ?? noTracing;
}

/** Installs the process's tracing (otel.ts at start; tests restore the no-op with null). */
export function installTracing(next: Tracing | null): void {
  slot[SLOT] = next ?? noTracing;
}
